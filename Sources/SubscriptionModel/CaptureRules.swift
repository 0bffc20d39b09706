/// The numbers and user-facing strings of the capture rules (the v1 replay contract:
/// a trial, two paid tiers, one daily counter), in one value.
///
/// This is the fast path's shape of the `meal-capture` policy: the model's v1 machine
/// reads its limits, trial length, product ids and texts from here and nowhere else.
/// `mealCapture` is the flagship policy (rules T1–L3 in `docs/rules.md`).
public struct CaptureRules: Hashable, Sendable {
    /// How long the trial lasts in elapsed time (T2): `[I, I + trialLength)`.
    public var trialLengthMilliseconds: Int64
    /// Analyses a day during the trial (T3).
    public var trialDailyLimit: Int
    /// The StoreKit product id of each paid tier (P1).
    public var premiumProductID: String
    /// The StoreKit product id of the unlimited tier (P1).
    public var unlimitedProductID: String
    /// Analyses a day under Premium.
    public var premiumDailyLimit: Int
    /// The hidden fair-use cap under Unlimited.
    public var unlimitedDailyLimit: Int
    /// The texts the user sees.
    public var texts: Texts

    /// The user-facing strings of the capture table and L1–L2.
    public struct Texts: Hashable, Sendable {
        /// The title of the limit alert, under Premium and Unlimited alike.
        public var limitAlertTitle: String
        /// The alert's message under Premium (points to the higher plan).
        public var premiumLimitAlertMessage: String?
        /// The alert's message under Unlimited: none, there is no higher plan.
        public var unlimitedLimitAlertMessage: String?
        /// Home label while the next attempt would be allowed (L1).
        public var belowLimitLabel: String
        /// Home label when it would not (L1).
        public var limitReachedLabel: String
        /// Home label under Unlimited, whatever the count (L1, L3).
        public var noLimitLabel: String
        /// PlanView's text instead of the usage bar under Unlimited (L2).
        public var noUsageLimitText: String

        /// Creates a set of texts.
        public init(limitAlertTitle: String, premiumLimitAlertMessage: String?, unlimitedLimitAlertMessage: String?,
                    belowLimitLabel: String, limitReachedLabel: String, noLimitLabel: String, noUsageLimitText: String) {
            self.limitAlertTitle = limitAlertTitle
            self.premiumLimitAlertMessage = premiumLimitAlertMessage
            self.unlimitedLimitAlertMessage = unlimitedLimitAlertMessage
            self.belowLimitLabel = belowLimitLabel
            self.limitReachedLabel = limitReachedLabel
            self.noLimitLabel = noLimitLabel
            self.noUsageLimitText = noUsageLimitText
        }
    }

    /// Creates a policy.
    public init(trialLengthMilliseconds: Int64, trialDailyLimit: Int, premiumProductID: String, unlimitedProductID: String,
                premiumDailyLimit: Int, unlimitedDailyLimit: Int, texts: Texts) {
        self.trialLengthMilliseconds = trialLengthMilliseconds
        self.trialDailyLimit = trialDailyLimit
        self.premiumProductID = premiumProductID
        self.unlimitedProductID = unlimitedProductID
        self.premiumDailyLimit = premiumDailyLimit
        self.unlimitedDailyLimit = unlimitedDailyLimit
        self.texts = texts
    }

    /// The flagship rules (`docs/rules.md`): a 72-hour trial with 10 a day
    /// (T2, T3), Premium with 10 a day, Unlimited with a fair-use cap of 50 that is
    /// never shown, and the exact texts of the capture table and L1–L2.
    public static let mealCapture = CaptureRules(
        trialLengthMilliseconds: 72 * Milliseconds.hour,
        trialDailyLimit: 10,
        premiumProductID: "PremiumStandardSub",
        unlimitedProductID: "unlimited",
        premiumDailyLimit: 10,
        unlimitedDailyLimit: 50,
        texts: Texts(
            limitAlertTitle: "You have reached your daily limit",
            premiumLimitAlertMessage: "Upgrade to unlimited to continue",
            unlimitedLimitAlertMessage: nil,
            belowLimitLabel: "Below limit",
            limitReachedLabel: "Limit reached",
            noLimitLabel: "No limit",
            noUsageLimitText: "You have no usage limit"))

    /// The daily limit of a plan, or nil under `.none`, where nothing is allowed.
    public func dailyLimit(of plan: Plan) -> Int? {
        CompiledPolicy.dailyLimit(of: plan, trial: trialDailyLimit, premium: premiumDailyLimit, unlimited: unlimitedDailyLimit)
    }

    /// The tier a StoreKit product id names, or nil for an id this policy does not sell.
    public func tier(forProductID id: String) -> PaidTier? {
        switch id {
        case premiumProductID: .premium
        case unlimitedProductID: .unlimited
        default: nil
        }
    }

    /// The StoreKit product id of a tier.
    public func productID(of tier: PaidTier) -> String {
        switch tier {
        case .premium: premiumProductID
        case .unlimited: unlimitedProductID
        }
    }
}
