/// The numbers and user-facing strings of the capture rules (the v1 replay contract:
/// a trial, two paid tiers, one daily counter), in one value.
///
/// This is the fast path's shape of the `meal-capture` policy: the model's v1 machine
/// reads its limits, trial length, product ids and texts from here and nowhere else.
/// `mealCapture` is the flagship policy (rules T1–L3 in `docs/rules.md`).
public struct CaptureRules: Hashable, Sendable {
    /// How long the trial lasts in elapsed time (T2): `[I, I + trialLength)`.
    package var trialLengthMilliseconds: Int64
    /// Analyses a day during the trial (T3).
    package var trialDailyLimit: Int
    /// The StoreKit product id of each paid tier (P1).
    package var premiumProductID: String
    /// The StoreKit product id of the unlimited tier (P1).
    package var unlimitedProductID: String
    /// Analyses a day under Premium.
    package var premiumDailyLimit: Int
    /// The hidden fair-use cap under Unlimited.
    package var unlimitedDailyLimit: Int
    /// The texts the user sees.
    package var texts: Texts

    /// The user-facing strings of the capture table and L1–L2.
    package struct Texts: Hashable, Sendable {
        /// The title of the limit alert, under Premium and Unlimited alike.
        package var limitAlertTitle: String
        /// The alert's message under Premium (points to the higher plan).
        package var premiumLimitAlertMessage: String?
        /// The alert's message under Unlimited: none, there is no higher plan.
        package var unlimitedLimitAlertMessage: String?
        /// Home label while the next attempt would be allowed (L1).
        package var belowLimitLabel: String
        /// Home label when it would not (L1).
        package var limitReachedLabel: String
        /// Home label under Unlimited, whatever the count (L1, L3).
        package var noLimitLabel: String
        /// PlanView's text instead of the usage bar under Unlimited (L2).
        package var noUsageLimitText: String

        /// Creates a set of texts.
        package init(limitAlertTitle: String, premiumLimitAlertMessage: String?, unlimitedLimitAlertMessage: String?,
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
    package init(trialLengthMilliseconds: Int64, trialDailyLimit: Int, premiumProductID: String, unlimitedProductID: String,
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
    ///
    /// Read from the shipped `meal-capture` policy file, the one source of truth for
    /// these numbers and texts on the v1 path as on the generic one.
    public static let mealCapture: CaptureRules = {
        do {
            return try CaptureRules(policy: .mealCapture)
        } catch {
            fatalError("the shipped meal-capture policy no longer has the v1 shape: \(error)")
        }
    }()

    /// Why a policy cannot run on the v1 machine.
    package struct ShapeError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What the policy has that the v1 machine cannot state.
        package var problem: String
        /// The problem.
        package var description: String { problem }
    }

    /// The v1 rules of a policy of meal-capture's shape: calendar `device`, one meter
    /// limited by the day, a trial, no default plan and no grace, and exactly two paid
    /// plans (the lower one Premium, the higher one Unlimited with a hidden limit), one
    /// product each, answering a blocked use with an alert; screens `home` (a `meter`
    /// screen of three fixed texts) and `planView` (Unlimited's `boxText`).
    package init(policy: SubscriptionPolicy) throws(ShapeError) {
        func fail(_ problem: String) -> ShapeError { ShapeError(problem: "\(policy.name): \(problem)") }
        guard policy.calendar == .device else { throw fail("the v1 machine counts days in the device's zone") }
        guard policy.meters.count == 1 else { throw fail("the v1 machine has one meter") }
        guard policy.guestDefault == nil, policy.registeredDefault == nil, policy.grace == nil else {
            throw fail("the v1 machine has no default plan and no grace")
        }
        guard let trial = policy.trial else { throw fail("the v1 machine has a trial") }
        let paid = policy.paidPlans
        guard paid.count == 2 else { throw fail("the v1 machine has two paid plans") }
        func dayLimit(_ plan: Int) throws(ShapeError) -> Limit {
            guard let limit = policy.plans[plan].limit(meter: 0, .day) else { throw fail("plan \(policy.plans[plan].id) has no day limit") }
            return limit
        }
        func product(_ plan: Int) throws(ShapeError) -> String {
            let sold = policy.products.filter { $0.plan == plan }
            guard sold.count == 1 else { throw fail("plan \(policy.plans[plan].id) sells \(sold.count) products, not one") }
            return sold[0].id
        }
        func alert(_ plan: Int) throws(ShapeError) -> Alert {
            guard let alert = policy.plans[plan].response(to: .day)?.alert else { throw fail("plan \(policy.plans[plan].id) answers the day limit with no alert") }
            return alert
        }
        let premiumAlert = try alert(paid[0]), unlimitedAlert = try alert(paid[1])
        guard premiumAlert.title == unlimitedAlert.title else { throw fail("the v1 machine has one alert title") }
        guard try dayLimit(paid[1]).isHidden, !(try dayLimit(paid[0]).isHidden), !(try dayLimit(trial.plan).isHidden) else {
            throw fail("only the higher paid plan's limit is hidden in the v1 machine")
        }
        guard case .meter(let home)? = policy.screens.first(where: { $0.name == "home" })?.value, home.windows == [.day],
              case .text(let below) = home.below, let belowText = below.literalText,
              case .text(let reached) = home.reached, let reachedText = reached.literalText,
              case .text(let unlimited) = home.unlimited, let unlimitedText = unlimited.literalText else {
            throw fail("the home screen is not a meter screen of the day of three fixed texts")
        }
        guard case .byPlan(let boxes)? = policy.screens.first(where: { $0.name == "planView" })?.value,
              case .boxText(let noUsageLimit) = boxes[paid[1]] else {
            throw fail("the planView screen does not show a fixed text under the higher paid plan")
        }
        self.init(
            trialLengthMilliseconds: trial.lengthMilliseconds,
            trialDailyLimit: try dayLimit(trial.plan).value,
            premiumProductID: try product(paid[0]),
            unlimitedProductID: try product(paid[1]),
            premiumDailyLimit: try dayLimit(paid[0]).value,
            unlimitedDailyLimit: try dayLimit(paid[1]).value,
            texts: Texts(
                limitAlertTitle: premiumAlert.title,
                premiumLimitAlertMessage: premiumAlert.message,
                unlimitedLimitAlertMessage: unlimitedAlert.message,
                belowLimitLabel: belowText,
                limitReachedLabel: reachedText,
                noLimitLabel: unlimitedText,
                noUsageLimitText: noUsageLimit))
    }

    /// The daily limit of a plan, or nil under `.none`, where nothing is allowed.
    package func dailyLimit(of plan: FlagshipPlan) -> Int? {
        CompiledPolicy.dailyLimit(of: plan, trial: trialDailyLimit, premium: premiumDailyLimit, unlimited: unlimitedDailyLimit)
    }

    /// The tier a StoreKit product id names, or nil for an id this policy does not sell.
    package func tier(forProductID id: String) -> PaidTier? {
        switch id {
        case premiumProductID: .premium
        case unlimitedProductID: .unlimited
        default: nil
        }
    }

    /// The StoreKit product id of a tier.
    package func productID(of tier: PaidTier) -> String {
        switch tier {
        case .premium: premiumProductID
        case .unlimited: unlimitedProductID
        }
    }
}
