import SubscriptionModel

/// What a policy run counts of each checked event: its coverage categories and its
/// behaviour, one increment per event in a flat table of (persona, plan, outcome),
/// where the outcome slot is 0 for an event that is not a use, 1 for an allowed use and
/// `2 + reason` for a blocked one. Copies share nothing: a run keeps one per worker.
package struct RunObserver: TraceObserver {
    package typealias Rules = PolicyRules

    /// The coverage categories reached.
    package var coverage: CoverageTracker
    /// Counts by `(persona × plans + plan) × slots + slot`.
    package private(set) var table: [Int]
    private let planSlots: Int
    /// `slots`, held here: a static `let` is read through `swift_once` at every event.
    private let slots = RunObserver.slots
    private var personaBase = 0

    /// Outcome slots per plan: not a use, allowed, and one per reason (stored: reading
    /// `allCases` builds its array, and this is read at every event).
    package static let slots = 2 + BlockReason.allCases.count

    /// An observer for `policy`.
    package init(policy: SubscriptionPolicy) {
        coverage = CoverageTracker(policy: policy)
        planSlots = policy.plans.count + 1
        table = [Int](repeating: 0, count: Persona.allCases.count * planSlots * Self.slots)
    }

    /// A new user.
    package mutating func begin(zone: TimeZoneRules, persona: Persona) {
        personaBase = persona.position * planSlots * slots
        coverage.begin(zone: zone)
    }

    /// One event and its output.
    @inline(__always)
    package mutating func observe(_ event: Event, _ output: Output) {
        coverage.observe(event, output)
        let plan = output.plan ?? (planSlots - 1)
        let slot: Int = switch output.outcome {
        case nil: 0
        case .allowed?: 1
        case .blocked?: 2 + (output.reason?.rawValue ?? 0)
        }
        table[personaBase + plan * slots + slot] += 1
    }

}
