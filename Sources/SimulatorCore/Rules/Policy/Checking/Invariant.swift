import SubscriptionModel

/// The invariants the simulator checks on every timeline of any policy, each computed
/// from the trace (events in, outputs out) and the policy's data, never from an
/// implementation's own state (`TraceChecker`).
///
/// Together they pin every field the generic replay contract shows, so exactly one
/// output passes them all at each event; each names the rules it protects
/// (`docs/policies.md`), so a broken one points at the rule a reviewer should read.
public enum Invariant: String, Hashable, Sendable, CaseIterable, Comparable {
    /// G4, G6.4: every allowed use of a consuming feature is within each window's limit
    /// of the plan in force (the count before it and the use's cost stay within the
    /// limit), hidden limits included, or was paid by credits held for its meter, one
    /// per unit of its cost.
    case limitsRespected = "limits-respected"
    /// G5.5, G6.1–G6.3: nothing is allowed under `none`, for a feature the plan does not
    /// enable, or for a diary day before the plan's history window.
    case nothingBeyondPlan = "nothing-beyond-plan"
    /// G2, G3: the usage day is the later of the last counted use's day and the local
    /// date in the policy's calendar; no move of the clock or the zone moves it back.
    case usageDay = "usage-day"
    /// G4, G6: a use is blocked only when G6 blocks it, and for the first reason in G6's
    /// order (the most lasting first); a releasing use is never blocked.
    case noOverBlocking = "no-over-blocking"
    /// G7: a blocked use gets exactly the policy's response for (plan, reason), with its
    /// own alert texts; an allowed use and every other event get none.
    case exactResponses = "exact-responses"
    /// G10, G12: every screen value is the policy's expression evaluated on the plan, the
    /// counts in force, the entitlement last reported and the device's zone.
    case exactScreens = "exact-screens"
    /// G1, G11: a `look`, a `reinstall` and every moment of the app's own life (a
    /// `relaunch`, a trip to the `background` and back, a `timer`) leave every later
    /// output as it would be without them (`Event.Action.changesNothing`). The id keeps
    /// the name it had before the app's moments joined it.
    case lookAndReinstallChangeNothing = "look-and-reinstall-change-nothing"
    /// The same seed gives the same timeline and the same outputs when regenerated.
    case deterministic
    /// G1, G5: the plan is the entitlement's product's, else the trial's while it lasts,
    /// else the grace's for users installed before its cut-off, else the default of the
    /// identity (registered for good after a sign-in), else `none`.
    case planInForce = "plan-in-force"
    /// G1, G3, G4: each meter's counts are those recomputed from the allowed uses seen:
    /// every window adds a counted use's cost (1 unless its feature says more; `week`
    /// only under a policy with a week limit), a release gives one item of stock back,
    /// `day` reads 0 on a later usage day, `month` in a later month, `week` in a later
    /// week, `total` and
    /// `stock` never reset, and nothing (a sign-in, a purchase, a reinstall) changes them.
    case countsFollowUses = "counts-follow-uses"
    /// G8: a use blocked by `day` (`month`, `week`) reports the first instant after it at
    /// which the calendar's local date (month, week) is later than the usage day's; any other output
    /// reports none.
    case resetAt = "reset-at"
    /// G9: a blocked use offers exactly the paid plans ranked above the plan in force
    /// (every paid plan when it is not paid) under which the same use would be allowed,
    /// in rank order; any other output offers nothing.
    case upgradeOffer = "upgrade-offer"
    /// Credit packs: each meter's credits are those recomputed from the trace: a purchase
    /// adds its pack's credits, a refund takes back the pack's credits still held (never
    /// below 0), a use that went ahead past a limit took its cost, and nothing else (a day, a
    /// reinstall, a sign-in) changes them; so none is lost, doubled or negative.
    case creditsKept = "credits-kept"
    /// Every field the contract shows equals the reference engine's (when an
    /// implementation other than the reference is checked).
    case matchesReference = "matches-reference"

    /// The rule ids the invariant protects under every policy (`docs/policies.md`);
    /// `rules(under:)` keeps those of one policy.
    public var rules: String {
        switch self {
        case .limitsRespected: "G4, G6.4; U1, D4, X1, X2, X4, F1"
        case .nothingBeyondPlan: "G5.5, G6.1–G6.3; P1, D6, X3"
        case .usageDay: "G2, G3; U2, U3, D1, Q1, X1"
        case .noOverBlocking: "G4, G6; D4, X1, X2, X3, X4, F1"
        case .exactResponses: "G7; D1, X4"
        case .exactScreens: "G10, G12; L1, L2, X5, F1"
        case .lookAndReinstallChangeNothing: "G1, G11"
        case .deterministic: "the simulator's seeds"
        case .planInForce: "G1, G5; P1, P2, T2, D2, D3, F1"
        case .countsFollowUses: "G1, G3, G4; U1, D4, X1, X2, F1"
        case .resetAt: "G8; D1"
        case .upgradeOffer: "G9"
        case .creditsKept: "G13"
        case .matchesReference: "G1–G13: the reference engine"
        }
    }

    /// The rule ids the invariant protects under `policy`: the general ids, and the
    /// decision ids of the shipped policy it is (`U1`, `Q1`, ...); a policy of a team's
    /// own, or a shipped one changed in any way (a rule, a text, a `--storekit` file's
    /// products), gets the general ids alone, so a message never cites a decision that
    /// may not be the policy's.
    public func rules(under policy: SubscriptionPolicy) -> String {
        let parts = rules.components(separatedBy: "; ")
        guard parts.count == 2 else { return rules }
        let prefixes = SubscriptionPolicy.named(policy.name) == policy ? Self.decisionPrefixes[policy.name] ?? [] : []
        let own = parts[1].components(separatedBy: ", ").filter { $0.first.map(prefixes.contains) ?? false }
        return own.isEmpty ? parts[0] : parts[0] + "; " + own.joined(separator: ", ")
    }

    /// The first letter of each shipped policy's decision ids (`docs/policies.md`).
    private static let decisionPrefixes: [String: Set<Character>] = [
        "meal-capture": ["T", "U", "P", "L"], "daa-tiers": ["D"], "oxalate": ["X"], "daily-quip": ["Q"], "face-recall": ["F"],
    ]

    /// The invariants computed from the trace alone (all but `matchesReference`).
    package static let traceInvariants = allCases.filter { $0 != .matchesReference }

    /// Orders invariants as declared.
    public static func < (lhs: Invariant, rhs: Invariant) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
