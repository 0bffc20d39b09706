import Foundation
import Simulator
import SubscriptionModel
@testable import SubscriptionTesting
import Testing

/// The app's own timers (`SimulatedDevice.scheduleTimer`): run at their fire dates while
/// the app is on the screen, once on its return when they came due in the background,
/// and never after the process ended. So a midnight timer scheduled the wrong way is
/// found where a phone would run it.
@Suite("The app's own timers")
struct AppTimerTests {
    @Test("a midnight timer scheduled for the next day's start, again at each run and zone change, passes (seed 20261121, 200 users)")
    func midnightTimerPasses() async throws {
        let report = try await SubscriptionHarness.check(TimedCards.adapter(.nextDayStart), policy: .dailyQuip, users: 200, seed: 20261121)
        #expect(report.failure == nil && report.problem == nil, "\(report.failure?.message() ?? report.problem ?? "")")
    }

    /// Santiago turns its clocks back from 00:00 to 23:00 on 2026-04-05: a timer repeating
    /// every 24 hours from 2026-04-04T00:00 fires at 23:00 on the 4th.
    static let santiagoFallBack = """
        {"policy": "daily-quip", "zone": "America/Santiago", "events": [
          {"at": "2026-04-03T10:00:00-03:00", "do": "install"},
          {"at": "2026-04-04T20:00:00-03:00", "do": "use", "feature": "view-card"},
          {"at": "2026-04-04T20:00:00-03:00", "do": "use", "feature": "view-card"},
          {"at": "2026-04-04T20:00:00-03:00", "do": "use", "feature": "view-card"},
          {"at": "2026-04-04T20:00:00-03:00", "do": "use", "feature": "view-card"},
          {"at": "2026-04-04T20:00:00-03:00", "do": "use", "feature": "view-card"},
          {"at": "2026-04-04T23:30:00-04:00", "do": "use", "feature": "view-card"}
        ]}
        """

    @Test("a timer that repeats every 24 hours and zeroes the count is found on the night a DST change makes 25 hours; the timer's run shows on the trace")
    func fixedIntervalIsFound() async throws {
        var report: HarnessReport?
        await withKnownIssue {
            report = try await SubscriptionHarness.check(TimedCards.adapter(.every24Hours), policy: .dailyQuip, timeline: Self.santiagoFallBack)
        }
        let failure = try #require(report?.failure)
        #expect(failure.invariant.rawValue == "limits-respected")
        #expect(failure.trace.last?.hasPrefix("#6 2026-04-04T23:30:00-04:00 use view-card (after a timer at 2026-04-04T23:00:00-04:00) | app: allowed") == true,
                "\(failure.trace.joined(separator: "\n"))")
        // The timer scheduled for each day's start passes the same night.
        let right = try await SubscriptionHarness.check(TimedCards.adapter(.nextDayStart), policy: .dailyQuip, timeline: Self.santiagoFallBack)
        #expect(right.failure == nil && right.problem == nil)
    }

    @Test("timers run at their fire dates on the screen, once on the app's return when due in the background, and die with the process")
    func whenTimersRun() async throws {
        let timeline = """
            {"policy": "daily-quip", "zone": "UTC", "events": [
              {"at": "2026-03-01T09:00:00Z", "do": "install"},
              {"at": "2026-03-01T12:00:00Z", "do": "background"},
              {"at": "2026-03-01T18:00:00Z", "do": "foreground"},
              {"at": "2026-03-01T19:00:00Z", "do": "relaunch"},
              {"at": "2026-03-01T23:00:00Z", "do": "look"}
            ]}
            """
        let runs = RunLog()
        let adapter = AppAdapter { device in
            // Made at each launch: the install's object schedules four timers, the relaunch's none.
            if device.scheduledTimers.isEmpty, runs.launches == 0 {
                for hour in [10, 13, 14, 20] {
                    device.scheduleTimer(at: SimulatedDevice.date(Instant(millisecondsSince1970: 1_772_323_200_000 + Int64(hour) * 3_600_000))) {
                        runs.add("timer for \(hour):00 ran at \(SimulatedDevice.instant(device.now))")
                    }
                }
            }
            runs.launched()
            return CardQuota(device: device)
        }
        .use("view-card") { quota, _ in quota.viewCard() }
        .lifecycle { _, moment in runs.add("\(moment)") }
        let report = try await SubscriptionHarness.check(adapter, policy: .dailyQuip, timeline: timeline)
        #expect(report.failure == nil && report.problem == nil)
        #expect(runs.lines.prefix(7) == ["install", "timer for 10:00 ran at 2026-03-01T10:00:00Z", "background", "foreground",
                                         "timer for 13:00 ran at 2026-03-01T18:00:00Z", "timer for 14:00 ran at 2026-03-01T18:00:00Z", "relaunch"])
        #expect(!runs.lines.contains { $0.hasPrefix("timer for 20:00") })
    }

    @Test("a trace shows a timer run on the app's return as '(then a timer)' on the return's line")
    func lateTimerOnTheTrace() async throws {
        // Scheduled at the install for 13:00; the app is in the background then, so the
        // timer runs on its return at 18:00, where its stale label is read.
        let adapter = AppAdapter { device in
            let app = ShownCards(CardQuota(device: device))
            device.scheduleTimer(at: SimulatedDevice.date(Instant(millisecondsSince1970: 1_772_323_200_000 + 13 * 3_600_000))) {
                _ = app.quota.viewCard()
            }
            return app
        }
        .use("view-card") { app, _ in
            defer { app.refresh() }
            return app.quota.viewCard()
        }
        .screen("cards") { app in .text(app.quota.cardsLabel) }
        var report: HarnessReport?
        await withKnownIssue {
            report = try await SubscriptionHarness.check(adapter, policy: .dailyQuip, timeline: """
                {"policy": "daily-quip", "zone": "UTC", "events": [
                  {"at": "2026-03-01T09:00:00Z", "do": "install"},
                  {"at": "2026-03-01T12:00:00Z", "do": "background"},
                  {"at": "2026-03-01T18:00:00Z", "do": "foreground"}
                ]}
                """)
        }
        let failure = try #require(report?.failure)
        #expect(failure.trace.last?.hasPrefix("#2 2026-03-01T18:00:00Z foreground (then a timer) | app: cards \"4 cards remaining today\"") == true,
                "\(failure.trace.joined(separator: "\n"))")
    }

    @Test("a timer for an instant already past runs at once, the clock where it is; a timer repeating every second for three hours runs each time")
    func pastAndFrequentTimers() async throws {
        let timeline = """
            {"policy": "daily-quip", "zone": "UTC", "events": [
              {"at": "2026-03-01T09:00:00Z", "do": "install"},
              {"at": "2026-03-01T12:00:00Z", "do": "look"}
            ]}
            """
        let runs = RunLog()
        let adapter = AppAdapter { device in
            let start = device.now
            device.scheduleTimer(at: start.addingTimeInterval(-3_600)) { runs.add("past timer ran at \(SimulatedDevice.instant(device.now))") }
            func tick(_ at: Date) {
                device.scheduleTimer(at: at) {
                    runs.add("tick")
                    if at < start.addingTimeInterval(10_800) { tick(at.addingTimeInterval(1)) }
                }
            }
            tick(start.addingTimeInterval(1))
            return CardQuota(device: device)
        }
        .use("view-card") { quota, _ in quota.viewCard() }
        let report = try await SubscriptionHarness.check(adapter, policy: .dailyQuip, timeline: timeline)
        #expect(report.failure == nil && report.problem == nil, "\(report.problem ?? "")")
        // The install's device first: its past timer ran at the install's instant, then 10,800 ticks.
        #expect(runs.lines.first == "past timer ran at 2026-03-01T09:00:00Z")
        #expect(runs.lines.prefix(10_801).filter { $0 == "tick" }.count == 10_800)
    }

    @Test("a timer scheduled from an actor's method runs on that actor, however the harness reaches it")
    func actorTimer() async throws {
        let device = try #require(SimulatedDevice(now: Date(timeIntervalSince1970: 1_772_355_600), zoneIdentifier: "UTC"))
        let app = ActorCards(device: device)
        await app.start()
        // Taken and run as the harness's task does, from outside the actor: the closure
        // asserts that it runs on the actor (a trap otherwise).
        let timer = try #require(device.takeTimer(firingBy: Instant(millisecondsSince1970: Int64.max)))
        await timer.runIsolated()
        #expect(await app.midnights == 1)
        #expect(device.scheduledTimers.count == 1, "the run scheduled the next midnight")
    }

    @Test("a timer that schedules another at its own fire date, without end, is stopped and said to be so")
    func runawayTimerIsStopped() async throws {
        let timeline = """
            {"policy": "daily-quip", "zone": "UTC", "events": [
              {"at": "2026-03-01T09:00:00Z", "do": "install"},
              {"at": "2026-03-01T10:00:00Z", "do": "look"}
            ]}
            """
        let adapter = AppAdapter { device in
            func again() { device.scheduleTimer(at: device.now) { again() } }
            again()
            return CardQuota(device: device)
        }
        .use("view-card") { quota, _ in quota.viewCard() }
        .named("Runaway")
        var report: HarnessReport?
        await withKnownIssue { report = try await SubscriptionHarness.check(adapter, policy: .dailyQuip, timeline: timeline) }
        let problem = try #require(report?.problem)
        #expect(problem.contains("Runaway's timers kept firing before event 1 (look at 2026-03-01T10:00:00Z): 10,000 ran at 2026-03-01T09:00:00Z and more were due (a timer that schedules another at or before its own fire date?)"), "\(problem)")
    }
}

/// Daily-quip's cards as a view model shows them (the count kept with its day, read
/// lazily), its label refreshed at launch, at each use, on the app's return, at a zone or
/// StoreKit change, and by a midnight timer of its own, which also starts the new day.
final class TimedCards: @unchecked Sendable {
    /// How the midnight timer is scheduled.
    enum Schedule: Sendable {
        /// For the next day's start in the device's calendar, again after each run and at
        /// each zone change: right.
        case nextDayStart
        /// Once at launch for the next day's start, then every 24 hours, zeroing the count
        /// at each run: wrong on a day of 23 or 25 hours.
        case every24Hours
    }

    let quota: CardQuota
    let schedule: Schedule
    private(set) var cardsLabel: String
    private var timer: Int?

    init(device: SimulatedDevice, schedule: Schedule) {
        quota = CardQuota(device: device)
        self.schedule = schedule
        cardsLabel = quota.cardsLabel
        scheduleMidnight(at: nextDayStart())
    }

    private var device: SimulatedDevice { quota.device }

    private func nextDayStart() -> Date {
        let calendar = device.calendar
        return calendar.startOfDay(for: calendar.date(byAdding: .day, value: 1, to: device.now)!)
    }

    private func scheduleMidnight(at date: Date) {
        if let timer { device.cancelTimer(timer) }
        timer = device.scheduleTimer(at: date) { [weak self] in self?.midnight(scheduledFor: date) }
    }

    private func midnight(scheduledFor date: Date) {
        switch schedule {
        case .nextDayStart:
            scheduleMidnight(at: nextDayStart())
        case .every24Hours:
            device.keychain.set(0, forKey: "cardsViewedToday")
            scheduleMidnight(at: date.addingTimeInterval(86_400))
        }
        refresh()
    }

    func refresh() { cardsLabel = quota.cardsLabel }

    func zoneChanged() {
        if schedule == .nextDayStart { scheduleMidnight(at: nextDayStart()) }
        refresh()
    }

    static func adapter(_ schedule: Schedule) -> AppAdapter<TimedCards> {
        AppAdapter { device in TimedCards(device: device, schedule: schedule) }
            .use("view-card") { app, _ in
                defer { app.refresh() }
                return app.quota.viewCard()
            }
            .lifecycle { app, moment in
                switch moment {
                case .timeZoneChanged: app.zoneChanged()
                case .foreground, .entitlementsChanged: app.refresh()
                default: break
                }
            }
            .screen("cards") { app in .text(app.cardsLabel) }
            .screen("plan") { app in .text(app.quota.planLabel) }
            .named("TimedCards(\(schedule))")
    }
}

/// What an adapter's closures saw, in order, from any thread.
final class RunLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    private var launchCount = 0

    func add(_ line: String) { lock.withLock { entries.append(line) } }
    func launched() { lock.withLock { launchCount += 1 } }
    var launches: Int { lock.withLock { launchCount } }
    var lines: [String] { lock.withLock { entries } }
}

/// `CardQuota` behind an actor, with a midnight timer scheduled from the actor's own
/// method: the timer's closure touches the actor's state, so it must run on the actor.
actor ActorCards {
    let quota: CardQuota
    private(set) var midnights = 0

    init(device: SimulatedDevice) { quota = CardQuota(device: device) }

    func start() { scheduleMidnight() }

    private func scheduleMidnight() {
        let calendar = quota.device.calendar
        let next = calendar.startOfDay(for: calendar.date(byAdding: .day, value: 1, to: quota.device.now)!)
        quota.device.scheduleTimer(at: next) {
            self.assertIsolated()
            self.midnights += 1
            self.scheduleMidnight()
        }
    }
}
