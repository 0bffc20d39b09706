import SubscriptionModel

/// `matches-reference`: steps the reference engine beside an implementation under test
/// and reports the first event whose output a user could tell apart from the
/// reference's, naming the differing fields.
///
/// A safety net behind the trace invariants (which pin every shown field on their
/// own): it fires when the checker's oracle and the reference engine disagree, which
/// means one of them has a bug worth a look.
package struct ReferenceComparison {
    /// The reference engine, as an implementation.
    package private(set) var reference = ReferenceImplementation()
    /// How outputs are compared.
    package let comparison: OutputComparison

    /// A comparison under `policy`.
    package init(policy: SubscriptionPolicy) {
        self.comparison = OutputComparison(policy: policy)
    }

    /// Starts a new user whose device is in `zone`.
    package mutating func start(zone: TimeZoneRules) {
        reference.start(policy: comparison.policy, zone: zone)
    }

    /// Steps the reference with `event` and compares its output with `output`, the
    /// implementation's for the same event (event number `index`).
    package mutating func compare(_ event: Event, _ output: Output, index: Int) -> Violation<Invariant>? {
        let expected = reference.handle(event)
        guard expected != output else { return nil }
        let differences = comparison.differences(expected, output, "reference", "implementation")
        guard !differences.isEmpty else { return nil }
        return Violation<Invariant>(invariant: .matchesReference, eventIndex: index,
                               detail: "differs from the reference engine: " + differences.joined(separator: "; "))
    }
}
