/// An app's subscription rules as data (G1–G13): which plans exist and how a user gets
/// each, which features count against which limits over which windows, what a blocked
/// use shows, and what the screens say.
///
/// A policy is read from a policy file (`docs/policy-file.md`) by
/// `SubscriptionPolicy(data:file:)`, which refuses anything it cannot state exactly; the
/// shipped policies are such files, embedded in the package (`SubscriptionPolicy.named(_:)`).
/// `SubscriptionMachine` runs any policy; nothing in the model is written for one policy.
///
/// Lists keep the file's order: paid plans in it are in rank order (lowest first), which
/// G9's upgrade offer follows. Plans, meters, features and products are referred to by
/// index into these lists.
public struct SubscriptionPolicy: Hashable, Sendable {
    /// The most plans a policy may have, the free ones among them (a plan set is a bit
    /// set in the engine).
    package static let maxPlans = 64
    /// The most units a product's or an offer's period may count (`P999D`).
    package static let largestPeriodCount = 999

    /// The policy's name (`meal-capture`, ...).
    public let name: String
    /// One sentence on what the policy is for, if the file gives it.
    public let about: String?
    /// The zone days are counted in (G2).
    package let calendar: PolicyCalendar
    /// When a day starts on the calendar's wall clock, in milliseconds after midnight
    /// (format 5's `dayStartsAt`; 0: at midnight). An instant's date is the local date
    /// of the wall-clock time that much earlier (G2).
    package let dayStart: Int64
    /// The day a calendar week starts on (format 6's `weekStartsOn`): required by a
    /// `week` limit, nil when the file gives none.
    package let firstWeekday: Weekday?
    /// Whether some plan limits some meter by `week`: only then does the engine keep
    /// week counts (G4), which read 0 otherwise.
    package let countsWeeks: Bool
    /// A rolling window's length in ms (format 7's `rollingHours`); 0 without one.
    package let rollingLength: Int64
    /// Whether some plan limits some meter by `rolling`: only then does the engine keep
    /// rolling counts (G4), which read 0 otherwise.
    package let countsRolling: Bool
    /// Whether months run from the purchase (format 10's `"monthAnchor": "purchase"`):
    /// each user's months start on the day of the month their current subscription began
    /// (their install's before any), clamped to shorter months; else on the 1st (G3).
    package var monthsFromPurchase = false
    /// The trial (G5.2), if any.
    package let trial: TimedPlan?
    /// The grace for users installed before a cut-off (G5.3), if any.
    package let grace: TimedPlan?
    /// The guest's default plan (G5.4), if any.
    package let guestDefault: Int?
    /// The registered user's default plan, if any (else the guest's applies).
    package let registeredDefault: Int?
    /// The meters' ids.
    public let meters: [String]
    /// The windows any plan limits, per meter: what the output reports for it.
    package let meterWindows: [[LimitWindow]]
    /// The features.
    public let features: [Feature]
    /// The plans; the paid ones in rank order.
    public let plans: [Plan]
    /// Every product, with the plan it gives.
    public let products: [StoreProduct]
    /// The consumables that add credits to a meter (format 3), in the file's order.
    package let creditPacks: [CreditPack]
    /// The meters some pack adds credits to, one bit per meter index: the meters whose
    /// replay output shows `credits`.
    package let creditMeters: UInt8
    /// The products the app sells that no rule reads (format 9): tips, non-renewing
    /// subscriptions, subscription suites.
    package var otherProducts: [OtherProduct] = []
    /// The response to a use under no plan, when no plan can be in force.
    package let noPlanResponse: BlockResponse?
    /// The screen values, in the file's order.
    package let screens: [Screen]
    /// The file it was read from (not part of equality).
    package var source = PolicySource()

    /// Assembles a policy from parts already checked (the reader's job).
    init(name: String, about: String?, calendar: PolicyCalendar, dayStart: Int64, firstWeekday: Weekday?, rollingLength: Int64, trial: TimedPlan?, grace: TimedPlan?,
         guestDefault: Int?, registeredDefault: Int?, meters: [String], features: [Feature], plans: [Plan],
         products: [StoreProduct], creditPacks: [CreditPack] = [], noPlanResponse: BlockResponse?, screens: [Screen]) {
        self.name = name
        self.about = about
        self.calendar = calendar
        self.dayStart = dayStart
        self.firstWeekday = firstWeekday
        self.countsWeeks = plans.contains { plan in meters.indices.contains { plan.limit(meter: $0, .week) != nil } }
        self.rollingLength = rollingLength
        self.countsRolling = plans.contains { plan in meters.indices.contains { plan.limit(meter: $0, .rolling) != nil } }
        self.trial = trial
        self.grace = grace
        self.guestDefault = guestDefault
        self.registeredDefault = registeredDefault
        self.meters = meters
        self.features = features
        self.plans = plans
        self.products = products
        self.creditPacks = creditPacks
        self.creditMeters = creditPacks.reduce(0) { $0 | 1 << UInt8($1.meter) }
        self.noPlanResponse = noPlanResponse
        self.screens = screens
        self.meterWindows = meters.indices.map { meter in
            LimitWindow.allCases.filter { window in plans.contains { $0.limit(meter: meter, window) != nil } }
        }
    }

    /// The index of the plan with this id.
    public func planIndex(_ id: String) -> Int? { plans.firstIndex { $0.id == id } }
    /// The index of the feature with this id.
    public func featureIndex(_ id: String) -> Int? { features.firstIndex { $0.id == id } }
    /// The index of the product with this StoreKit id.
    public func productIndex(_ id: String) -> Int? { products.firstIndex { $0.id == id } }
    /// The index of the credit pack with this StoreKit id.
    package func packIndex(_ id: String) -> Int? { creditPacks.firstIndex { $0.id == id } }
    /// Whether some pack adds credits to meter `meter`.
    package func hasCredits(meter: Int) -> Bool { creditMeters & 1 << UInt8(meter) != 0 }
    /// Per feature: the meter it consumes when some pack adds credits to it, else −1 (the
    /// uses credits can pay for, G13).
    package var creditMeterOfFeature: [Int] {
        features.map { feature in
            guard case .consumes(let meter) = feature.effect, hasCredits(meter: meter) else { return -1 }
            return meter
        }
    }
    /// The index of the meter with this id.
    public func meterIndex(_ id: String) -> Int? { meters.firstIndex(of: id) }

    /// The id of a plan index, or `none` for no plan.
    public func planID(_ plan: Int?) -> String { plan.map { plans[$0].id } ?? "none" }

    /// Whether a user can be under no plan at some moment (G5.5): there is no guest
    /// default, so a guest past any trial and grace, without an entitlement, has none.
    package var noPlanCanOccur: Bool { guestDefault == nil }

    /// The indices of the paid plans, in rank order.
    package var paidPlans: [Int] { plans.indices.filter { plans[$0].isPaid } }

    /// The reasons G6 can give under plan `plan` (nil: no plan), whatever the counts:
    /// the reasons a policy file must give a response for.
    package func reasonsThatCanOccur(under plan: Int?) -> [BlockReason] {
        guard let plan else { return noPlanCanOccur ? [.noPlan] : [] }
        let p = plans[plan]
        var reasons: [BlockReason] = []
        let gated = features.indices.filter { !features[$0].isReleasing }
        if gated.contains(where: { !p.enables(feature: $0) }) { reasons.append(.notInPlan) }
        if gated.contains(where: { p.enables(feature: $0) && features[$0].hasHistory && p.historyDays[$0] != nil }) {
            reasons.append(.history)
        }
        var meterLimited = Set<LimitWindow>()
        for f in gated where p.enables(feature: f) {
            guard case .consumes(let meter) = features[f].effect else { continue }
            for window in LimitWindow.allCases where p.limit(meter: meter, window) != nil { meterLimited.insert(window) }
            // G6.5: a second meter's reason, once the first meter's limits block.
            if let second = features[f].then, p.limits(meter: meter) {
                for window in LimitWindow.allCases where p.limit(meter: second, window) != nil { meterLimited.insert(window) }
            }
        }
        for reason in [BlockReason.day, .week, .month, .total, .stock, .rolling] where meterLimited.contains(where: { BlockReason($0) == reason }) {
            reasons.append(reason)
        }
        return reasons
    }
}
