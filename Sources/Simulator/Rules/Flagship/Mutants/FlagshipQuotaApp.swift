import SubscriptionModel
import SimulatorCore

/// What quota logic written the way an app writes it keeps: its own copy of the
/// install instant, entitlement, zone and counter, independent of the reference model.
public struct QuotaStore: Sendable {
    /// The device's zone.
    public var zone: TimeZoneRules
    /// The first install (T1).
    public var installedAt: Instant?
    /// StoreKit's current entitlement (P1).
    public var entitlement: PaidTier?
    /// The usage day of the last counted analysis (U3).
    public var counterDay: LocalDate?
    /// Analyses counted on it.
    public var counterValue = 0
    /// The rules' numbers and texts.
    public let rules: CompiledPolicy

    /// A fresh store for a device in `zone`.
    public init(zone: TimeZoneRules, rules: CompiledPolicy) {
        self.zone = zone
        self.rules = rules
    }
}

/// Quota logic as an app team writes it, one decision per hook, each with a correct
/// default. `FlagshipStraightforwardApp` takes every default and agrees with the reference
/// model; each mutant overrides one hook with a mistake real apps ship. Teams can
/// conform their own logic the same way, or implement `FlagshipImplementation`
/// directly.
public protocol FlagshipQuotaApp: FlagshipImplementation {
    /// The app's storage.
    var store: QuotaStore { get set }
    /// The local date of an instant (U2).
    func localDate(at instant: Instant) -> LocalDate
    /// The current usage day and its count (U3).
    func usage(at instant: Instant) -> (day: LocalDate, used: Int)
    /// The plan in force (P1, P2, T2).
    func plan(at instant: Instant) -> FlagshipPlan
    /// Whether an attempt is allowed (the capture table).
    func allows(_ plan: FlagshipPlan, used: Int) -> Bool
    /// Counts an allowed analysis (U3, U4).
    mutating func count(day: LocalDate, used: Int, at instant: Instant)
    /// The app was deleted and installed again (T1, U5).
    mutating func reinstalled(at instant: Instant)
    /// StoreKit's current entitlement changed (P1).
    mutating func entitlementChanged(to tier: PaidTier?, at instant: Instant)
    /// What a blocked attempt shows (the capture table).
    func blocked(_ plan: FlagshipPlan) -> (FlagshipOutput.Outcome, FlagshipOutput.Alert?)
    /// The home label (L1, L3).
    func label(_ plan: FlagshipPlan, used: Int) -> ShownText
    /// PlanView's usage box (L2).
    func planView(_ plan: FlagshipPlan, used: Int) -> FlagshipOutput.PlanViewBox?
    /// Forgets whatever the implementation keeps beyond `store` (a new user starts).
    mutating func forgetOwnState()
}

extension FlagshipQuotaApp {
    /// A new user: a fresh store, and `forgetOwnState`.
    public mutating func start(zone: TimeZoneRules) {
        store = QuotaStore(zone: zone, rules: store.rules)
        forgetOwnState()
    }

    /// Nothing beyond the store, by default.
    public mutating func forgetOwnState() {}

    /// One event, through the hooks.
    public mutating func handle(_ event: FlagshipEvent) -> FlagshipOutput {
        handleWithHooks(event)
    }

    /// The default `handle`, for implementations that wrap it.
    public mutating func handleWithHooks(_ event: FlagshipEvent) -> FlagshipOutput {
        let at = event.at
        var outcome: FlagshipOutput.Outcome?, alert: FlagshipOutput.Alert?
        switch event.action {
        case .install: store.installedAt = store.installedAt ?? at
        case .reinstall: reinstalled(at: at)
        case .look: break
        case .setZone(let zone): store.zone = zone
        case .setEntitlement(let tier): entitlementChanged(to: tier, at: at)
        case .capture:
            let plan = plan(at: at)
            let (day, used) = usage(at: at)
            if allows(plan, used: used) {
                count(day: day, used: used, at: at)
                outcome = .captured
            } else {
                (outcome, alert) = blocked(plan)
            }
        }
        let plan = plan(at: at)
        let (day, used) = usage(at: at)
        return FlagshipOutput(day: day, plan: plan, outcome: outcome, alert: alert, used: used, limit: store.rules.dailyLimit(of: plan),
                      label: label(plan, used: used), planView: planView(plan, used: used))
    }

    /// The default: the local date in the store's zone (U2).
    public func localDate(at instant: Instant) -> LocalDate {
        store.zone.localDate(at: instant)
    }

    /// The default: the stored day and count while that day is not before today, else today and 0 (U3).
    public func usage(at instant: Instant) -> (day: LocalDate, used: Int) {
        let today = localDate(at: instant)
        guard let day = store.counterDay, day >= today else { return (today, 0) }
        return (day, store.counterValue)
    }

    /// The default: the entitlement's plan, else the trial while it lasts, else none (P1, P2, T2).
    public func plan(at instant: Instant) -> FlagshipPlan {
        if let tier = store.entitlement { return tier.plan }
        guard let installed = store.installedAt, installed.milliseconds(to: instant) < store.rules.trialLengthMilliseconds else { return .none }
        return .trial
    }

    /// The default: below the plan's daily limit; nothing under none (the capture table).
    public func allows(_ plan: FlagshipPlan, used: Int) -> Bool {
        guard let limit = store.rules.dailyLimit(of: plan) else { return false }
        return used < limit
    }

    /// The alert a paid plan shows at its limit (the capture table).
    package func limitAlert(_ plan: FlagshipPlan) -> FlagshipOutput.Alert {
        let texts = store.rules.texts
        return FlagshipOutput.Alert(title: texts.limitAlertTitle, message: plan == .premium ? texts.premiumLimitAlertMessage : texts.unlimitedLimitAlertMessage)
    }

    /// The default: stores `day` and `used + 1` (U3, U4).
    public mutating func count(day: LocalDate, used: Int, at instant: Instant) {
        store.counterDay = day
        store.counterValue = used + 1
    }

    /// The default: nothing, since the store survives a reinstall (T1, U5).
    public mutating func reinstalled(at instant: Instant) {}

    /// The default: stores the new entitlement (P1).
    public mutating func entitlementChanged(to tier: PaidTier?, at instant: Instant) {
        store.entitlement = tier
    }

    /// The default: the limit alert under a paid plan, else the plan sheet (the capture table).
    public func blocked(_ plan: FlagshipPlan) -> (FlagshipOutput.Outcome, FlagshipOutput.Alert?) {
        plan == .premium || plan == .unlimited ? (.limitAlert, limitAlert(plan)) : (.planSheet, nil)
    }

    /// The default: the no-limit label under Unlimited, else the below-limit or limit-reached label (L1, L3).
    public func label(_ plan: FlagshipPlan, used: Int) -> ShownText {
        plan == .unlimited ? store.rules.texts.noLimitLabel : limitLabel(plan, used: used, reachedAt: store.rules.dailyLimit(of: plan) ?? 0)
    }

    /// `Below limit` while `used < reachedAt`, else `Limit reached` (always under None).
    package func limitLabel(_ plan: FlagshipPlan, used: Int, reachedAt limit: Int) -> ShownText {
        plan != .none && used < limit ? store.rules.texts.belowLimitLabel : store.rules.texts.limitReachedLabel
    }

    /// The default: a usage bar under the trial and Premium, a text under Unlimited, none under none (L2).
    public func planView(_ plan: FlagshipPlan, used: Int) -> FlagshipOutput.PlanViewBox? {
        switch plan {
        case .unlimited: return .text(store.rules.texts.noUsageLimitText)
        case .none: return nil
        case .trial, .premium:
            let limit = store.rules.dailyLimit(of: plan) ?? 0
            return .bar(used: min(used, limit), limit: limit)
        }
    }
}

/// Quota logic with every hook at its correct default: agrees with the reference model.
public struct FlagshipStraightforwardApp: FlagshipQuotaApp {
    /// The app's storage.
    public var store: QuotaStore

    /// An app for `policy`.
    public init(policy: CaptureRules = .mealCapture) {
        store = QuotaStore(zone: .utc, rules: CompiledPolicy(policy))
    }
}
