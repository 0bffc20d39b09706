import Foundation
import Simulator
import SubscriptionModel
import SubscriptionTesting
import Testing

/// `.dayChanged`: the harness tells a running app that its local date changed, at the
/// day's start in the device's zone, as iOS posts `NSCalendarDayChanged`. An app that
/// brings its screen up to date when it observes that notification is then checked as
/// it runs on a phone.
@Suite("The day's change told to the app")
struct DayChangeTests {
    @Test("an app that shows a label computed when something happens, the day's change (NSCalendarDayChanged) included, passes (seed 20261121, 200 users)")
    func dayChangeObserverPasses() async throws {
        let report = try await SubscriptionHarness.check(Self.observingDayChange(hearsDayChange: true), policy: .dailyQuip, users: 200, seed: 20261121)
        #expect(report.failure == nil && report.problem == nil, "\(report.failure?.message() ?? report.problem ?? "")")
    }

    @Test("the same app without the day's change is found, and its trace shows the day's change it was told (seed 20261121, up to 200 users)")
    func ignoringTheDayChangeIsFound() async throws {
        var report: HarnessReport?
        await withKnownIssue {
            report = try await SubscriptionHarness.check(Self.observingDayChange(hearsDayChange: false), policy: .dailyQuip, users: 200, seed: 20261121)
        }
        let failure = try #require(report?.failure, "an app that ignores the day's change was not found in 200 users")
        // The app was told of the day's change before the event that found its stale count.
        #expect(failure.trace.contains { $0.contains(" (after dayChanged") }, "\(failure.trace.joined(separator: "\n"))")
        #expect(failure.invariant.rawValue == "exact-screens")
    }

    @Test("the day's change is told at each day's start the app stays open through, at the first instant of a day whose midnight a DST change skips")
    func toldAtEachDayStart() async throws {
        // Santiago moves its clocks from 00:00 to 01:00 on 2026-09-06: that day begins at 01:00.
        let timeline = """
            {"policy": "daily-quip", "zone": "America/Santiago", "events": [
              {"at": "2026-09-04T20:00:00-04:00", "do": "install"},
              {"at": "2026-09-05T12:00:00-04:00", "do": "use", "feature": "view-card"},
              {"at": "2026-09-06T09:00:00-03:00", "do": "use", "feature": "view-card"}
            ]}
            """
        let log = TimedMoments()
        let report = try await SubscriptionHarness.check(Self.observingDayChange(hearsDayChange: true, log: log), policy: .dailyQuip, timeline: timeline)
        #expect(report.failure == nil && report.problem == nil)
        #expect(log.firstDevice == ["install 2026-09-04 20:00", "dayChanged 2026-09-05 00:00", "dayChanged 2026-09-06 01:00"])
    }

    @Test("a day begun while the app was in the background is told once, after its return; a launch is told none")
    func toldOnceOnReturn() async throws {
        let timeline = """
            {"policy": "daily-quip", "zone": "UTC", "events": [
              {"at": "2026-03-01T22:00:00Z", "do": "install"},
              {"at": "2026-03-01T23:00:00Z", "do": "background"},
              {"at": "2026-03-04T09:00:00Z", "do": "foreground"},
              {"at": "2026-03-04T09:01:00Z", "do": "use", "feature": "view-card"},
              {"at": "2026-03-04T10:00:00Z", "do": "background"},
              {"at": "2026-03-05T09:00:00Z", "do": "relaunch"}
            ]}
            """
        let log = TimedMoments()
        let report = try await SubscriptionHarness.check(Self.observingDayChange(hearsDayChange: true, log: log), policy: .dailyQuip, timeline: timeline)
        #expect(report.failure == nil && report.problem == nil)
        #expect(log.firstDevice == ["install 2026-03-01 22:00", "background 2026-03-01 23:00", "foreground 2026-03-04 09:00",
                                    "dayChanged 2026-03-04 09:00", "background 2026-03-04 10:00", "relaunch 2026-03-05 09:00"])
    }

    @Test("a zone change that moves the date tells it after timeZoneChanged, forward or back; in the background, after the app's return")
    func toldAtAZoneChangeThatMovesTheDate() async throws {
        let timeline = """
            {"policy": "daily-quip", "zone": "UTC", "events": [
              {"at": "2026-03-01T20:00:00Z", "do": "install"},
              {"at": "2026-03-01T20:10:00Z", "do": "set-zone", "zone": "Asia/Tokyo"},
              {"at": "2026-03-01T20:20:00Z", "do": "set-zone", "zone": "UTC"},
              {"at": "2026-03-01T20:30:00Z", "do": "set-zone", "zone": "Europe/London"},
              {"at": "2026-03-01T20:40:00Z", "do": "background"},
              {"at": "2026-03-01T20:50:00Z", "do": "set-zone", "zone": "Pacific/Kiritimati"},
              {"at": "2026-03-01T21:00:00Z", "do": "foreground"}
            ]}
            """
        let log = TimedMoments()
        let report = try await SubscriptionHarness.check(Self.observingDayChange(hearsDayChange: true, log: log), policy: .dailyQuip, timeline: timeline)
        #expect(report.failure == nil && report.problem == nil)
        #expect(log.firstDevice == ["install 2026-03-01 20:00", "timeZoneChanged 2026-03-02 05:10", "dayChanged 2026-03-02 05:10",
                                    "timeZoneChanged 2026-03-01 20:20", "dayChanged 2026-03-01 20:20", "timeZoneChanged 2026-03-01 20:30",
                                    "background 2026-03-01 20:40", "timeZoneChanged 2026-03-02 10:50", "foreground 2026-03-02 11:00",
                                    "dayChanged 2026-03-02 11:00"])
    }

    @Test("the trace says the days begun since the last event, and a day's change among an event's moments")
    func traceNotes() async throws {
        let stale = AppAdapter { device in ShownCards(CardQuota(device: device)) }
            .use("view-card") { app, _ in
                defer { app.refresh() }
                return app.quota.viewCard()
            }
            .lifecycle { _, _ in }
            .screen("cards") { app in .text(app.cardsLabel) }
        var days: HarnessReport?
        await withKnownIssue {
            days = try await SubscriptionHarness.check(stale, policy: .dailyQuip, timeline: """
                {"policy": "daily-quip", "zone": "UTC", "events": [
                  {"at": "2026-03-01T09:00:00Z", "do": "install"},
                  {"at": "2026-03-01T09:00:00Z", "do": "use", "feature": "view-card"},
                  {"at": "2026-03-04T09:00:00Z", "do": "look"}
                ]}
                """)
        }
        #expect(try #require(days?.failure).trace.last?.hasPrefix("#2 2026-03-04T09:00:00Z look (after dayChanged 3 times, the last at 2026-03-04T00:00:00Z) | app: cards \"4 cards") == true)
        var flight: HarnessReport?
        await withKnownIssue {
            flight = try await SubscriptionHarness.check(stale, policy: .dailyQuip, timeline: """
                {"policy": "daily-quip", "zone": "UTC", "events": [
                  {"at": "2026-03-01T20:00:00Z", "do": "install"},
                  {"at": "2026-03-01T20:00:00Z", "do": "use", "feature": "view-card"},
                  {"at": "2026-03-01T20:10:00Z", "do": "set-zone", "zone": "Asia/Tokyo"}
                ]}
                """)
        }
        #expect(try #require(flight?.failure).trace.last?.hasPrefix("#2 2026-03-02T05:10:00+09:00 set-zone Asia/Tokyo (then dayChanged) | app: cards \"4 cards") == true)
    }

    @Test("a lifecycle hook that throws at a day's start is named with that instant, before the event")
    func throwingAtADaysStart() async throws {
        struct Refused: Error {}
        let adapter = AppAdapter { device in CardQuota(device: device) }
            .use("view-card") { quota, _ in quota.viewCard() }
            .lifecycle { _, moment in if moment == .dayChanged { throw Refused() } }
            .named("CardQuota")
        var report: HarnessReport?
        await withKnownIssue {
            report = try await SubscriptionHarness.check(adapter, policy: .dailyQuip, timeline: """
                {"policy": "daily-quip", "zone": "UTC", "events": [
                  {"at": "2026-03-01T09:00:00Z", "do": "install"},
                  {"at": "2026-03-03T09:00:00Z", "do": "look"}
                ]}
                """)
        }
        let problem = try #require(report?.problem)
        #expect(problem.contains("CardQuota's lifecycle(.dayChanged) threw at 2026-03-02T00:00:00Z, before event 1 (look at 2026-03-03T09:00:00Z): "), "\(problem)")
    }

    @Test("an async app and a main-actor app are told the same moments, and run the same timers, at the same instants")
    func everyIsolation() async throws {
        let timeline = """
            {"policy": "daily-quip", "zone": "America/Santiago", "events": [
              {"at": "2026-09-04T20:00:00-04:00", "do": "install"},
              {"at": "2026-09-06T09:00:00-03:00", "do": "look"},
              {"at": "2026-09-06T10:00:00-03:00", "do": "background"},
              {"at": "2026-09-08T09:00:00-03:00", "do": "foreground"}
            ]}
            """
        let sync = TimedMoments(), async = TimedMoments(), main = TimedMoments()
        _ = try await SubscriptionHarness.check(Self.observingDayChange(hearsDayChange: true, log: sync), policy: .dailyQuip, timeline: timeline)
        // Each app schedules a timer at its launch for noon on the 5th: it runs then.
        let noon = SimulatedDevice.date(Instant(millisecondsSince1970: 1_788_624_000_000))
        let asyncAdapter = AppAdapter { device in
            device.scheduleTimer(at: noon) { async.add("timer", on: device) }
            return ShownCards(CardQuota(device: device))
        }
            .use("view-card") { app, _ async in app.quota.viewCard() }
            .lifecycle { app, moment async in async.add(moment, on: app.quota.device) }
        _ = try await SubscriptionHarness.check(asyncAdapter, policy: .dailyQuip, timeline: timeline)
        let mainAdapter = AppAdapter { @MainActor device in
            let cards = ShownCards(CardQuota(device: device))
            device.scheduleTimer(at: noon) { main.add("timer", on: cards.quota.device) }
            return cards
        }
            .use("view-card") { @MainActor app, _ in app.quota.viewCard() }
            .lifecycle { @MainActor app, moment in main.add(moment, on: app.quota.device) }
        _ = try await SubscriptionHarness.check(mainAdapter, policy: .dailyQuip, timeline: timeline)
        #expect(sync.firstDevice == ["install 2026-09-04 20:00", "dayChanged 2026-09-05 00:00", "dayChanged 2026-09-06 01:00", "look 2026-09-06 09:00",
                                     "background 2026-09-06 10:00", "foreground 2026-09-08 09:00", "dayChanged 2026-09-08 09:00"])
        var timed = sync.firstDevice
        timed.insert("timer 2026-09-05 12:00", at: 2)
        #expect(async.firstDevice == timed)
        #expect(main.firstDevice == timed)
    }

    /// Daily-quip's cards as a view model shows them: the count kept with its day (read
    /// lazily, so it is right), the label computed when something happens and shown until
    /// the next time: at a launch, a use, the app's return, a zone or StoreKit change and
    /// (when `hearsDayChange`) when it observes `NSCalendarDayChanged`.
    static func observingDayChange(hearsDayChange: Bool, log: TimedMoments? = nil) -> AppAdapter<ShownCards> {
        AppAdapter { device in ShownCards(CardQuota(device: device)) }
            .use("view-card") { app, _ in
                defer { app.refresh() }
                return app.quota.viewCard()
            }
            .lifecycle { app, moment in
                log?.add(moment, on: app.quota.device)
                switch moment {
                case .dayChanged: if hearsDayChange { app.refresh() }
                case .install, .reinstall, .relaunch, .foreground, .timeZoneChanged, .entitlementsChanged: app.refresh()
                default: break
                }
            }
            .screen("cards") { app in .text(app.cardsLabel) }
            .screen("plan") { app in .text(app.quota.planLabel) }
            .named(hearsDayChange ? "ShownCards" : "ShownCards(noDayChange)")
    }
}

/// A view model over `CardQuota`: the cards' label as last computed.
final class ShownCards: @unchecked Sendable {
    let quota: CardQuota
    private(set) var cardsLabel: String

    init(_ quota: CardQuota) {
        self.quota = quota
        cardsLabel = quota.cardsLabel
    }

    func refresh() { cardsLabel = quota.cardsLabel }
}

/// The moments the first device's app was told, each with the device's local time then.
final class TimedMoments: @unchecked Sendable {
    private let lock = NSLock()
    private var device: SimulatedDevice?
    private var moments: [String] = []

    func add(_ moment: AppMoment, on device: SimulatedDevice) { add(moment.rawValue, on: device) }

    func add(_ what: String, on device: SimulatedDevice) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = device.timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let line = "\(what) \(formatter.string(from: device.now))"
        lock.withLock {
            if self.device == nil { self.device = device }
            if self.device === device { moments.append(line) }
        }
    }

    var firstDevice: [String] { lock.withLock { moments } }
}
