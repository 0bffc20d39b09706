import Foundation
import Simulator
import SubscriptionModel
import Testing

/// No invariant can pass vacuously: each is fed a hand-made trace that breaks it, and
/// must name itself as the first violation.
@Suite("Each invariant fires on a trace that breaks it")
struct FlagshipInvariantFiresTests {
    static let utc = TimeZoneRules.named("UTC")!

    static func at(_ minutes: Int64) -> Instant { Instant(secondsSince1970: 1_767_225_600 + minutes * 60) } // 2026-01-01T00:00Z + minutes

    /// The reference outputs of `events`, with `tamper` applied to output `index`.
    static func firstViolation(_ events: [FlagshipEvent], at index: Int, tamper: (inout FlagshipOutput) -> Void) -> Violation<FlagshipInvariant>? {
        var outputs = FlagshipMachine().replay(zone: utc, events: events)
        tamper(&outputs[index])
        var checker = FlagshipTraceChecker()
        checker.start(zone: utc)
        for (event, output) in zip(events, outputs) {
            if let violation = checker.check(event, output) { return violation }
        }
        return nil
    }

    static let trialDay: [FlagshipEvent] = [FlagshipEvent(at: at(0), .install)] + (1...11).map { FlagshipEvent(at: at(Int64($0)), .capture(.meal)) }

    @Test("the checker reads each plan's limit from the rules itself, never through the model's choice of it")
    func checkerChoosesItsOwnLimits() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/Simulator/Rules/Flagship/Checking").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.contains("FlagshipTraceChecker.swift"), "\(folder.path)")
        for file in files {
            let code = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            #expect(!code.contains("dailyLimit(of:"), "\(file) asks the model for a plan's limit")
        }
    }

    @Test("the reference outputs of the hand-made traces pass")
    func untamperedPasses() {
        #expect(Self.firstViolation(Self.trialDay, at: 0) { _ in } == nil)
    }

    @Test("limit-respected: an 11th analysis allowed in the trial")
    func limitRespected() {
        let violation = Self.firstViolation(Self.trialDay, at: 11) { output in
            output.outcome = .captured
            output.used = 11
        }
        #expect(violation?.invariant == .limitRespected && violation?.eventIndex == 11)
    }

    @Test("no-free-plan: an analysis allowed after the trial without an entitlement")
    func noFreePlan() {
        let events = [FlagshipEvent(at: Self.at(0), .install), FlagshipEvent(at: Self.at(5 * 24 * 60), .capture(.meal))]
        let violation = Self.firstViolation(events, at: 1) { output in
            output.outcome = .captured
            output.used = 1
        }
        #expect(violation?.invariant == .noFreePlan)
    }

    @Test("usage-day: a usage day that moves backward")
    func usageDay() {
        let events = [FlagshipEvent(at: Self.at(0), .install), FlagshipEvent(at: Self.at(1), .capture(.meal)), FlagshipEvent(at: Self.at(2), .look)]
        let violation = Self.firstViolation(events, at: 2) { output in output.day = LocalDate(daysSinceEpochOf: output.day, plus: -1) }
        #expect(violation?.invariant == .usageDay && violation?.eventIndex == 2)
    }

    @Test("no-over-blocking: the first attempt of the day blocked")
    func noOverBlocking() {
        let violation = Self.firstViolation(Self.trialDay, at: 1) { output in
            output.outcome = .planSheet
            output.used = 0
        }
        #expect(violation?.invariant == .noOverBlocking && violation?.eventIndex == 1)
    }

    @Test("exact-texts: a label off by one letter, a box showing 50, a missing alert message")
    func exactTexts() {
        #expect(Self.firstViolation(Self.trialDay, at: 3) { $0.label = "Below Limit" }?.invariant == .exactTexts)
        let unlimited = [FlagshipEvent(at: Self.at(0), .install), FlagshipEvent(at: Self.at(1), .setEntitlement(.unlimited))]
        #expect(Self.firstViolation(unlimited, at: 1) { $0.planView = .bar(used: 0, limit: 50) }?.invariant == .exactTexts)
        let premium = [FlagshipEvent(at: Self.at(0), .install), FlagshipEvent(at: Self.at(1), .setEntitlement(.premium))] + (2...12).map { FlagshipEvent(at: Self.at(Int64($0)), .capture(.meal)) }
        #expect(Self.firstViolation(premium, at: 12) { $0.alert?.message = nil }?.invariant == .exactTexts)
    }

    @Test("plan-follows-entitlement: Trial shown after a Premium purchase")
    func planFollowsEntitlement() {
        let events = [FlagshipEvent(at: Self.at(0), .install), FlagshipEvent(at: Self.at(1), .setEntitlement(.premium))]
        #expect(Self.firstViolation(events, at: 1) { $0.plan = .trial }?.invariant == .planFollowsEntitlement)
    }

    @Test("used-counts-analyses: a count that forgot an analysis")
    func usedCountsAnalyses() {
        let forgot = Self.firstViolation(Self.trialDay, at: 4) { $0.used = 3 }
        #expect(forgot?.invariant == .usedCountsAnalyses)
        #expect(forgot?.detail.hasPrefix("used 3, but 4 analyses were counted on ") == true, "\(forgot?.detail ?? "none")")
        let first = Self.firstViolation(Self.trialDay, at: 1) { $0.used = 0 }
        #expect(first?.detail.hasPrefix("used 0, but 1 analysis was counted on ") == true, "one analysis, in the singular: \(first?.detail ?? "none")")
    }

    @Test("look-and-reinstall-change-nothing: a day that rolls over only when a screen appears")
    func lookAndReinstallChangeNothing() {
        // Correct whenever the user looks after midnight; wrong without the look.
        let events = [FlagshipEvent(at: Self.at(0), .install)] + (1...10).map { FlagshipEvent(at: Self.at(Int64($0)), .capture(.meal)) }
            + [FlagshipEvent(at: Self.at(24 * 60), .look), FlagshipEvent(at: Self.at(24 * 60 + 1), .capture(.meal))]
        var check = FlagshipTimelineCheck { RollsOverOnScreenAppear() }
        let violation = check.check(zone: Self.utc, events: events).violation
        #expect(violation?.invariant == .lookAndReinstallChangeNothing && violation?.eventIndex == 12)
    }
}

/// A realistic bug for rules.md #6: the app starts the new usage day only when its
/// home screen appears (or on launch), not when an attempt is made.
struct RollsOverOnScreenAppear: FlagshipImplementation {
    var model = FlagshipReferenceImplementation()
    var shownDay: LocalDate?
    var zone = TimeZoneRules.named("UTC")!

    mutating func start(zone: TimeZoneRules) {
        model.start(zone: zone)
        self.zone = zone
        shownDay = nil
    }

    mutating func handle(_ event: FlagshipEvent) -> FlagshipOutput {
        if case .setZone(let next) = event.action { zone = next }
        switch event.action {
        case .look, .reinstall, .install:
            shownDay = zone.localDate(at: event.at)
            return model.handle(event)
        default:
            // Attempts use the day the screen last showed: the reference model is asked
            // as if it were still that day's last moment when the screen has not refreshed.
            var output = model.handle(event)
            if let shown = shownDay, output.day > shown, case .capture = event.action {
                output.outcome = .planSheet
            }
            return output
        }
    }
}

extension LocalDate {
    /// `date` moved by `days`.
    init(daysSinceEpochOf date: LocalDate, plus days: Int32) {
        self.init(daysSince1970: date.daysSince1970 + days)
    }
}
