import SubscriptionModel

/// `deterministic` for one user of a policy: regenerating and replaying gives the same
/// timeline and the same outputs. A campaign samples users for it; the comparison lives
/// here so it can be tested on hand-made differences.
package enum PolicyDeterminismCheck {
    /// One generation and replay of a user.
    package struct Sample: Sendable {
        /// The starting zone.
        package var zone: TimeZoneRules
        /// The events.
        package var events: [PolicyEvent]
        /// The outputs' fingerprint.
        package var digest: OutputDigest

        /// Creates a sample.
        package init(zone: TimeZoneRules, events: [PolicyEvent], digest: OutputDigest) {
            self.zone = zone
            self.events = events
            self.digest = digest
        }
    }

    /// The violation when the two samples of user `user` differ.
    package static func compare(_ first: Sample, _ second: Sample, user: Int) -> PolicyViolation? {
        if first.zone != second.zone {
            return PolicyViolation(invariant: .deterministic, eventIndex: 0,
                                   detail: "regenerating user \(user) gave zone \(second.zone.identifier), first \(first.zone.identifier)")
        }
        if first.events != second.events {
            let index = first.events.indices.first { $0 >= second.events.count || first.events[$0] != second.events[$0] } ?? first.events.count
            return PolicyViolation(invariant: .deterministic, eventIndex: index,
                                   detail: "regenerating user \(user) gave a different timeline from event \(index) (\(first.events.count) events, then \(second.events.count))")
        }
        if first.digest != second.digest {
            return PolicyViolation(invariant: .deterministic, eventIndex: max(0, first.events.count - 1),
                                   detail: "replaying user \(user) again gave different outputs (digest \(first.digest.value) then \(second.digest.value))")
        }
        return nil
    }
}
