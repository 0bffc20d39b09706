import Foundation
@testable import Simulator
import SimulatorCore
import SubscriptionModel
import Testing

/// What the generic engine's speed rests on, seen from outside: the counts an output
/// carries are an inline collection that reads like an array of `UsageCounts`, alert
/// texts are interned yet read and compare as strings, a policy has at most as many
/// meters as the counts hold, and the benchmark's event mix reaches the rules.
@Suite("What the generic engine's speed rests on")
struct EngineSpeedTests {
    @Test("meter counts read, write, compare and print like an array of counts")
    func meterCountsReadLikeAnArray() {
        var counts: MeterCounts = [UsageCounts(day: 1, month: 2, total: 3, stock: 4), UsageCounts()]
        #expect(counts.count == 2 && counts.indices == 0..<2)
        #expect(counts[0].month == 2 && counts[0][.stock] == 4 && counts[1] == UsageCounts())
        counts[1].day += 5
        counts[1][.total] = 7
        #expect(Array(counts) == [UsageCounts(day: 1, month: 2, total: 3, stock: 4), UsageCounts(day: 5, total: 7)])
        #expect(counts == MeterCounts([UsageCounts(day: 1, month: 2, total: 3, stock: 4), UsageCounts(day: 5, total: 7)]))
        #expect(counts != [UsageCounts(day: 1, month: 2, total: 3, stock: 4)]) // a meter fewer
        #expect(counts != [UsageCounts(day: 1, month: 2, total: 3, stock: 4), UsageCounts(day: 5, total: 8)])
        #expect(Set([counts, counts]).count == 1)
        #expect(counts.description == Array(counts).description)
        #expect(MeterCounts(meters: 3) == [UsageCounts(), UsageCounts(), UsageCounts()])
        #expect(MeterCounts(meters: MeterCounts.capacity).count == MeterCounts.capacity)
    }

    @Test("an output built from an array of counts is the output built from meter counts")
    func outputFromArray() {
        let counts = [UsageCounts(day: 2, month: 2, total: 9, stock: 1)]
        let fromArray = Output(plan: 0, day: LocalDate(year: 2026, month: 3, day: 1), outcome: .allowed, reason: nil, response: nil,
                                     resetAt: nil, upgrade: nil, counts: counts, entitlement: nil, zone: .utc)
        #expect(fromArray.counts == MeterCounts(counts) && fromArray.counts[0].total == 9)
    }

    @Test("outputs are equal only when every field is: a change to any one of the ten makes them differ")
    func outputEqualityReadsEveryField() throws {
        let zone = try #require(TimeZoneRules.named("Europe/Paris"))
        let base = Output(plan: 0, day: LocalDate(year: 2026, month: 3, day: 1), outcome: .blocked, reason: .day, response: .paywall,
                                resetAt: Instant(millisecondsSince1970: 1_772_406_000_000), upgrade: PlanSet(bits: 0b10),
                                counts: [UsageCounts(day: 5, month: 5, total: 9, stock: 1)],
                                entitlement: Entitlement(product: 0, expires: nil, renews: true), zone: zone)
        // The comparison is written out by hand (for speed): a field added to the output
        // and not to `==` fails here.
        expectEqualityReadsEveryField(base, [
            ("plan", { $0.plan = nil }), ("day", { $0.day = LocalDate(year: 2026, month: 3, day: 2) }), ("outcome", { $0.outcome = .allowed }),
            ("reason", { $0.reason = .month }), ("response", { $0.response = .alert(Alert(title: "Limit", message: nil)) }),
            ("resetAt", { $0.resetAt = nil }), ("upgrade", { $0.upgrade = PlanSet() }), ("counts", { $0.counts[0].stock = 2 }),
            ("entitlement", { $0.entitlement?.renews = false }), ("zone", { $0.zone = .utc }),
        ])
    }

    @Test("an alert's texts read back as written and compare by text")
    func alertTexts() {
        var alert = Alert(title: "Daily limit reached", message: nil)
        #expect(alert.title == "Daily limit reached" && alert.message == nil)
        alert.message = "Resets at midnight"
        #expect(alert == Alert(title: "Daily limit reached", message: "Resets at midnight"))
        #expect(alert != Alert(title: "Daily limit reached", message: "Resets at midnight."))
        #expect(alert.message == "Resets at midnight")
    }

    @Test("a policy file with more meters than the engine holds is refused, naming the list")
    func tooManyMeters() {
        let meters = (0...MeterCounts.capacity).map { "\"m\($0)\"" }.joined(separator: ", ")
        let text = """
            {"policy": "t", "calendar": "device", "defaults": {"guest": "free"}, "meters": [\(meters)],
             "features": [{"id": "f", "consumes": "m0"}],
             "plans": [{"id": "free", "name": "Free", "features": "all"}], "screens": {}}
            """
        do {
            _ = try SubscriptionPolicy(data: Data(text.utf8), file: "t.json")
            Issue.record("a policy with \(MeterCounts.capacity + 1) meters was read")
        } catch {
            #expect(error.description == "error: t.json: $.meters: more than \(MeterCounts.capacity) meters")
        }
    }

    @Test("the benchmark's event mix is valid and reaches blocked uses under every shipped policy", arguments: SubscriptionPolicy.shippedNames)
    func benchmarkMix(name: String) {
        let policy = SubscriptionPolicy.named(name)!
        let timelines = Benchmark(policy: policy, users: 40).timelines()
        let machine = SubscriptionMachine(policy: policy)
        var blocked = 0, allowed = 0, events = 0
        for timeline in timelines {
            #expect(timeline.events.first?.action == .install)
            #expect(zip(timeline.events, timeline.events.dropFirst()).allSatisfy { $0.at <= $1.at })
            var state = machine.initialState(zone: timeline.zone)
            for event in timeline.events {
                switch machine.apply(event, to: &state).outcome {
                case .blocked?: blocked += 1
                case .allowed?: allowed += 1
                case nil: break
                }
            }
            events += timeline.events.count
        }
        #expect(blocked > events / 50 && allowed > events / 4)
    }
}

@Suite("bench --policy: the policy against the flagship")
struct BenchPolicyTextTests {
    @Test("the last lines give the flagship's rounds and policy/flagship, the ratio of the two medians of (b); every earlier line stays")
    func ratio() {
        func figure(_ millions: Double) -> Benchmark.Figure { Benchmark.Figure(events: Int(millions * 1_000_000), seconds: 1) }
        let rounds = Benchmark.SimulationRounds(simulation: [figure(14), figure(10), figure(15)], calendarBaseline: [figure(1.5), figure(1.4), figure(1.6)],
                                                flagship: [figure(35), figure(20), figure(36)])
        let lines = Benchmark.text(policy: "daily-quip", step: figure(40), rounds: rounds, jobs: 2).split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("simulate bench --policy daily-quip (") == true)
        #expect(lines.contains { $0.hasPrefix("  (b) full simulation") && $0.contains("14.0 Mevents/s") }, "the median of 14, 10 and 15: \(lines)")
        #expect(lines.contains("  b/c  9.3×   (zone tables against Calendar)"), "\(lines)")
        #expect(lines.suffix(2) == [
            "  rounds of the flagship's (b)  35.0 M  20.0 M  36.0 M",
            "  policy/flagship  0.40×   (this policy's (b) against the flagship's, meal-capture on the hand-written engine)",
        ], "14 M against the flagship's median 35 M: \(lines)")
    }

    @Test("with the rounds' processor time, a last line gives policy/flagship per processor second, the ratio of the two medians of the events per processor second")
    func processorRatio() {
        // Rounds whose wall-clock rates and processor rates order differently: the
        // medians are taken of each apart.
        func figure(_ millions: Double, cpu: Double) -> Benchmark.Figure {
            Benchmark.Figure(events: Int(millions * 1_000_000), seconds: 1, cpuSeconds: cpu)
        }
        let rounds = Benchmark.SimulationRounds(simulation: [figure(14, cpu: 2), figure(10, cpu: 1), figure(15, cpu: 3)],
                                                calendarBaseline: [figure(1.5, cpu: 2), figure(1.4, cpu: 2), figure(1.6, cpu: 2)],
                                                flagship: [figure(35, cpu: 2), figure(20, cpu: 1), figure(36, cpu: 1.8)])
        let lines = Benchmark.text(policy: "daily-quip", step: figure(40, cpu: 1), rounds: rounds, jobs: 2).split(separator: "\n").map(String.init)
        // Per processor second: the policy's 7, 10 and 5 M (median 7), the flagship's 17.5, 20 and 20 M (median 20).
        #expect(lines.suffix(3) == [
            "  rounds of the flagship's (b)  35.0 M  20.0 M  36.0 M",
            "  policy/flagship  0.40×   (this policy's (b) against the flagship's, meal-capture on the hand-written engine)",
            "  policy/flagship per processor second  0.35×   (the same by the rounds' processor time, which other programs' load moves less)",
        ], "\(lines)")
    }

    @Test("the processor time read for a round counts at least a busy thread's own, and no more than every core could give")
    func processorTime() {
        let clock = ContinuousClock(), started = clock.now
        let before = Benchmark.processorSeconds(), threadBefore = Self.threadSeconds()
        var x: UInt64 = 1
        while started.duration(to: clock.now) < .milliseconds(50) { for _ in 0..<10_000 { x = x &* 6364136223846793005 &+ 1 } }
        let threadSpent = Self.threadSeconds() - threadBefore
        let spent = Benchmark.processorSeconds() - before, wall = started.duration(to: clock.now).seconds
        // The process's time holds this thread's (however loaded the machine, and in
        // whole microseconds, hence the millisecond's slack), and other tests' threads
        // may add theirs: never more than every core for the whole time.
        #expect(x != 0 && threadSpent > 0, "the busy loop ran on this thread")
        #expect(spent >= threadSpent - 0.001, "\(spent) s of the process's processor time, \(threadSpent) s of this thread's")
        #expect(spent <= wall * Double(ProcessInfo.processInfo.activeProcessorCount) + 0.05, "\(spent) s of processor time in \(wall) s")
    }

    @Test("a round's processor time is the campaign's own, not the process's so far")
    func roundProcessorTime() {
        // (The test process has spent more processor time before the round, building
        // zone tables and the policy, than every core could give a round of ten users:
        // a reading of the process's time so far, not the round's, fails.)
        // The bound is every core for the whole call, not for the round's timed part: the
        // other tests in this process may keep every core busy for all of it.
        let measurement = Benchmark.Measurement(campaign: Campaign(options: CampaignOptions(seed: 1, users: 10, jobs: 1), policy: .mealCapture))
        let started = Date()
        let round = measurement.round()
        let wall = Date().timeIntervalSince(started)
        let cpu = round.cpuSeconds ?? -1
        #expect(round.events > 0)
        #expect(cpu >= 0 && cpu <= wall * Double(ProcessInfo.processInfo.activeProcessorCount) + 0.05,
                "\(cpu) s of processor time in a call of \(wall) s (a round of \(round.seconds) s)")
    }

    /// This thread's processor time, in seconds (the clock of the calling thread).
    private static func threadSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
