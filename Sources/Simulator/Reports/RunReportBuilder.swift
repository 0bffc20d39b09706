import SubscriptionModel
import SimulatorCore

/// What a report needs of a rule set beyond what every run counts: how its rules are
/// named, its coverage lines, its behaviour tables and a failure's entry. The report
/// itself is built once (`RunReport.init(result:failures:…)`); `FlagshipRules` and
/// `PolicyRules` conform.
package protocol ReportingRules: CampaignRules {
    /// The command that runs the whole run of `result` again (of a StoreKit file's
    /// products at `storeKit`, when given).
    static func wholeCommand(_ result: RunResult<Self>, storeKit: String?) -> String
    /// Records in `options` which rules ran (the policy, its lines, its generator, the
    /// StoreKit file at `storeKit`).
    static func name(_ result: RunResult<Self>, storeKit: String?, in options: inout RunReport.Options)
    /// The rule ids `invariant` protects under the rules of `result`.
    static func rules(of invariant: Invariant, in result: RunResult<Self>) -> String
    /// The coverage lines, with their floors.
    static func coverage(_ result: RunResult<Self>) -> [RunReport.CoverageEntry]
    /// What the rules did.
    static func behaviour(_ result: RunResult<Self>) -> RunReport.Behaviour
    /// The entry of `failure`, whose timeline was written to `path`: found in
    /// `implementation`, which `implementationExpression` constructs in its regression test.
    static func failureEntry(_ failure: ShrunkFailure<Self>, path: String, implementation: String,
                             implementationExpression: String) -> RunReport.FailureEntry
    /// The Swift expression that constructs the reference in a regression test.
    static var referenceExpression: String { get }
    /// The timeline file written for `failure`: its shrunk timeline, saying what broke.
    static func failureFile(_ failure: ShrunkFailure<Self>) -> String
    /// The summary `simulate run` prints of `result` (before its failures).
    static func summary(_ result: RunResult<Self>) -> String
    /// The summary's paragraph on `failure`, whose timeline file was written to `path`.
    static func failureSummary(_ failure: ShrunkFailure<Self>, writtenTo path: String) -> String
}

extension RunReport {
    /// The report of a finished run of any rule set and its shrunk failures (each with
    /// the path its timeline file was written to).
    ///
    /// `kind` and `command` say which command wrote it and how to run the whole run
    /// again (by default the rules' own command, with `--storekit` when the run sold the
    /// products of the StoreKit file at `storeKit`, which the report records with the
    /// hash of its bytes, `storeKitDigest`; a shard's
    /// report adds its `--shard I/N` and records the shard); `implementation` names
    /// what failed and `implementationExpression` is the Swift expression that
    /// constructs it in a regression test.
    package init<Rules: ReportingRules>(result: RunResult<Rules>, failures: [(failure: ShrunkFailure<Rules>, path: String)], kind: Kind = .run,
                                        command: String? = nil, storeKit: String? = nil, storeKitDigest: UInt64? = nil, implementation: String = "reference",
                                        implementationExpression: String? = nil) {
        let options = result.options
        let whole = command ?? Rules.wholeCommand(result, storeKit: storeKit)
        self.tool = RunReport.toolVersion
        self.kind = kind
        self.options = Options(seed: options.seed, users: options.users, years: options.years,
                               personas: options.personas.map(\.rawValue), command: options.shard.map { whole + " " + $0.flag } ?? whole,
                               tzData: ZoneCatalog.tzDataVersion)
        Rules.name(result, storeKit: storeKit, in: &self.options)
        self.options.storeKitDigest = storeKitDigest.map(Figures.hex)
        self.shard = options.shard.map { ShardRecord(shard: $0, command: whole, simulatedMilliseconds: result.simulatedMilliseconds) }
        self.counts = Counts(users: result.users, events: result.events, userYears: RunReport.userYears(result.userYears),
                             digest: Figures.hex(result.digest),
                             personas: Dictionary(uniqueKeysWithValues: Persona.allCases.map { ($0.rawValue, result.personas[$0] ?? 0) }))
        self.invariants = result.reportedInvariants.map {
            InvariantEntry(name: $0.rawValue, rules: Rules.rules(of: $0, in: result), checks: result.checks[$0], violations: result.violations[$0],
                           firstFailingUser: result.firstFailingUser[$0])
        }
        self.coverage = Self.coverage(Rules.coverage(result), as: kind)
        self.behaviour = Rules.behaviour(result)
        self.failures = failures.map { failure, path in
            Rules.failureEntry(failure, path: path, implementation: implementation,
                               implementationExpression: implementationExpression ?? Rules.referenceExpression)
        }
        self.mutants = nil
        self.timing = Timing(jobs: options.jobs, seconds: (result.runSeconds * 100).rounded() / 100,
                             eventsPerSecond: (Double(result.events) / max(result.runSeconds, 1e-9)).rounded())
        self.passed = result.passed
    }
}

extension FlagshipRules: ReportingRules {
    package static func wholeCommand(_ result: RunResult<Self>, storeKit: String?) -> String { FlagshipRunSummary.command(result.options.whole) }

    package static func name(_ result: RunResult<Self>, storeKit: String?, in options: inout RunReport.Options) {}

    package static func rules(of invariant: FlagshipInvariant, in result: RunResult<Self>) -> String { invariant.rules }

    package static func coverage(_ result: RunResult<Self>) -> [RunReport.CoverageEntry] {
        let users = result.users, years = result.options.years, coverage = result.coverage
        return EdgeCategory.allCases.map {
            RunReport.CoverageEntry(category: $0.rawValue, meaning: $0.meaning, reached: coverage[$0], floor: $0.floor(users: users, years: years))
        } + CalendarEdge.allCases.map { $0.flagshipEntry(reached: coverage[$0], users: users, years: years) }
    }

    package static func behaviour(_ result: RunResult<Self>) -> RunReport.Behaviour {
        let behaviour = result.behaviour
        func named<Key: CaseIterable & RawRepresentable>(_ counts: [Int], _ keys: Key.Type) -> [String: Int] where Key.RawValue == String {
            Dictionary(uniqueKeysWithValues: zip(Key.allCases.map(\.rawValue), counts))
        }
        return RunReport.Behaviour(
            byPersona: Dictionary(uniqueKeysWithValues: Persona.allCases.map { persona in
                (persona.rawValue, RunReport.PersonaBehaviour(outcomes: named(behaviour.outcomes[persona.position], FlagshipOutput.Outcome.self),
                                                              labels: named(behaviour.labels[persona.position], BehaviourCounts.LabelKind.self),
                                                              plans: named(behaviour.plans[persona.position], FlagshipPlan.self)))
            }),
            outcomesByPlan: Dictionary(uniqueKeysWithValues: FlagshipPlan.allCases.map { ($0.rawValue, named(behaviour.outcomesByPlan[$0.position], FlagshipOutput.Outcome.self)) }),
            attemptsAroundMidnight: behaviour.attemptsAroundMidnight,
            attemptsByHour: behaviour.attemptsByHour)
    }

    package static func failureEntry(_ failure: ShrunkFailure<Self>, path: String, implementation: String,
                                     implementationExpression: String) -> RunReport.FailureEntry {
        let text = failureFile(failure)
        return RunReport.FailureEntry(failure, rules: failure.invariant.rules, implementation: implementation,
                                      events: failure.timeline.events.count, text: text, path: path,
                                      regressionTest: RegressionTest.source(for: failure, timelineText: text, implementation: implementationExpression))
    }

    /// The reference's expression in a regression test.
    package static var referenceExpression: String { "FlagshipReferenceImplementation()" }

    package static func failureFile(_ failure: ShrunkFailure<Self>) -> String {
        FlagshipTimelineWriter().text(failure.timeline, about: "\(failure.invariant.rawValue) (\(failure.invariant.rules)): seed \(failure.seed), user \(failure.user), shrunk")
    }

    package static func summary(_ result: RunResult<Self>) -> String { FlagshipRunSummary.text(result) }

    package static func failureSummary(_ failure: ShrunkFailure<Self>, writtenTo path: String) -> String {
        FlagshipRunSummary.failure(failure, writtenTo: path, timelineText: FlagshipTimelineWriter().text(failure.timeline))
    }
}

extension RunReport {
    /// User-years as the report shows them: to a tenth.
    static func userYears(_ exact: Double) -> Double { (exact * 10).rounded() / 10 }
}

extension RunReport {
    /// The coverage lines as a report of `kind` carries them: a check's counted only
    /// (`CoverageEntry.countedOnly`), every other's with their floors. The one place a
    /// report's coverage is judged or not, for a report built and for merged shards.
    package static func coverage(_ entries: [CoverageEntry], as kind: Kind) -> [CoverageEntry] {
        kind == .check ? entries.map { $0.countedOnly() } : entries
    }
}

extension RunReport.CoverageEntry {
    /// The line as a check reports it: counted, not judged (a check covers only the
    /// users up to its first failure, and judges the program, not the generator), so
    /// its floor is 0; the rule keeps what a run of this size would need.
    func countedOnly() -> Self {
        var entry = self
        let run = floor > 0 ? "floor \(Figures.grouped(floor)), \(floorRule)" : floorRule.replacing("not judged: ", with: "", maxReplacements: 1)
        entry.floorRule = Self.countedOnlyPrefix + run + ")"
        entry.floor = 0
        entry.exercised = true
        return entry
    }

    /// How a check's rule begins (`countedOnly`): the same words on every line, which
    /// the reports say once (`CoverageTable`).
    static let countedOnlyPrefix = "not judged: a check counts coverage without judging it (a run of this size: "

    /// What a check's rule says of a run of this size (a floor and how it was set, or
    /// why none would be judged), or nil for a rule that is not a check's.
    var runOfThisSize: String? {
        guard floorRule.hasPrefix(Self.countedOnlyPrefix), floorRule.hasSuffix(")") else { return nil }
        return String(floorRule.dropFirst(Self.countedOnlyPrefix.count).dropLast())
    }

    /// A category's line: reached `reached` times against `floor`.
    init(category: String, meaning: String, reached: Int, floor: EdgeCategory.Floor) {
        self.init(category: category, meaning: meaning, reached: reached, expected: Int(floor.expected.rounded()),
                  floor: floor.value, floorRule: floor.rule, exercised: reached >= floor.value)
    }
}

extension RunReport.FailureEntry {
    /// The entry of a shrunk failure of any rule set: its invariant's `rules`, the
    /// `implementation` checked, the shrunk timeline's `events`, its `text` written to
    /// `path`, and the `regressionTest` to paste.
    init<Rules: RuleSet>(_ failure: ShrunkFailure<Rules>, rules: String, implementation: String, events: Int, text: String, path: String,
                         regressionTest: String) {
        self.init(invariant: failure.invariant.rawValue, rules: rules, implementation: implementation,
                  seed: failure.seed, user: failure.user, persona: failure.persona.rawValue,
                  detail: failure.violationLine(events: events),
                  originalEvents: failure.originalEvents, shrunkEvents: events, timeline: text, timelineFile: path,
                  replayCommand: Replay.command(for: path), regenerateCommand: failure.regenerateCommand, regressionTest: regressionTest)
    }
}
