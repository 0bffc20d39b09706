import SubscriptionModel
import SimulatorCore

/// A deliberately buggy implementation of one shipped policy: one real-world mistake,
/// documented, that the harness must catch, with the smallest timeline that shows it.
package protocol Mutant: QuotaApp {
    /// A short name for the kill matrix.
    static var name: String { get }
    /// The mistake, as a reviewer would describe it.
    static var mistake: String { get }
    /// The shipped policy it implements (`daa-tiers`, ...).
    static var policyName: String { get }
    /// Events in the smallest timeline that shows the bug (the install counts): the
    /// shrunk counterexample of a kill must be no longer than this plus two.
    static var smallestCounterexample: Int { get }
    /// A timeline of `smallestCounterexample` events on whose last event, and not
    /// before, the mutant's observation differs from `SubscriptionMachine`'s.
    static var counterexample: Timeline { get }
    /// Whether the bug shows only in the screens the mutant computes itself
    /// (`screens(of:policy:)`), not in its `Output`: a checker that renders every
    /// implementation's screens from its output with `SubscriptionMachine` cannot see it.
    static var showsOnlyInItsOwnScreens: Bool { get }
    /// A mutant with a store for its policy.
    init()
}

extension Mutant {
    /// Most bugs show in the output itself.
    package static var showsOnlyInItsOwnScreens: Bool { false }

    /// The store every mutant starts from (replaced at `start`).
    package static var freshStore: QuotaAppData {
        guard let policy = PolicyLoader.builtIn(policyName) else { fatalError("no built-in policy \(policyName)") }
        return QuotaAppData(policy: policy, zone: .utc)
    }

    /// A counterexample under the mutant's own policy.
    static func sketch(zone: String, _ lines: [(String, TimelineSketch.Step)]) -> Timeline {
        TimelineSketch.timeline(policyName, zone: zone, lines)
    }
}
