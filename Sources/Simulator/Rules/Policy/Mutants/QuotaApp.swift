import SubscriptionModel
import SimulatorCore

/// Policy logic as an app team writes it from `docs/policies.md` (G1–G12), one decision
/// per hook, each with a correct default. `StraightforwardApp` takes every default
/// and agrees with `SubscriptionMachine` on every output and screen; each policy mutant
/// overrides one hook with a mistake real apps ship. A team can conform its own logic
/// the same way, or implement `SubscriptionImplementation` directly.
///
/// Written from the rules, not from the engine: it keeps its own store, interprets the
/// policy's plans, limits and screens itself and finds reset instants with
/// `CalendarWalk`, so it is simpler and slower than `SubscriptionMachine`, and an
/// agreement between the two is evidence about both.
public protocol QuotaApp: SubscriptionImplementation {
    /// The app's storage.
    var store: QuotaAppData { get set }

    // MARK: Days (G2, G3)

    /// The zone the policy counts days in, at this moment (G2).
    var calendarZone: TimeZoneRules { get }
    /// The local date at `instant` in the policy's calendar (G2).
    func calendarDate(at instant: Instant) -> LocalDate
    /// The usage day at `instant` (G3).
    func usageDay(at instant: Instant) -> LocalDate
    /// Each meter's counts in force at `instant` (G3).
    func countsInForce(at instant: Instant) -> [UsageCounts]
    /// The number of the month `day` is in (G3): a later month has a larger number.
    func monthNumber(of day: LocalDate) -> Int

    // MARK: Plans (G5)

    /// The plan in force at `instant`, by index; nil for none (G5).
    func plan(at instant: Instant) -> Int?

    // MARK: A use (G4, G6–G9)

    /// Why a use of a non-releasing `feature` under `plan` is blocked, or nil (G6).
    func blockReason(plan: Int?, feature: Int, day: LocalDate?, at instant: Instant, counts: [UsageCounts]) -> BlockReason?
    /// Whether diary `day` is inside a history window of `days` days at `instant` (G6.3).
    func historyAllows(day: LocalDate, days: Int, at instant: Instant) -> Bool
    /// The windows a consuming use checks, in order (G6.4).
    var limitCheckOrder: [LimitWindow] { get }
    /// Whether a use costing `cost` units would take a count past a limit (G6.4); with a
    /// cost of 1, whether the count has reached it.
    func limitReached(count: Int, cost: Int, limit: Limit) -> Bool
    /// What a use blocked for `reason` under `plan` shows (G7).
    func response(plan: Int?, reason: BlockReason) -> BlockResponse?
    /// When a use blocked for `reason` at `instant` would be allowed again (G8), for a
    /// calendar window (`day`, `week`, `month`).
    func resetInstant(for reason: BlockReason, after instant: Instant) -> Instant?
    /// When a use costing `cost` on `meter`, blocked under `plan` by its rolling window at
    /// `instant`, would be allowed again (G8).
    func rollingReset(meter: Int, cost: Int, plan: Int, at instant: Instant) -> Instant?
    /// The paid plans that would allow a blocked use (G9).
    func upgradeOffer(from plan: Int?, feature: Int, day: LocalDate?, at instant: Instant, counts: [UsageCounts]) -> PlanSet
    /// A use of `feature`, which draws on meter `first`, then `second` (G6.5), that the
    /// first meter's limits block under `plan` for `firstReason`: nil when it goes ahead
    /// on the second meter, else why it is blocked and the meter whose reset it waits for.
    func secondMeterDraw(plan: Int, feature: Int, first: Int, firstReason: BlockReason, second: Int, at instant: Instant,
                         counts: [UsageCounts]) -> (reason: BlockReason, meter: Int)?
    /// The meter an allowed use of `feature` counts on, if any (G4).
    func meterCounted(by feature: Int) -> Int?
    /// Counts an allowed use costing `cost` units on `meter` (G3, G4).
    mutating func countUse(meter: Int, cost: Int, at instant: Instant)
    /// A releasing use gives an item of `meter` back (G4).
    mutating func release(meter: Int, at instant: Instant)

    // MARK: Credit packs (G13)

    /// A use of `meter` costing `cost` units that a limit blocks takes a credit for each
    /// unit, if that many are held: whether it took them (and may go ahead).
    mutating func takeCredits(meter: Int, cost: Int, at instant: Instant) -> Bool
    /// The user bought credit pack `pack`.
    mutating func purchased(pack: Int, at instant: Instant)
    /// Apple refunded one purchase of credit pack `pack`.
    mutating func refunded(pack: Int, at instant: Instant)

    // MARK: Lifecycle (G1, G11, G12)

    /// The first install (G1).
    mutating func installed(at instant: Instant)
    /// The app was deleted and installed again, and launches (G1, G11).
    mutating func reinstalled(at instant: Instant)
    /// The guest signs in (G1).
    mutating func signedIn(at instant: Instant)
    /// StoreKit reports the current entitlement, or none (P1, G12).
    mutating func entitlementChanged(to entitlement: Entitlement?, at instant: Instant)

    // MARK: Screens (G10)

    /// The screen values after an event, in the policy's order (G10).
    func screens(of output: Output, policy: SubscriptionPolicy) -> [ScreenValue]
    /// The date an `expiry` screen shows for `expires` (X5).
    func expiryDate(_ expires: Instant, zone: TimeZoneRules) -> LocalDate
    /// Whether an `expiry` screen uses its renewing text.
    func showsRenewing(_ entitlement: Entitlement) -> Bool
    /// Whether a count is in a warning of `percent` % of a shown limit.
    func inWarning(used: Int, limit: Int, percent: Int) -> Bool
    /// Whether a `plural` screen uses its `one` text for `number`.
    func isOne(_ number: Int) -> Bool
    /// Which of a `meter` screen's windows decides it, given the uses left in each window
    /// the plan shows a limit for and its limit, in the screen's order (at least one): the
    /// position of the fewest left; on a tie, of the larger limit.
    func decidingWindow(usesLeft: [Int], limits: [Int]) -> Int

    /// Forgets whatever the implementation keeps beyond `store` (a new user starts).
    mutating func forgetOwnState()
}

extension QuotaApp {
    /// A new user: a fresh store, and `forgetOwnState`.
    public mutating func start(policy: SubscriptionPolicy, zone: TimeZoneRules) {
        store = QuotaAppData(policy: policy, zone: zone)
        forgetOwnState()
    }

    /// Nothing beyond the store, by default.
    public mutating func forgetOwnState() {}

    /// One event, through the hooks.
    public mutating func handle(_ event: Event) -> Output {
        handleWithHooks(event)
    }

    /// The default `handle`, for implementations that wrap it.
    public mutating func handleWithHooks(_ event: Event) -> Output {
        let at = event.at
        var outcome: Outcome?, reason: BlockReason?, response: BlockResponse?
        var resetAt: Instant?, upgrade: PlanSet?
        switch event.action {
        case .install: installed(at: at)
        case .reinstall: reinstalled(at: at)
        case .look, .relaunch, .background, .foreground, .timer: break
        case .setZone(let zone): store.zone = zone
        case .signIn: signedIn(at: at)
        case .setEntitlement(let entitlement): entitlementChanged(to: entitlement, at: at)
        case .purchase(let pack): purchased(pack: pack, at: at)
        case .refund(let pack): refunded(pack: pack, at: at)
        case .use(let feature, let day):
            if case .releases(let meter) = store.policy.features[feature].effect {
                release(meter: meter, at: at)
                outcome = .allowed
                break
            }
            let plan = plan(at: at)
            let counts = countsInForce(at: at)
            var reasonBlocking = blockReason(plan: plan, feature: feature, day: day, at: at, counts: counts)
            // G13: past a limit, the credits held pay for the use.
            let cost = store.policy.features[feature].cost
            if let limit = reasonBlocking, limit.isLimit, let meter = meterCounted(by: feature), takeCredits(meter: meter, cost: cost, at: at) {
                reasonBlocking = nil
            }
            // G6.5: past the first meter's limits, a second meter may take the use.
            var countedOn = meterCounted(by: feature)
            var waitsOn = countedOn
            if let second = store.policy.features[feature].then, let first = countedOn, let firstReason = reasonBlocking, firstReason.isLimit,
               let plan {
                if let blocked = secondMeterDraw(plan: plan, feature: feature, first: first, firstReason: firstReason, second: second, at: at,
                                                 counts: counts) {
                    (reasonBlocking, waitsOn) = blocked
                } else {
                    reasonBlocking = nil
                    countedOn = second
                }
            }
            if let blocked = reasonBlocking {
                outcome = .blocked
                reason = blocked
                response = self.response(plan: plan, reason: blocked)
                if let plan, let meter = waitsOn {
                    resetAt = meterReset(blocked, meter: meter, cost: cost, plan: plan, at: at)
                } else {
                    resetAt = resetInstant(for: blocked, after: at)
                }
                upgrade = upgradeOffer(from: plan, feature: feature, day: day, at: at, counts: counts)
            } else {
                outcome = .allowed
                if let meter = countedOn { countUse(meter: meter, cost: cost, at: at) }
            }
        }
        var counts = MeterCounts(countsInForce(at: at))
        if !store.policy.creditPacks.isEmpty {
            for meter in counts.indices { counts.setCredits(store.credits[meter], of: meter) }
        }
        return Output(plan: plan(at: at), day: usageDay(at: at), outcome: outcome, reason: reason, response: response,
                            resetAt: resetAt, upgrade: upgrade, counts: counts, entitlement: store.entitlement, zone: store.zone)
    }
}
