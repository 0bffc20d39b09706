import SimulatorCore
/// The invariants the simulator checks on every timeline, each computed from the
/// trace (events in, outputs out) and never from an implementation's own state.
///
/// The first seven are `docs/rules.md`'s numbered invariants; the last two pin down
/// the remaining columns of the replay contract (`plan`, `used`) so that every field
/// an implementation reports is checked by something.
public enum FlagshipInvariant: String, Hashable, Sendable, CaseIterable, Comparable {
    /// rules.md 1 (T3, capture table): every analysis allowed under Trial or Premium
    /// is among the first 10 allowed on its usage day; under Unlimited among the first 50.
    case limitRespected = "limit-respected"
    /// rules.md 2 (P1, T2): no analysis is allowed without a paid entitlement at or after `I + 72 h`.
    case noFreePlan = "no-free-plan"
    /// rules.md 3 (U2, U3): the usage day is the later of the last counted analysis's day
    /// and the local date now; it never moves backward and advances only to the local date.
    case usageDay = "usage-day"
    /// rules.md 4: an attempt under a plan whose limit the usage day has not reached is allowed.
    case noOverBlocking = "no-over-blocking"
    /// rules.md 5 (L1, L2, L3, capture table): label, PlanView box, limit and alert are
    /// exactly the policy's strings and agree with what the next attempt would do.
    case exactTexts = "exact-texts"
    /// rules.md 6 (T1, U3, U5): a `look` or a `reinstall` leaves every later output as it
    /// would be without it.
    case lookAndReinstallChangeNothing = "look-and-reinstall-change-nothing"
    /// rules.md 7: the same seed gives the same timeline and outputs when regenerated.
    case deterministic
    /// P1, P2, T2: the plan is the entitlement's, else Trial within `[I, I + 72 h)`, else None.
    case planFollowsEntitlement = "plan-follows-entitlement"
    /// U1, U4, U5: `used` is the number of analyses counted on the usage day.
    case usedCountsAnalyses = "used-counts-analyses"
    /// Every field of every output equals the reference model's (when an implementation
    /// other than the model is checked: `simulate check`, `simulate mutants`).
    case matchesReference = "matches-reference"

    /// The rule ids the invariant protects: `#N` is invariant N of `docs/rules.md`.
    public var rules: String {
        switch self {
        case .limitRespected: "#1; T3, capture table"
        case .noFreePlan: "#2; P1, T2"
        case .usageDay: "#3; U2, U3"
        case .noOverBlocking: "#4; capture table"
        case .exactTexts: "#5; L1, L2, L3"
        case .lookAndReinstallChangeNothing: "#6; T1, U3, U5"
        case .deterministic: "#7"
        case .planFollowsEntitlement: "P1, P2, T2"
        case .usedCountsAnalyses: "U1, U4, U5"
        case .matchesReference: "all rules: the reference model"
        }
    }

    /// The invariants computed from the trace alone (all but `matchesReference`).
    package static let traceInvariants = allCases.filter { $0 != .matchesReference }

    /// Orders invariants as declared (rules.md's order first).
    public static func < (lhs: FlagshipInvariant, rhs: FlagshipInvariant) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
