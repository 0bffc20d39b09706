/// How a policy computes one screen value (G10) from the plan in force, the counts in
/// force and the entitlement: a small tree read from the policy file (`docs/policy-file.md`).
///
/// Choices by plan and by product are resolved when the file is read into one branch per
/// plan (or product), so showing a screen is a walk down the tree with no lookups by name.
/// A branch the file writes once (an `else` that several plans or products fall to) is
/// held once (`ScreenBranches`), so an expression is as large as the text that writes it,
/// however deeply its choices nest.
package indirect enum ScreenExpression: Hashable, Sendable {
    /// JSON `null`.
    case null
    /// A text; placeholders only inside `meter` (numbers) and `expiry` (the date).
    case text(ScreenTemplate)
    /// One branch per plan index, then one for no plan (`none`).
    case byPlan(ScreenBranches)
    /// One branch per product index, then one for no entitlement.
    case byProduct(ScreenBranches)
    /// The display name of the plan in force (`none` under no plan).
    case planName
    /// A choice by the state of a meter under the plan in force, read in its deciding
    /// window (`ScreenMeter.deciding`): `unlimited` when the plan shows no limit for any
    /// of the screen's windows (none, or a hidden one); else `reached` when the count in
    /// force is at least the limit; else `warning` when it is at least `warningPercent` %
    /// of it; else `below`. Under no plan every limit reads 0 (nothing is allowed), so the
    /// state is `reached`.
    case meter(ScreenMeter)
    /// `one` when the number is 1, else `other` (only inside `meter`).
    case plural(ScreenNumber, one: ScreenTemplate, other: ScreenTemplate)
    /// The entitlement's `expires` as a local date in the device's current zone (X5):
    /// `renewing` when it renews, else `ending`; null without an entitlement or an `expires`.
    case expiry(renewing: ScreenTemplate, ending: ScreenTemplate)
    /// A usage bar: `{"used": min(used, limit), "limit": limit}` for a meter window with a
    /// shown limit (of several, format 11, the deciding one: `ScreenMeter.deciding`); null
    /// otherwise.
    case bar(meter: Int, windows: [LimitWindow])
    /// A box with a fixed text: `{"text": ...}`.
    case boxText(String)
    /// The ids of the listed meters whose count in `window` is at least `percent` % of the
    /// plan's shown limit, in the listed order; `[]` when none.
    case metersInWarning(meters: [Int], window: LimitWindow, percent: Int)
}

/// The branches of a `byPlan` or `byProduct` screen expression: one per slot (each plan
/// index, then no plan; or each product index, then no entitlement), each slot naming one
/// of a list of distinct expressions.
///
/// An expression the file writes once is listed once, however many slots show it (an
/// `else` covers every plan or product the cases leave out). So a walk over
/// `expressions` visits each written branch once, and a choice nested in the `else` of
/// another is not copied once per slot: a chain of N choices is N branches deep and N
/// wide, not (slots)^N. Walk `expressions` to visit every branch; `subscript` to show one.
package struct ScreenBranches: Hashable, Sendable {
    /// The distinct branches, in the order of the first slot that shows each.
    package let expressions: [ScreenExpression]
    /// For each slot, the position in `expressions` of the branch it shows.
    package let picks: [Int]

    /// Branches where slot `i` shows `candidates[picks[i]]`. Candidates no slot picks are
    /// dropped, and the rest listed in the order of the first slot that picks each, so
    /// two choices that show the same candidates in the same slots are equal.
    package init(picks: [Int], from candidates: [ScreenExpression]) {
        var position = [Int](repeating: -1, count: candidates.count)
        var expressions: [ScreenExpression] = []
        var resolved: [Int] = []
        resolved.reserveCapacity(picks.count)
        for pick in picks {
            precondition(candidates.indices.contains(pick), "a slot picks no candidate")
            if position[pick] < 0 {
                position[pick] = expressions.count
                expressions.append(candidates[pick])
            }
            resolved.append(position[pick])
        }
        self.expressions = expressions
        self.picks = resolved
    }

    /// The number of slots.
    package var count: Int { picks.count }

    /// The branch slot `slot` shows.
    @inline(__always)
    package subscript(slot: Int) -> ScreenExpression { expressions[picks[slot]] }

    /// For each branch in `expressions` order, the slots that show it, in slot order.
    package var slotsByBranch: [[Int]] {
        var slots = [[Int]](repeating: [], count: expressions.count)
        for (slot, pick) in picks.enumerated() { slots[pick].append(slot) }
        return slots
    }
}

/// The branches of a `meter` screen expression.
package struct ScreenMeter: Hashable, Sendable {
    /// The meter's index.
    package var meter: Int
    /// The windows whose counts and limits decide the state: one, or (format 11) several,
    /// distinct, of which the one with the fewest uses left decides.
    package var windows: [LimitWindow]
    /// The share of the limit from which the state is `warning`, if the screen has one.
    package var warningPercent: Int?
    /// Below the limit (and below the warning share).
    package var below: ScreenExpression
    /// At or above the warning share, below the limit.
    package var warning: ScreenExpression?
    /// At or above the limit.
    package var reached: ScreenExpression
    /// No shown limit.
    package var unlimited: ScreenExpression

    /// Creates the branches.
    package init(meter: Int, windows: [LimitWindow], warningPercent: Int?, below: ScreenExpression, warning: ScreenExpression?,
                reached: ScreenExpression, unlimited: ScreenExpression) {
        precondition(!windows.isEmpty, "a meter screen reads at least one window")
        self.meter = meter
        self.windows = windows
        self.warningPercent = warningPercent
        self.below = below
        self.warning = warning
        self.reached = reached
        self.unlimited = unlimited
    }

    /// The window that decides the screen under `plan`, with its count and limit, given
    /// the meter's counts in force (`deciding(meter:windows:_:under:)`).
    package func deciding(_ counts: UsageCounts, under plan: Plan) -> (window: LimitWindow, used: Int, limit: Int)? {
        Self.deciding(meter: meter, windows: windows, counts, under: plan)
    }

    /// The window that decides a screen of `windows` on `meter` (a `meter` screen or a
    /// `bar`) under `plan`, with its count and limit: of the windows the plan shows a
    /// limit for, the one with the fewest uses left (`max(0, limit − count)`); on a tie,
    /// the one with the larger limit, so the larger share used; on a tie of limits too,
    /// the first listed. Nil when the plan shows a limit for none of them.
    package static func deciding(meter: Int, windows: [LimitWindow], _ counts: UsageCounts, under plan: Plan) -> (window: LimitWindow, used: Int, limit: Int)? {
        var chosen: (window: LimitWindow, used: Int, limit: Int)?
        for window in windows {
            guard let limit = plan.shownLimit(meter: meter, window) else { continue }
            let used = counts[window]
            if let best = chosen {
                let (left, bestLeft) = (max(0, limit - used), max(0, best.limit - best.used))
                guard left < bestLeft || (left == bestLeft && limit > best.limit) else { continue }
            }
            chosen = (window, used, limit)
        }
        return chosen
    }

    /// The first of `policy`'s plans that shows a limit on none of `windows` of `meter`,
    /// under which a screen of them is `unlimited`; nil when every plan shows one.
    package static func planShowingNoLimit(in policy: SubscriptionPolicy, meter: Int, _ windows: [LimitWindow]) -> Plan? {
        policy.plans.first { plan in !windows.contains { plan.shownLimit(meter: meter, $0) != nil } }
    }
}

/// One named screen value of a policy (G10).
package struct Screen: Hashable, Sendable {
    /// The key in the output's `screens` object.
    package var name: String
    /// How the value is computed.
    package var value: ScreenExpression

    /// Creates a screen.
    package init(name: String, value: ScreenExpression) {
        self.name = name
        self.value = value
    }
}

/// A computed screen value, as the output's `screens` object holds it.
public enum ScreenValue: Hashable, Sendable {
    /// `null`.
    case null
    /// A text.
    case text(String)
    /// A list of texts (meter ids, for `metersInWarning`).
    case list([String])
    /// `{"used": u, "limit": l}`.
    case bar(used: Int, limit: Int)
    /// `{"text": t}`.
    case boxText(String)
}
