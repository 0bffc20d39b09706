import SubscriptionModel

/// The `deterministic` invariant for one user, under any rule set: regenerating and
/// replaying the user gives the same zone, the same timeline and the same outputs. A
/// campaign samples users for it; the comparison lives here so it can be tested on
/// hand-made differences.
package enum DeterminismCheck<Rules: RuleSet> {
    /// One generation and replay of a user.
    package struct Sample: Sendable {
        /// The starting zone.
        package var zone: TimeZoneRules
        /// The events.
        package var events: [Rules.Event]
        /// The outputs' fingerprint.
        package var digest: OutputDigest

        /// Creates a sample.
        package init(zone: TimeZoneRules, events: [Rules.Event], digest: OutputDigest) {
            self.zone = zone
            self.events = events
            self.digest = digest
        }
    }

    /// The violation when the two samples of user `user` differ.
    package static func compare(_ first: Sample, _ second: Sample, user: Int) -> Violation<Rules.Invariant>? {
        if first.zone != second.zone {
            return Violation(invariant: .deterministic, eventIndex: 0,
                             detail: "regenerating user \(user) gave zone \(second.zone.identifier), first \(first.zone.identifier)")
        }
        if first.events != second.events {
            let index = first.events.indices.first { $0 >= second.events.count || first.events[$0] != second.events[$0] } ?? first.events.count
            return Violation(invariant: .deterministic, eventIndex: index,
                             detail: "regenerating user \(user) gave a different timeline from event \(index) (\(first.events.count) events, then \(second.events.count))")
        }
        if first.digest != second.digest {
            return Violation(invariant: .deterministic, eventIndex: max(0, first.events.count - 1),
                             detail: "replaying user \(user) again gave different outputs (digest \(first.digest.value) then \(second.digest.value))")
        }
        return nil
    }
}
