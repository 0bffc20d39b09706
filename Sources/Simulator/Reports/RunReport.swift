import Foundation
import SubscriptionModel

/// Everything a run found, as `report.json` stores it: the one source the markdown,
/// the HTML page, `simulate diff` and the behaviour baseline are rendered from.
///
/// Encoded with sorted keys and no timings outside `timing`, so two runs of the same
/// seed and size give the same file apart from that field.
public struct RunReport: Codable, Equatable, Sendable {
    /// The tool and its version.
    public var tool: String
    /// Which command wrote it: `run`, `mutants` or `check` (its title and command follow).
    public var kind: Kind
    /// What was simulated.
    public var options: Options
    /// The run's totals.
    public var counts: Counts
    /// Each invariant's checks and violations, in declaration order.
    public var invariants: [InvariantEntry]
    /// Each edge category's count and floor.
    public var coverage: [CoverageEntry]
    /// What the rules did.
    public var behaviour: Behaviour
    /// Each violation, shrunk, with how to reproduce it.
    public var failures: [FailureEntry]
    /// The mutant campaign's kill matrix, when one was run.
    public var mutants: [MutantEntry]?
    /// Wall-clock figures: the only part that differs between identical runs.
    public var timing: Timing?
    /// No invariant broke and every edge category reached its floor.
    public var passed: Bool

    /// The command that writes a report.
    public enum Kind: String, Codable, Sendable {
        /// `simulate run`: the reference model over simulated users.
        case run
        /// `simulate mutants`: the kill matrix.
        case mutants
        /// `simulate check`: an external program against the reference.
        case check

        /// The report's title.
        public var title: String {
            switch self {
            case .run: "Simulation report"
            case .mutants: "Mutant kill matrix"
            case .check: "External implementation check"
            }
        }
    }

    /// The current tool string.
    public static let toolVersion = "simulate 0.1.0"

    /// `simulate run`'s options.
    public struct Options: Codable, Equatable, Sendable {
        /// The seed.
        public var seed: UInt64
        /// Users simulated.
        public var users: Int
        /// The longest timeline in years.
        public var years: Int
        /// The personas drawn from.
        public var personas: [String]
        /// The command that reproduces the run.
        public var command: String
        /// The IANA time zone data version the run used (`TimeZone.timeZoneDataVersion`):
        /// zone histories decide local dates, so the same seed can give other results
        /// with other tz data.
        public var tzData: String
    }

    /// Totals.
    public struct Counts: Codable, Equatable, Sendable {
        /// Users.
        public var users: Int
        /// Events.
        public var events: Int
        /// Simulated user-years, to one decimal.
        public var userYears: Double
        /// The outputs' digest.
        public var digest: String
        /// Users per persona.
        public var personas: [String: Int]
    }

    /// One invariant's line.
    public struct InvariantEntry: Codable, Equatable, Sendable {
        /// Its name.
        public var name: String
        /// The rules it protects.
        public var rules: String
        /// Times checked.
        public var checks: Int
        /// Users whose timeline broke it.
        public var violations: Int
        /// The first such user.
        public var firstFailingUser: Int?
    }

    /// One edge category's line.
    public struct CoverageEntry: Codable, Equatable, Sendable {
        /// Its name.
        public var category: String
        /// What it means.
        public var meaning: String
        /// Times reached.
        public var reached: Int
        /// The count the default mix of personas is expected to reach at this run's size.
        public var expected: Int
        /// The floor for this run's size (0: too small to judge).
        public var floor: Int
        /// How the floor was set.
        public var floorRule: String
        /// Whether it reached the floor.
        public var exercised: Bool
    }

    /// Counts of what the rules did.
    public struct Behaviour: Codable, Equatable, Sendable {
        /// Per persona: outcomes, labels and plans.
        public var byPersona: [String: PersonaBehaviour]
        /// Per plan: attempt outcomes.
        public var outcomesByPlan: [String: [String: Int]]
        /// Attempts per local minute from 23:00 to 00:59.
        public var attemptsAroundMidnight: [Int]
        /// Attempts per local hour.
        public var attemptsByHour: [Int]
    }

    /// One persona's counts.
    public struct PersonaBehaviour: Codable, Equatable, Sendable {
        /// Attempt outcomes.
        public var outcomes: [String: Int]
        /// Labels after each event.
        public var labels: [String: Int]
        /// Plans after each event.
        public var plans: [String: Int]
    }

    /// One shrunk violation.
    public struct FailureEntry: Codable, Equatable, Sendable {
        /// The invariant.
        public var invariant: String
        /// Its rules.
        public var rules: String
        /// Who broke it (an implementation's name; `reference` for the model).
        public var implementation: String
        /// The run's seed.
        public var seed: UInt64
        /// The user.
        public var user: Int
        /// The user's persona.
        public var persona: String
        /// What was seen on the shrunk timeline.
        public var detail: String
        /// Events before shrinking.
        public var originalEvents: Int
        /// Events after shrinking.
        public var shrunkEvents: Int
        /// The shrunk timeline, as a timeline file.
        public var timeline: String
        /// Where the timeline file was written.
        public var timelineFile: String
        /// The command that replays it.
        public var replayCommand: String
        /// The command that regenerates the user.
        public var regenerateCommand: String
        /// A test for `Tests/Scenarios` that fails until the bug is fixed.
        public var regressionTest: String
    }

    /// One mutant's row of the kill matrix.
    public struct MutantEntry: Codable, Equatable, Sendable {
        /// The mutant.
        public var name: String
        /// The real-world mistake it stands for.
        public var mistake: String
        /// Whether the campaign caught it.
        public var killed: Bool
        /// The invariant (or divergence) that caught it.
        public var caughtBy: String?
        /// Events simulated until it was caught.
        public var eventsUntilKill: Int?
        /// Seconds until it was caught.
        public var secondsUntilKill: Double?
        /// Events in the shrunk counterexample.
        public var shrunkEvents: Int?
        /// The shrunk counterexample.
        public var counterexample: String?
        /// A test that constructs the mutant and fails on its counterexample.
        public var regressionTest: String?
    }

    /// Wall-clock figures.
    public struct Timing: Codable, Equatable, Sendable {
        /// Worker threads.
        public var jobs: Int
        /// Seconds of simulation.
        public var seconds: Double
        /// Events per second.
        public var eventsPerSecond: Double
    }

    /// The report with its wall-clock figures removed: what a baseline stores and compares.
    public var withoutTiming: RunReport {
        var copy = self
        copy.timing = nil
        return copy
    }

    /// JSON text, keys sorted, pretty.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Reads a report written by `json()`.
    public static func read(path: String) throws(TimelineError) -> RunReport {
        guard let data = FileManager.default.contents(atPath: path) else { throw TimelineError(place: path, problem: "no such file") }
        do {
            return try JSONDecoder().decode(RunReport.self, from: data)
        } catch {
            throw TimelineError(place: path, problem: "not a report.json of \(toolVersion)")
        }
    }
}
