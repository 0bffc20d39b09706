/// A `CaptureRules` made into plain data for the step function: the numbers,
/// and the texts interned (`ShownTexts`). Built once per machine; copying it costs no
/// reference counting, so machines and checkers can be copied and shared by threads
/// freely. The policy itself stays the one place where rules are written.
public struct CompiledPolicy: Hashable, Sendable {
    /// T2's trial length.
    public let trialLengthMilliseconds: Int64
    /// T3's daily limit.
    public let trialDailyLimit: Int
    /// Premium's daily limit.
    public let premiumDailyLimit: Int
    /// Unlimited's hidden fair-use cap.
    public let unlimitedDailyLimit: Int
    /// The texts, interned.
    public let texts: ShownTexts

    /// Compiles `policy`.
    public init(_ policy: CaptureRules) {
        trialLengthMilliseconds = policy.trialLengthMilliseconds
        trialDailyLimit = policy.trialDailyLimit
        premiumDailyLimit = policy.premiumDailyLimit
        unlimitedDailyLimit = policy.unlimitedDailyLimit
        texts = ShownTexts(policy.texts)
    }

    /// The daily limit of a plan, or nil under `.none`, where nothing is allowed.
    @inlinable
    public func dailyLimit(of plan: FlagshipPlan) -> Int? {
        Self.dailyLimit(of: plan, trial: trialDailyLimit, premium: premiumDailyLimit, unlimited: unlimitedDailyLimit)
    }

    /// The model's one place a plan's limit is chosen (T3, the capture table); `.none`
    /// has none. The simulator's checker does not use it: it reads the limits from the
    /// rules itself, so a mistake here is caught, not shared.
    @inlinable
    public static func dailyLimit(of plan: FlagshipPlan, trial: Int, premium: Int, unlimited: Int) -> Int? {
        switch plan {
        case .trial: trial
        case .premium: premium
        case .unlimited: unlimited
        case .none: nil
        }
    }
}
