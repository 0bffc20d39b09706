import SubscriptionModel
import SimulatorCore

/// `report.json` (and its markdown and HTML) for `simulate check`: the same report as a
/// run's, titled "External implementation check", counting the timelines the program
/// was given as a run counts its users (check counts, coverage and behaviour of the
/// generated timelines, the digest of the program's outputs), so shards of a check can
/// be merged as a run's are. Past a failing user's first failure, coverage and
/// behaviour count the reference's outputs, so that every table counts every generated
/// event; only the invariant checks and the digest stop there.
///
/// A check's verdict is the program's: `passed` is false exactly when a timeline
/// failed (coverage is reported, not judged, as the check stops at its first failure).
/// When a timeline failed, the counts cover the users up to and including the lowest
/// failing one, the same with any number of jobs (`CheckBlocks`). The failure's paste-ready test runs the program on the shrunk timeline
/// (`FlagshipExternalCheck` or `ExternalCheck`), so it fails until the program is fixed.
package enum CheckReport {
    /// The command that checks the same program on the same users again.
    package static func command(program: ExternalProgram, options: CampaignOptions, policyName: String? = nil, swarm: Bool = true) -> String {
        var command = ShellText.simulate + " check --command \(ShellText.quoted(program.command))"
        if program.batch { command += " --batch" }
        if let policyName { command += " --policy \(ShellText.word(policyName))" + (swarm ? "" : " --no-swarm") }
        if program.timeoutSeconds != ExternalProgram.defaultTimeoutSeconds {
            let seconds = program.timeoutSeconds
            command += " --timeout " + (seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds))
        }
        return command + " --seed \(options.seed) --users \(options.users) --years \(options.years)"
    }

    /// User `found`'s failure shrunk to `shrunk`, for the report: the violation the
    /// summary shows (`ExternalShrunk.shownViolation`), and where the user's own timeline broke.
    private static func shrunkFailure<Rules: RuleSet>(_ found: (user: Int, persona: Persona, finding: ExternalFinding<Rules.Invariant>, timeline: Rules.Timeline),
                                                      _ shrunk: ExternalShrunk<Rules.Timeline, Rules.Invariant>, options: CampaignOptions) -> ShrunkFailure<Rules> {
        let original = found.finding.asViolation(events: found.timeline.events.count)
        let shown = shrunk.shownViolation(first: found.finding, whole: found.timeline.events.count)
        var failure = ShrunkFailure<Rules>(invariant: original.invariant, seed: options.seed, years: options.years, user: found.user, persona: found.persona,
                                           originalEvents: found.timeline.events.count, timeline: shrunk.timeline, violation: shown.violation,
                                           attempts: shrunk.attempts, seconds: shrunk.seconds)
        failure.originalEvent = original.eventIndex
        failure.violationIsOriginal = !shown.onShrunk
        return failure
    }

    /// The report of a v1 check; `failure` is the first failing user's, shrunk, with
    /// the path its timeline was written to and the text written there (which the
    /// report shows, so that the report, the file and a merge of shards agree).
    package static func report(_ check: FlagshipExternalCheck, result: FlagshipExternalCheck.Result,
                              failure: (shrunk: FlagshipExternalCheck.Shrunk, path: String, text: String)?) -> RunReport {
        let options = check.options
        var failures: [(failure: ShrunkFailure<FlagshipRules>, path: String)] = []
        if let found = result.failure, let failure {
            failures.append((shrunkFailure(found, failure.shrunk, options: options), failure.path))
        }
        var report = RunReport(result: result.counted, failures: failures, kind: .check, command: command(program: check.program, options: options),
                               implementation: check.program.command)
        record(check.program, written: failure.map { ($0.text, $0.path, $0.shrunk.finding != nil, check.reproduction($0.path, of: $0.shrunk.timeline)) },
               in: &report)
        for index in report.failures.indices {
            let entry = report.failures[index]
            report.failures[index].regressionTest = regressionTest(
                name: "check-\(entry.invariant)-seed\(entry.seed)-user\(entry.user)",
                title: "the program, \(entry.invariant), seed \(entry.seed), user \(entry.user)",
                summary: "\(entry.invariant) (\(entry.rules)), found by `simulate check --seed \(entry.seed) --years \(options.years)`\n/// (user \(entry.user)) in `\(check.program.command)` and shrunk to \(Figures.count(entry.shrunkEvents, "event")).",
                timelineText: entry.timeline, read: "FlagshipTimelineReader().read(data:",
                check: "FlagshipExternalCheck(program: program, options: CampaignOptions(seed: \(entry.seed), users: 1))", program: check.program)
        }
        report.passed = result.failure == nil
        return report
    }

    /// Records the program checked (`options.program`) and makes the report's failure
    /// show the timeline file the check wrote (the very text, so that the report, the
    /// file and a merge of shards agree) and, when the file failed again on its own
    /// (`reproduced`), the command that gives it to the program as the check did (saying
    /// when the check also sent it without its looks and reinstalls). One that passed on
    /// its own failed only after the timelines given before it, or varies from run to
    /// run: the summary says so.
    private static func record(_ program: ExternalProgram, written: (text: String, path: String, reproduced: Bool, command: String)?,
                               in report: inout RunReport) {
        report.options.program = program.command + (program.batch ? " (batch)" : "")
        guard let written, !report.failures.isEmpty else { return }
        report.failures[0].timeline = written.text
        if written.reproduced { report.failures[0].programCommand = written.command }
    }

    /// The report of a check under a policy. `pastedTimeline`, when given, is the
    /// timeline its regression test holds (naming a policy file as commands do, from the
    /// working folder) instead of the text written beside the report; `commandPolicy`
    /// names the policy as commands do (a file's path as given; nil: `check.policyName`).
    package static func report(_ check: ExternalCheck, result: ExternalCheck.Result,
                               failure: (shrunk: ExternalCheck.Shrunk, path: String, text: String)?, pastedTimeline: String? = nil,
                               commandPolicy: String? = nil) -> RunReport {
        let named = commandPolicy ?? check.policyName
        let options = check.options
        var failures: [(failure: ShrunkFailure<PolicyRules>, path: String)] = []
        if let found = result.failure, let failure {
            var shrunk: ShrunkFailure<PolicyRules> = shrunkFailure(found, failure.shrunk, options: options)
            shrunk.policyName = check.policyName
            shrunk.generatorFlags = ShrunkFailure<PolicyRules>.generatorFlags(swarm: check.swarm)
            shrunk.commandPolicy = commandPolicy
            failures.append((shrunk, failure.path))
        }
        var report = RunReport(result: result.counted, failures: failures, kind: .check,
                               command: command(program: check.program, options: options, policyName: named, swarm: check.swarm))
        record(check.program, written: failure.map { ($0.text, $0.path, $0.shrunk.finding != nil, check.reproduction($0.path, of: $0.shrunk.timeline)) },
               in: &report)
        for index in report.failures.indices {
            let entry = report.failures[index]
            report.failures[index].implementation = check.program.command
            report.failures[index].regressionTest = regressionTest(
                name: "check-\(entry.invariant)-\(check.policyName)-seed\(entry.seed)-user\(entry.user)",
                title: "the program, \(entry.invariant) under \(check.policyName), seed \(entry.seed), user \(entry.user)",
                summary: "\(entry.invariant) (\(entry.rules)) under `\(check.policyName)`, found by `simulate check --policy \(ShellText.word(named)) --seed \(entry.seed) --years \(options.years)`\n/// (user \(entry.user)) in `\(check.program.command)` and shrunk to \(Figures.count(entry.shrunkEvents, "event")).",
                timelineText: pastedTimeline ?? entry.timeline, read: "TimelineReader().read(data:",
                check: "ExternalCheck(program: program, options: CampaignOptions(seed: \(entry.seed), users: 1), policy: timeline.policy, policyName: \(swiftString(check.policyName)))",
                program: check.program)
        }
        report.passed = result.failure == nil
        return report
    }

    /// A Swift Testing test that runs the program on the timeline, checked as the
    /// check checks it, and fails while it still fails there.
    static func regressionTest(name: String, title: String, summary: String, timelineText: String, read: String, check: String,
                               program: ExternalProgram) -> String {
        let programExpression = "ExternalProgram(command: \(swiftString(program.command)), timeoutSeconds: \(program.timeoutSeconds)"
            + (program.batch ? ", batch: true)" : ")")
        return RegressionTest.test(name: name, title: title, summary: summary + " Fails until the program is fixed.", timelineText: timelineText, read: read, body: [
            "let program = \(programExpression)",
            #"let finding = \#(check).check(timeline, name: "regression")"#,
            #"#expect(finding == nil, "\(finding.map { String(describing: $0) } ?? "")")"#,
        ])
    }

    /// `text` as a Swift string literal.
    static func swiftString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
