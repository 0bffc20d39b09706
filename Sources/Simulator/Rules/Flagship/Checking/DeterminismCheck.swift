import SubscriptionModel

/// rules.md #7 for one user: regenerating and replaying gives the same timeline and
/// the same outputs. The run samples users for it; the comparison lives here so it can
/// be tested on hand-made differences.
package enum DeterminismCheck {
    /// One generation and replay of a user.
    package struct Sample {
        /// The starting zone.
        package var zone: TimeZoneRules
        /// The events.
        package var events: [Event]
        /// The outputs' fingerprint.
        package var digest: OutputDigest

        /// Creates a sample.
        package init(zone: TimeZoneRules, events: [Event], digest: OutputDigest) {
            self.zone = zone
            self.events = events
            self.digest = digest
        }
    }

    /// The violation when the two samples of user `user` differ.
    package static func compare(_ first: Sample, _ second: Sample, user: Int) -> Violation? {
        if first.zone != second.zone || first.events != second.events {
            let index = first.events.indices.first { $0 >= second.events.count || first.events[$0] != second.events[$0] } ?? first.events.count
            return Violation(invariant: .deterministic, eventIndex: index, detail: "regenerating user \(user) gave a different timeline (from event \(index))")
        }
        if first.digest != second.digest {
            return Violation(invariant: .deterministic, eventIndex: max(0, first.events.count - 1), detail: "replaying user \(user) again gave different outputs")
        }
        return nil
    }
}
