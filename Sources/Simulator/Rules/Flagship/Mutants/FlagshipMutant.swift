import SubscriptionModel
import SimulatorCore

/// A deliberately buggy quota implementation: one real-world mistake, documented, that
/// the harness must catch. `simulate mutants` runs the default campaign against each.
package protocol FlagshipMutant: FlagshipQuotaApp {
    /// A short name for the kill matrix.
    static var name: String { get }
    /// The mistake, as a reviewer would describe it.
    static var mistake: String { get }
    /// Events in the smallest timeline that shows the bug (the install counts): the
    /// shrunk counterexample must be no longer than this plus two.
    static var smallestCounterexample: Int { get }
    /// Events in the smallest timeline that shows the bug through `invariant`, when that
    /// is longer than `smallestCounterexample` (nil otherwise). The shrinker keeps the
    /// invariant the hunt caught the mutant by, so this is the yardstick for that kill.
    static func smallestCounterexample(through invariant: FlagshipInvariant) -> Int?
    /// A mutant for the flagship policy.
    init()
}

extension FlagshipMutant {
    /// By default, every invariant the bug breaks can show it as briefly.
    package static func smallestCounterexample(through invariant: FlagshipInvariant) -> Int? { nil }

    /// The store every mutant starts from.
    static var freshStore: QuotaStore { QuotaStore(zone: .utc, rules: CompiledPolicy(.mealCapture)) }
}
