import Foundation
import Simulator
import SubscriptionModel
import SubscriptionTesting
import Testing

/// The app's own life under the harness: relaunches, trips to the background and back,
/// timers, and StoreKit's reports that arrive while the app is away, drawn for every
/// check of app code and handed to the adapter.
@Suite("The app's own life")
struct AppLifeTests {
    @Test("a count kept only in memory is found, and shrunk to a relaunch (seed 20261121, up to 60 users)")
    func countInMemoryShrinksToARelaunch() async throws {
        let failure = try await plantedMistake(CardQuota.adapter(.countInMemory), policy: .dailyQuip, users: 60, seed: 20261121,
                                               notFound: "the count kept in memory was not found in 60 users")
        let actions = failure.timeline.events.map(\.action)
        // The relaunch is the cause: the shrunk timeline keeps one, and no reinstall (which
        // would also lose the count, but is not the simplest story).
        #expect(actions.contains(.relaunch), "shrunk to: \(actions.map(\.name))")
        #expect(!actions.contains(.reinstall))
        let relaunch = try #require(actions.firstIndex(of: .relaunch))
        #expect(failure.violation.eventIndex >= relaunch)
        #expect(failure.timeline.events.count <= 10, "shrunk to \(failure.timeline.events.count) events")
        #expect(failure.message().contains(" relaunch"))
        // docs/testing-your-app.md shows this trace: it must be today's.
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/testing-your-app.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        for line in failure.trace { #expect(text.contains("\n  " + line + "\n"), "docs/testing-your-app.md should show: \(line)") }
        // Without the relaunch the same events pass: it is what the app got wrong.
        var without = failure.timeline
        without.events.remove(at: relaunch)
        let again = try await SubscriptionHarness.check(CardQuota.adapter(.countInMemory), policy: .dailyQuip,
                                                    timeline: TimelineWriter().text(without))
        #expect(again.failure == nil)
    }

    @Test("every mistake's shrunk counterexample is one the generator could have drawn: valid, realistic, still failing (seed 20261121, up to 300 users each)",
          arguments: CardQuota.Mistake.allCases)
    func shrunkCounterexamplesAreRealistic(_ mistake: CardQuota.Mistake) async throws {
        var report: HarnessReport?
        await withKnownIssue {
            report = try await SubscriptionHarness.check(CardQuota.adapter(mistake), policy: .dailyQuip, users: 300, seed: 20261121)
        }
        let failure = try #require(report?.failure, "\(mistake) was not found in 300 users")
        #expect(failure.timeline.isValid && failure.timeline.isRealistic, "\(failure.timeline.events.map(\.action))")
        #expect(failure.found.map { failure.timeline.events.count < $0.originalEvents } == true)
    }

    @Test("relaunches, trips to the background, timers and late entitlement news reach the adapter (seed 20261121, 40 users)")
    func momentsReachTheAdapter() async throws {
        let seen = MomentLog()
        let watching = AppAdapter { device in CardQuota(device: device) }
            .use("view-card") { quota, _ in quota.viewCard() }
            .lifecycle { quota, moment in
                seen.add(moment, on: quota.device)
                if moment.isLaunch { quota.launch() }
            }
            .screen("cards") { quota in .text(quota.cardsLabel) }
            .screen("plan") { quota in .text(quota.planLabel) }
        let report = try await SubscriptionHarness.check(watching, policy: .dailyQuip, users: 40, seed: 20261121)
        #expect(report.failure == nil && report.problem == nil)
        let devices = seen.byDevice
        for moment in [AppMoment.relaunch, .background, .foreground, .timer, .entitlementsChanged] {
            #expect(devices.contains { $0.contains(moment) }, "no \(moment) in 40 users")
        }
        // An entitlement change while the app was away is told when it comes back.
        let toldOnReturn = devices.contains { moments in
            zip(moments, moments.dropFirst()).contains { ($0.0 == .foreground || $0.0 == .relaunch) && $0.1 == .entitlementsChanged }
        }
        #expect(toldOnReturn)
        // Some users live with the app alive throughout (Q1's worst case), some do not.
        #expect(devices.contains { !$0.contains(.relaunch) && !$0.contains(.background) })
    }

    @Test("in the background the app is asked nothing: no use, no screen; its news waits for its return")
    func backgroundIsQuiet() async throws {
        let seen = MomentLog()
        let reads = MomentLog()
        let adapter = AppAdapter { device in CardQuota(device: device) }
            .use("view-card") { quota, _ in quota.viewCard() }
            .lifecycle { quota, moment in seen.add(moment, on: quota.device) }
            .screen("plan") { quota in
                reads.add(.look, on: quota.device)
                return .text(quota.planLabel)
            }
        let timeline = """
            {"policy": "daily-quip", "zone": "UTC", "events": [
              {"at": "2026-03-01T09:00:00Z", "do": "install"},
              {"at": "2026-03-01T09:05:00Z", "do": "background"},
              {"at": "2026-03-01T10:00:00Z", "do": "set-entitlement", "product": "dailyquip.monthly", "expires": "2026-04-01T10:00:00Z"},
              {"at": "2026-03-01T11:00:00Z", "do": "foreground"},
              {"at": "2026-03-01T11:01:00Z", "do": "timer"},
              {"at": "2026-03-01T11:02:00Z", "do": "relaunch"}
            ]}
            """
        let report = try await SubscriptionHarness.check(adapter, policy: .dailyQuip, timeline: timeline)
        #expect(report.failure == nil && report.problem == nil)
        // The app's device first; then G11's second device, which lives the same events
        // without the moments that change nothing.
        #expect(seen.byDevice == [[.install, .background, .foreground, .entitlementsChanged, .timer, .relaunch],
                                  [.install, .entitlementsChanged]])
        // Screens are read after every event but the two that find the app in the background.
        #expect(reads.byDevice.map(\.count) == [4, 2])
    }

    @Test("a G11 finding whose play without the app's moments breaks a rule on its own names that rule and the event")
    func secondDeviceBreaksARule() async throws {
        // Reset only at launch: the relaunch saves the first device's day; the second
        // device, without it, blocks the new day's first card.
        let timeline = """
            {"policy": "daily-quip", "zone": "UTC", "events": [
              {"at": "2026-03-01T09:00:00Z", "do": "install"},
              {"at": "2026-03-01T10:00:00Z", "do": "use", "feature": "view-card"},
              {"at": "2026-03-01T10:00:00Z", "do": "use", "feature": "view-card"},
              {"at": "2026-03-01T10:00:00Z", "do": "use", "feature": "view-card"},
              {"at": "2026-03-01T10:00:00Z", "do": "use", "feature": "view-card"},
              {"at": "2026-03-01T10:00:00Z", "do": "use", "feature": "view-card"},
              {"at": "2026-03-02T09:00:00Z", "do": "relaunch"},
              {"at": "2026-03-02T09:01:00Z", "do": "use", "feature": "view-card"}
            ]}
            """
        var report: HarnessReport?
        await withKnownIssue { report = try await SubscriptionHarness.check(CardQuota.adapter(.resetsOnlyAtLaunch), policy: .dailyQuip, timeline: timeline) }
        let failure = try #require(report?.failure)
        #expect(failure.invariant.rawValue == "look-and-reinstall-change-nothing")
        #expect(failure.message().contains("\nPlayed without its looks, reinstalls and moments of the app's life (G11's second device), the app broke no-over-blocking (G4, G6) on its own, at event 7: "),
                "\(failure.message())")
        // The trace is the first device's: the marked event shows it allowed, as the rules do.
        #expect(failure.trace.last?.hasPrefix("#7 2026-03-02T09:01:00Z use view-card | app: allowed") == true,
                "\(failure.trace.joined(separator: "\n"))")
    }

    @Test("a timeline that has the user use the app in the background is refused, naming the event")
    func useInTheBackgroundIsRefused() async throws {
        let timeline = """
            {"policy": "daily-quip", "zone": "UTC", "events": [
              {"at": "2026-03-01T09:00:00Z", "do": "install"},
              {"at": "2026-03-01T09:05:00Z", "do": "background"},
              {"at": "2026-03-01T10:00:00Z", "do": "use", "feature": "view-card"}
            ]}
            """
        await #expect(throws: HarnessError("timeline: event 2: \"use\" while the app is in the background (since event 1); add a \"foreground\" or \"relaunch\" before it")) {
            try await SubscriptionHarness.check(CardQuota.adapter(), policy: .dailyQuip, timeline: timeline)
        }
        let twice = timeline.replacingOccurrences(of: "\"use\", \"feature\": \"view-card\"", with: "\"foreground\"")
            .replacingOccurrences(of: "\"background\"", with: "\"foreground\"")
        await #expect(throws: HarnessError("timeline: event 1: \"foreground\" while the app is on the screen (no \"background\" before it)")) {
            try await SubscriptionHarness.check(CardQuota.adapter(), policy: .dailyQuip, timeline: twice)
        }
    }
}

/// The moments adapters were told, in order, per device, from any thread.
final class MomentLog: @unchecked Sendable {
    private let lock = NSLock()
    /// Each device is held, so that no later device takes its place in memory.
    private var logs: [(device: SimulatedDevice, moments: [AppMoment])] = []

    func add(_ moment: AppMoment, on device: SimulatedDevice) {
        lock.withLock {
            if let index = logs.firstIndex(where: { $0.device === device }) {
                logs[index].moments.append(moment)
            } else {
                logs.append((device, [moment]))
            }
        }
    }

    /// Each device's moments, devices in the order they were first told something.
    var byDevice: [[AppMoment]] { lock.withLock { logs.map(\.moments) } }
}
