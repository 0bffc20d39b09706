import Foundation
import SubscriptionModel

/// The device a team's quota code reads instead of the real one, so the harness can play
/// years of a user's life through it: the clock, the time zone, a calendar in that zone,
/// the app container's key-value store (wiped when the app is deleted), the keychain
/// (kept), and StoreKit's current entitlements.
///
/// Code under test reads `now` where it would call `Date()`, `calendar` where it would
/// use `Calendar.current`, `timeZone` for `TimeZone.current`, `defaults` for
/// `UserDefaults.standard`, `keychain` for its keychain wrapper and
/// `currentEntitlements` for `Transaction.currentEntitlements`. The harness moves them
/// as it plays a timeline (G1, G2, G12): the clock to each event's instant, the zone at
/// a `set-zone`, `defaults` emptied at a `reinstall`, the entitlements at a
/// `set-entitlement`.
///
/// `calendar` is a fresh value at every read, in the zone in force at that moment: code
/// that keeps a `Calendar` it read once keeps the zone it had then, which is the bug of
/// an app that caches `Calendar.current` and then travels; the harness finds it.
///
/// The zone's offsets the harness judges by come from its own tables
/// (`TimeZoneRules`), built from this process's Foundation; `timeZone` is Foundation's
/// `TimeZone` of the same identifier. Both read the same tz data, so they agree; the
/// device checks that they do each time the table's local date changes, and
/// `clockDisagreement` says where they first did not (`docs/testing-your-app.md`).
///
/// One device belongs to one simulated user. It is safe to read from any thread or
/// actor (a lock guards it); the harness never moves it while the app's code runs.
public final class SimulatedDevice: @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Instant
    private var zone: TimeZoneRules
    private var foundationZone: TimeZone
    /// A Gregorian calendar in `foundationZone`, made once per zone change (making one
    /// costs more than most apps' whole quota check).
    private var zoneCalendar: Calendar
    private var entitlements: [DeviceEntitlement] = []
    private var consumables: [ConsumableTransaction] = []
    private var disagreement: String?
    /// The app's scheduled timers, by id.
    private var timers: [Int: ScheduledTimer] = [:]
    private var lastTimerID = 0
    /// The table's local date last found to agree with Foundation's, in the current zone.
    private var agreedDate: LocalDate?

    /// The app container's store (`UserDefaults.standard`): emptied by `reinstall()`.
    public let defaults = DeviceStore()
    /// The keychain: kept when the app is deleted and installed again.
    public let keychain = DeviceStore()

    /// A device at `instant` in `zone` (the harness's form).
    public init(at instant: Instant, zone: TimeZoneRules) {
        self.instant = instant
        self.zone = zone
        self.foundationZone = Self.foundationZone(zone)
        self.zoneCalendar = Self.calendar(in: foundationZone)
    }

    /// A device at `now` in the zone named `zoneIdentifier` (any name Foundation's
    /// `TimeZone(identifier:)` accepts), for a hand-written test; nil for an unknown zone.
    public convenience init?(now: Date, zoneIdentifier: String) {
        guard let zone = TimeZoneRules.named(zoneIdentifier) else { return nil }
        self.init(at: Self.instant(now), zone: zone)
    }

    // MARK: What the app reads

    /// The current instant, where the app would call `Date()`.
    public var now: Date {
        lock.withLock { Date(timeIntervalSince1970: Double(instant.millisecondsSince1970) / 1000) }
    }

    /// The current instant as the harness keeps it (milliseconds since 1970).
    public var currentInstant: Instant { lock.withLock { instant } }

    /// The device's time zone now (`TimeZone.current`): Foundation's zone of the same
    /// identifier as the harness's.
    public var timeZone: TimeZone { lock.withLock { foundationZone } }

    /// A Gregorian calendar in the device's zone now (`Calendar.current` as read at this
    /// moment), a value of its own at every read. Read it each time: a stored one keeps
    /// its old zone after travel.
    public var calendar: Calendar { lock.withLock { zoneCalendar } }

    /// StoreKit's current entitlements (`Transaction.currentEntitlements`, verified): at
    /// most one under the harness, with its expiration date as StoreKit last reported it.
    public var currentEntitlements: [DeviceEntitlement] { lock.withLock { entitlements } }

    /// Where the system's tz data and the harness's zone table first gave different local
    /// dates on this device, or nil (they agree; see `docs/testing-your-app.md`).
    public var clockDisagreement: String? { lock.withLock { disagreement } }

    // MARK: What the harness (or a hand-written test) changes

    /// Moves the clock to `date` (the harness moves it to each event's instant).
    public func set(now date: Date) {
        set(instant: Self.instant(date))
    }

    /// Moves the clock to `instant`.
    public func set(instant: Instant) {
        lock.withLock {
            self.instant = instant
            checkAgreement()
        }
    }

    /// The device travels to the zone named `identifier`; false (and no change) for a
    /// name Foundation does not know.
    @discardableResult
    public func setTimeZone(_ identifier: String) -> Bool {
        guard let zone = TimeZoneRules.named(identifier) else { return false }
        setZone(zone)
        return true
    }

    /// The device travels to `zone` (a `set-zone` event).
    public func setZone(_ zone: TimeZoneRules) {
        lock.withLock {
            self.zone = zone
            foundationZone = Self.foundationZone(zone)
            zoneCalendar = Self.calendar(in: foundationZone)
            agreedDate = nil
            checkAgreement()
        }
    }

    /// The app is deleted and installed again: the container's store is emptied, the
    /// keychain and the entitlements stay (G1).
    public func reinstall() {
        defaults.removeAll()
    }

    /// StoreKit now reports these entitlements (a `set-entitlement` event).
    public func setEntitlements(_ entitlements: [DeviceEntitlement]) {
        lock.withLock { self.entitlements = entitlements }
    }

    /// Every purchase of a consumable (a credit pack) on this account, oldest first, the
    /// refunded ones with their `revocationDate` (`Transaction.all` of consumables, as an
    /// app that keeps its transactions unfinished reads them). Kept across a reinstall:
    /// they belong to the account.
    public var consumableTransactions: [ConsumableTransaction] { lock.withLock { consumables } }

    /// The user bought `productID` now (a `purchase` event): a new transaction.
    public func purchaseConsumable(_ productID: String) {
        lock.withLock {
            consumables.append(ConsumableTransaction(id: UInt64(consumables.count + 1), productID: productID,
                                                     purchaseDate: Self.date(instant)))
        }
    }

    /// Apple refunded one purchase of `productID` now (a `refund` event): the oldest one
    /// that stands; nothing when none does.
    public func refundConsumable(_ productID: String) {
        lock.withLock {
            guard let index = consumables.firstIndex(where: { $0.productID == productID && $0.revocationDate == nil }) else { return }
            consumables[index].revocationDate = Self.date(instant)
        }
    }

    /// The device's zone as the harness's tables give it.
    var zoneRules: TimeZoneRules { lock.withLock { zone } }

    // MARK: The app's timers

    /// Schedules `run` at `date`, where the app would schedule a `Timer` on its run loop
    /// (a midnight reset, say), and returns the timer's id for `cancelTimer(_:)`. While
    /// the harness plays a timeline it runs `run` at `date` when the app is on the screen,
    /// with the clock there; at once (the clock where it is) when `date` has passed; once
    /// on the app's return, after `.foreground`, when `date` passed while the app was in
    /// the background. Timers of one instant run in the order they were scheduled. A
    /// timer dies with its process: a launch (`install`, `reinstall`, `relaunch`) drops
    /// every one, and so does the end of the timeline. For a repeating timer, schedule the
    /// next run from `run`. `run` runs in the isolation `scheduleTimer` was called from
    /// (`isolation`, which defaults to the caller's: the main actor for a `@MainActor`
    /// app, an actor's own for an actor's method).
    @discardableResult
    public func scheduleTimer(at date: Date, isolation: isolated (any Actor)? = #isolation, _ run: @escaping () -> Void) -> Int {
        let timer = ScheduledTimer(fires: Self.instant(date), isolation: isolation, run: run)
        return lock.withLock {
            lastTimerID += 1
            timers[lastTimerID] = timer
            return lastTimerID
        }
    }

    /// Cancels the timer `id` (`Timer.invalidate()`); nothing when it fired or was cancelled.
    public func cancelTimer(_ id: Int) {
        _ = lock.withLock { timers.removeValue(forKey: id) }
    }

    /// The fire dates of the timers scheduled and not yet run, earliest first.
    public var scheduledTimers: [Date] {
        lock.withLock { timers.values.map(\.fires).sorted().map(Self.date) }
    }

    /// Takes the timer that fires first, when it fires at `latest` or before (the lower
    /// id first among timers of one instant, as they were scheduled).
    func takeTimer(firingBy latest: Instant) -> ScheduledTimer? {
        lock.withLock {
            guard let first = timers.min(by: { ($0.value.fires, $0.key) < ($1.value.fires, $1.key) }), first.value.fires <= latest else { return nil }
            timers[first.key] = nil
            return first.value
        }
    }

    /// A timer of the app's: when it fires, and what it runs in which isolation.
    struct ScheduledTimer: @unchecked Sendable {
        let fires: Instant
        let isolation: (any Actor)?
        let run: () -> Void

        /// Runs the timer in the isolation it was scheduled from.
        func runIsolated() async {
            await Self.run(self, on: isolation)
        }

        private static func run(_ timer: ScheduledTimer, on actor: isolated (any Actor)?) {
            timer.run()
        }
    }

    /// The process ended: its timers are gone.
    func dropTimers() {
        lock.withLock { timers.removeAll() }
    }

    // MARK: Helpers

    /// The instant of a `Date`, to the millisecond.
    public static func instant(_ date: Date) -> Instant {
        Instant(millisecondsSince1970: Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }

    /// The `Date` of an instant.
    public static func date(_ instant: Instant) -> Date {
        Date(timeIntervalSince1970: Double(instant.millisecondsSince1970) / 1000)
    }

    private static func foundationZone(_ zone: TimeZoneRules) -> TimeZone {
        // The tables are only ever built for names Foundation accepts (`TimeZoneRules.named`);
        // a table made up by hand falls back to its offset at the epoch.
        TimeZone(identifier: zone.identifier) ?? TimeZone(secondsFromGMT: Int(zone.offsetMilliseconds(at: Instant(millisecondsSince1970: 0)) / 1000))!
    }

    private static func calendar(in zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    /// Compares Foundation's local date with the table's at the current instant, whenever
    /// the table's date differs from the one last found to agree (called with the lock
    /// held); remembers the first disagreement.
    private func checkAgreement() {
        let date = zone.localDate(at: instant)
        guard disagreement == nil, date != agreedDate else { return }
        let parts = zoneCalendar.dateComponents([.year, .month, .day], from: Self.date(instant))
        let table = date.components
        if parts.year == table.year && parts.month == table.month && parts.day == table.day {
            agreedDate = date
        } else {
            let foundation = LocalDate(year: parts.year ?? 0, month: parts.month ?? 1, day: parts.day ?? 1)
            disagreement = "at \(instant) in \(zone.identifier) the system's tz data give the local date \(foundation), the harness's table \(zone.localDate(at: instant)) (tz data \(TimeZone.timeZoneDataVersion))"
        }
    }
}
