/// How a policy computes one screen value (G10) from the plan in force, the counts in
/// force and the entitlement: a small tree read from the policy file (`docs/policy-file.md`).
///
/// Choices by plan and by product are resolved when the file is read into one branch per
/// plan (or product), so showing a screen is a walk down the tree with no lookups by name.
public indirect enum ScreenExpression: Hashable, Sendable {
    /// JSON `null`.
    case null
    /// A text; placeholders only inside `meter` (numbers) and `expiry` (the date).
    case text(ScreenTemplate)
    /// One branch per plan index, then one for no plan (`none`).
    case byPlan([ScreenExpression])
    /// One branch per product index, then one for no entitlement.
    case byProduct([ScreenExpression])
    /// The display name of the plan in force (`none` under no plan).
    case planName
    /// A choice by the state of one meter window under the plan in force: `unlimited`
    /// when the plan shows no limit for it (none, or a hidden one); else `reached` when the
    /// count in force is at least the limit; else `warning` when it is at least
    /// `warningPercent` % of it; else `below`. Under no plan every limit reads 0 (nothing
    /// is allowed), so the state is `reached`.
    case meter(ScreenMeter)
    /// `one` when the number is 1, else `other` (only inside `meter`).
    case plural(ScreenNumber, one: ScreenTemplate, other: ScreenTemplate)
    /// The entitlement's `expires` as a local date in the device's current zone (X5):
    /// `renewing` when it renews, else `ending`; null without an entitlement or an `expires`.
    case expiry(renewing: ScreenTemplate, ending: ScreenTemplate)
    /// A usage bar: `{"used": min(used, limit), "limit": limit}` for a meter window with a
    /// shown limit; null otherwise.
    case bar(meter: Int, window: PolicyWindow)
    /// A box with a fixed text: `{"text": ...}`.
    case boxText(String)
    /// The ids of the listed meters whose count in `window` is at least `percent` % of the
    /// plan's shown limit, in the listed order; `[]` when none.
    case metersInWarning(meters: [Int], window: PolicyWindow, percent: Int)
}

/// The branches of a `meter` screen expression.
public struct ScreenMeter: Hashable, Sendable {
    /// The meter's index.
    public var meter: Int
    /// The window whose count and limit decide the state.
    public var window: PolicyWindow
    /// The share of the limit from which the state is `warning`, if the screen has one.
    public var warningPercent: Int?
    /// Below the limit (and below the warning share).
    public var below: ScreenExpression
    /// At or above the warning share, below the limit.
    public var warning: ScreenExpression?
    /// At or above the limit.
    public var reached: ScreenExpression
    /// No shown limit.
    public var unlimited: ScreenExpression

    /// Creates the branches.
    public init(meter: Int, window: PolicyWindow, warningPercent: Int?, below: ScreenExpression, warning: ScreenExpression?,
                reached: ScreenExpression, unlimited: ScreenExpression) {
        self.meter = meter
        self.window = window
        self.warningPercent = warningPercent
        self.below = below
        self.warning = warning
        self.reached = reached
        self.unlimited = unlimited
    }
}

/// One named screen value of a policy (G10).
public struct PolicyScreen: Hashable, Sendable {
    /// The key in the output's `screens` object.
    public var name: String
    /// How the value is computed.
    public var value: ScreenExpression

    /// Creates a screen.
    public init(name: String, value: ScreenExpression) {
        self.name = name
        self.value = value
    }
}

/// A computed screen value, as the output's `screens` object holds it.
public enum PolicyScreenValue: Hashable, Sendable {
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
