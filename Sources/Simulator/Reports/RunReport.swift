import Foundation
import SubscriptionModel
import SimulatorCore

/// Everything a run found, as `report.json` stores it: the one source the markdown,
/// the HTML page, `simulate diff` and the behaviour baseline are rendered from.
///
/// Encoded with sorted keys and no timings outside `timing`, so two runs of the same
/// seed and size give the same file apart from that field.
package struct RunReport: Codable, Equatable, Sendable {
    /// The tool and its version.
    package var tool: String
    /// Which command wrote it: `run`, `mutants` or `check` (its title and command follow).
    package var kind: Kind
    /// What was simulated.
    package var options: Options
    /// The run's totals.
    package var counts: Counts
    /// Each invariant's checks and violations, in declaration order.
    package var invariants: [InvariantEntry]
    /// Each edge category's count and floor.
    package var coverage: [CoverageEntry]
    /// What the rules did.
    package var behaviour: Behaviour
    /// Each violation, shrunk, with how to reproduce it.
    package var failures: [FailureEntry]
    /// The mutant campaign's kill matrix, when one was run.
    package var mutants: [MutantEntry]?
    /// Wall-clock figures: the only part that differs between identical runs.
    package var timing: Timing?
    /// Set when the report is one shard's share of a run (`--shard I/N`): which shard,
    /// and what `simulate merge` needs; nil for a whole run and for a merged one.
    package var shard: ShardRecord?
    /// No invariant broke and every edge category reached its floor.
    package var passed: Bool

    /// The command that writes a report.
    package enum Kind: String, Codable, Sendable, CaseIterable {
        /// `simulate run`: the reference model over simulated users.
        case run
        /// `simulate mutants`: the kill matrix.
        case mutants
        /// `simulate check`: an external program against the reference.
        case check

        /// The report's title.
        package var title: String {
            switch self {
            case .run: "Simulation report"
            case .mutants: "Mutant kill matrix"
            case .check: "External implementation check"
            }
        }
    }

    /// The current tool string.
    package static let toolVersion = "simulate 0.1.0"

    /// The users a run may have (`--users`), so no report counts more.
    package static let userRange = CampaignOptions.userRange
    /// The years a run may span (`--years`).
    package static let yearRange = 1...60

    /// `simulate run`'s options.
    package struct Options: Codable, Equatable, Sendable {
        /// The seed.
        package var seed: UInt64
        /// Users simulated.
        package var users: Int
        /// The longest timeline in years.
        package var years: Int
        /// The personas drawn from.
        package var personas: [String]
        /// The command that reproduces the run.
        package var command: String
        /// The policy simulated (a shipped name or a policy file's path); nil for the v1
        /// meal-capture rules of the fast path.
        package var policy: String?
        /// The policy's plans, reasons and responses as a reviewer reads them (policy runs).
        package var policyLines: [String]?
        /// For a policy file's run: the FNV-1a hash of the file's bytes, 16 hex digits
        /// (`PolicySource.contentDigest`). Two shards whose files hash alike ran the same
        /// rules wherever the files were; absent for a shipped policy and the v1 rules.
        package var policyDigest: String? = nil
        /// `false` for a policy run whose users drew no swarm subsets (`--no-swarm`: its
        /// coverage floors are not judged); absent otherwise.
        package var swarm: Bool? = nil
        /// With `--storekit FILE`: the StoreKit configuration file's absolute path, whose
        /// products the policy sold (a merge reads it again to set the floors); absent
        /// otherwise.
        package var storeKit: String? = nil
        /// With `--storekit FILE`: the FNV-1a hash of the file's bytes, 16 hex digits, as
        /// `policyDigest` is the policy file's.
        package var storeKitDigest: String? = nil
        /// For a check: the command of the program under test, with ` (batch)` when it
        /// spoke the batch protocol; absent for every other report.
        package var program: String? = nil
        /// The IANA time zone data version the run used (`TimeZone.timeZoneDataVersion`):
        /// zone histories decide local dates, so the same seed can give other results
        /// with other tz data.
        package var tzData: String
    }

    /// Totals.
    package struct Counts: Codable, Equatable, Sendable {
        /// Users.
        package var users: Int
        /// Events.
        package var events: Int
        /// Simulated user-years, to one decimal.
        package var userYears: Double
        /// The outputs' digest.
        package var digest: String
        /// Users per persona.
        package var personas: [String: Int]
    }

    /// One invariant's line.
    package struct InvariantEntry: Codable, Equatable, Sendable {
        /// Its name.
        package var name: String
        /// The rules it protects.
        package var rules: String
        /// Times checked.
        package var checks: Int
        /// Users whose timeline broke it.
        package var violations: Int
        /// The first such user.
        package var firstFailingUser: Int?
    }

    /// One edge category's line.
    package struct CoverageEntry: Codable, Equatable, Sendable {
        /// Its name.
        package var category: String
        /// What it means.
        package var meaning: String
        /// Times reached.
        package var reached: Int
        /// The count the default mix of personas is expected to reach at this run's size.
        package var expected: Int
        /// The floor for this run's size (0: too small to judge).
        package var floor: Int
        /// How the floor was set.
        package var floorRule: String
        /// Whether it reached the floor.
        package var exercised: Bool

        /// The expected count as a report shows it: "—" where none is known (a policy
        /// without measured figures, a run without swarm), not 0.
        package var expectedText: String { expected == 0 && floor == 0 ? "—" : Figures.grouped(expected) }
        /// The floor as a report shows it: "—" where the category is not judged.
        package var floorText: String { floor == 0 ? "—" : Figures.grouped(floor) }
    }

    /// Counts of what the rules did.
    package struct Behaviour: Codable, Equatable, Sendable {
        /// Per persona: outcomes, labels and plans.
        package var byPersona: [String: PersonaBehaviour]
        /// Per plan: attempt outcomes.
        package var outcomesByPlan: [String: [String: Int]]
        /// Attempts per local minute from 23:00 to 00:59.
        package var attemptsAroundMidnight: [Int]
        /// Attempts per local hour.
        package var attemptsByHour: [Int]
        /// The outcome names in the order tables show them (a policy run's: `allowed`,
        /// then `blocked: REASON → RESPONSE` for each that can occur); nil for the v1
        /// rules (`captured`, `plan-sheet`, `limit-alert`).
        package var outcomeOrder: [String]?
        /// The plan ids in the order tables show them (a policy's, then `none`); nil for v1.
        package var planOrder: [String]?
        /// The label kinds in the order tables show them; nil for v1, `[]` where there are none.
        package var labelOrder: [String]?

        /// The outcome names in table order.
        package var outcomeNames: [String] { outcomeOrder ?? FlagshipOutput.Outcome.allCases.map(\.rawValue) }
        /// The plan ids in table order.
        package var planNames: [String] { planOrder ?? FlagshipPlan.allCases.map(\.rawValue) }
        /// The label kinds in table order.
        package var labelNames: [String] { labelOrder ?? BehaviourCounts.LabelKind.allCases.map(\.rawValue) }
    }

    /// One persona's counts.
    package struct PersonaBehaviour: Codable, Equatable, Sendable {
        /// Attempt outcomes.
        package var outcomes: [String: Int]
        /// Labels after each event.
        package var labels: [String: Int]
        /// Plans after each event.
        package var plans: [String: Int]
    }

    /// One shrunk violation.
    package struct FailureEntry: Codable, Equatable, Sendable {
        /// The invariant.
        package var invariant: String
        /// Its rules.
        package var rules: String
        /// Who broke it (an implementation's name; `reference` for the model).
        package var implementation: String
        /// The run's seed.
        package var seed: UInt64
        /// The user.
        package var user: Int
        /// The user's persona.
        package var persona: String
        /// What was seen on the shrunk timeline.
        package var detail: String
        /// Events before shrinking.
        package var originalEvents: Int
        /// Events after shrinking.
        package var shrunkEvents: Int
        /// The shrunk timeline, as a timeline file.
        package var timeline: String
        /// Where the timeline file was written.
        package var timelineFile: String
        /// The command that replays it.
        package var replayCommand: String
        /// The command that regenerates the user.
        package var regenerateCommand: String
        /// For a check: the command that gives the timeline file to the program under
        /// test as the check gave it (`replayCommand` shows the reference's outputs), with
        /// a shell comment when the check also sent it without its looks and reinstalls.
        /// Absent for a run, whose implementation is the package's own, and for a check
        /// whose timeline passed when given to a fresh program.
        package var programCommand: String? = nil
        /// A test for `Tests/Scenarios` that fails until the bug is fixed.
        package var regressionTest: String

        /// How far it was shrunk, as reports say it: "shrunk from 8,262 to 11 events", or
        /// "not shrunk (1,927 events)" for a timeline kept whole; capitalized to start a
        /// sentence.
        package func shrinking(capitalized: Bool = false) -> String {
            ShrinkingText.text(from: originalEvents, to: shrunkEvents, capitalized: capitalized)
        }
    }

    /// One mutant's row of the kill matrix.
    package struct MutantEntry: Codable, Equatable, Sendable {
        /// The mutant.
        package var name: String
        /// The real-world mistake it stands for.
        package var mistake: String
        /// Whether the campaign caught it.
        package var killed: Bool
        /// The invariant (or divergence) that caught it.
        package var caughtBy: String?
        /// Events simulated until it was caught.
        package var eventsUntilKill: Int?
        /// Seconds until it was caught.
        package var secondsUntilKill: Double?
        /// Events in the shrunk counterexample.
        package var shrunkEvents: Int?
        /// The shrunk counterexample.
        package var counterexample: String?
        /// The invariant the shrunk counterexample breaks, when it is not `caughtBy` (a
        /// policy mutant's counterexample is shrunk to any violation); absent otherwise.
        package var counterexampleBreaks: String? = nil
        /// A test that constructs the mutant and fails on its counterexample.
        package var regressionTest: String?

        /// The kill matrix's "by" column, in markdown: the invariant that caught it, and
        /// the one its counterexample breaks when that is another.
        package var caughtByText: String {
            caughtBy.map { "`\($0)`" + (counterexampleBreaks.map { " (its counterexample breaks `\($0)`)" } ?? "") } ?? ""
        }
    }

    /// Wall-clock figures.
    package struct Timing: Codable, Equatable, Sendable {
        /// Worker threads.
        package var jobs: Int
        /// Seconds of simulation.
        package var seconds: Double
        /// Events per second.
        package var eventsPerSecond: Double
    }

    /// The report with its wall-clock figures removed: what a baseline stores and compares.
    package var withoutTiming: RunReport {
        var copy = self
        copy.timing = nil
        return copy
    }

    /// JSON text, keys sorted, pretty.
    package func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Reads a report written by `json()`.
    ///
    /// Refuses, with one line naming the file and the fault, anything that is not such a
    /// report: text that is not strict JSON, a field missing or of the wrong type (a
    /// count written `1.5` or `1e2`), or numbers no run can produce (a negative count, a
    /// non-finite figure, a chart of the wrong length), so that `simulate diff` never
    /// computes with them.
    package static func read(path: String) throws(TimelineError) -> RunReport {
        try read(file: InputPath(path))
    }

    /// Reads a report written by `json()` from a file named by its bytes (a name that
    /// is not UTF-8 still names its file; see `InputPath.commandLineArgument`), refusing
    /// what is not such a report as `read(path:)` does.
    package static func read(file: InputPath) throws(TimelineError) -> RunReport {
        let bytes = try InputFile.read(file, kind: "report")
        func refuse(_ why: String) -> TimelineError {
            TimelineError(place: file.shown, problem: "not a report.json of \(toolVersion): \(why)")
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw refuse(error.repeatedKey == nil ? error.notJSONText(in: bytes) : "\(error.problem) at \(error.place(in: bytes))")
        }
        guard case .object = value else { throw refuse("not a JSON object") }
        let report: RunReport
        do {
            report = try JSONValueDecoder().decode(RunReport.self, from: value)
        } catch let DecodingError.keyNotFound(key, context) {
            throw refuse("\(JSONValueDecoder.path(context.codingPath + [key])) missing")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context), let DecodingError.dataCorrupted(context) {
            throw refuse("\(JSONValueDecoder.path(context.codingPath)): \(context.debugDescription)")
        } catch {
            throw refuse("\(error)")
        }
        if let problem = report.implausibility { throw refuse(problem) }
        return report
    }

    /// The first number in the report that no run can produce, described; nil when
    /// every count is non-negative, every figure finite and non-negative, and the charts
    /// have their lengths.
    private var implausibility: String? {
        var checks: [(String, Int)] = [
            ("options.users", options.users), ("options.years", options.years),
            ("counts.users", counts.users), ("counts.events", counts.events),
        ]
        checks += counts.personas.sorted { $0.key < $1.key }.map { ("counts.personas.\($0.key)", $0.value) }
        for (index, entry) in invariants.enumerated() {
            checks += [("invariants[\(index)].checks", entry.checks), ("invariants[\(index)].violations", entry.violations)]
            if let user = entry.firstFailingUser { checks.append(("invariants[\(index)].firstFailingUser", user)) }
        }
        for (index, entry) in coverage.enumerated() {
            checks += [("coverage[\(index)].reached", entry.reached), ("coverage[\(index)].floor", entry.floor)]
        }
        for (plan, outcomes) in behaviour.outcomesByPlan.sorted(by: { $0.key < $1.key }) {
            checks += outcomes.sorted { $0.key < $1.key }.map { ("behaviour.outcomesByPlan.\(plan).\($0.key)", $0.value) }
        }
        for (persona, counts) in behaviour.byPersona.sorted(by: { $0.key < $1.key }) {
            for (kind, table) in [("outcomes", counts.outcomes), ("labels", counts.labels), ("plans", counts.plans)] {
                checks += table.sorted { $0.key < $1.key }.map { ("behaviour.byPersona.\(persona).\(kind).\($0.key)", $0.value) }
            }
        }
        checks += behaviour.attemptsAroundMidnight.enumerated().map { ("behaviour.attemptsAroundMidnight[\($0.offset)]", $0.element) }
        checks += behaviour.attemptsByHour.enumerated().map { ("behaviour.attemptsByHour[\($0.offset)]", $0.element) }
        for (index, entry) in failures.enumerated() {
            checks += [("failures[\(index)].user", entry.user), ("failures[\(index)].originalEvents", entry.originalEvents),
                       ("failures[\(index)].shrunkEvents", entry.shrunkEvents)]
        }
        var figures: [(String, Double)] = [("counts.userYears", counts.userYears)]
        for (index, entry) in (mutants ?? []).enumerated() {
            if let events = entry.eventsUntilKill { checks.append(("mutants[\(index)].eventsUntilKill", events)) }
            if let events = entry.shrunkEvents { checks.append(("mutants[\(index)].shrunkEvents", events)) }
            if let seconds = entry.secondsUntilKill { figures.append(("mutants[\(index)].secondsUntilKill", seconds)) }
        }
        if let shard {
            checks += [("shard.index", shard.index), ("shard.count", shard.count), ("shard.simulatedMilliseconds", Int(clamping: shard.simulatedMilliseconds))]
            checks += (shard.killUsers ?? [:]).sorted { $0.key < $1.key }.map { ("shard.killUsers.\($0.key)", $0.value) }
            checks += (shard.eventsPerUser ?? []).enumerated().map { ("shard.eventsPerUser[\($0.offset)]", $0.element) }
        }
        if let timing {
            checks.append(("timing.jobs", timing.jobs))
            figures += [("timing.seconds", timing.seconds), ("timing.eventsPerSecond", timing.eventsPerSecond)]
        }
        if let (name, value) = checks.first(where: { $0.1 < 0 }) { return "\(name) is \(value), and a count is never negative" }
        // A merge sets floors again for the run's size, computed from these two.
        for (name, value, range) in [("options.users", options.users, Self.userRange), ("options.years", options.years, Self.yearRange)] where !range.contains(value) {
            return "\(name) is \(value), not \(Figures.grouped(range.lowerBound)) to \(Figures.grouped(range.upperBound)) as a run's"
        }
        if let (name, value) = figures.first(where: { !$0.1.isFinite || $0.1 < 0 }) { return "\(name) is \(value), not a finite non-negative figure" }
        // A policy run keeps no time-of-day counts: both lists are then empty.
        if ![0, 120].contains(behaviour.attemptsAroundMidnight.count) {
            return "behaviour.attemptsAroundMidnight has \(behaviour.attemptsAroundMidnight.count) minutes, not 120"
        }
        if ![0, 24].contains(behaviour.attemptsByHour.count) { return "behaviour.attemptsByHour has \(behaviour.attemptsByHour.count) hours, not 24" }
        if let shard, shard.shard == nil { return "shard.index is \(shard.index) of \(shard.count), not a shard that exists" }
        return nil
    }
}
