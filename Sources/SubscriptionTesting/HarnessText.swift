import SimulatorCore
import SubscriptionModel

/// The words of a failure message: an event, what the app reported, what the rules
/// give, and which fields a check could judge. Written for a team reading `swift test`
/// output, in the policy's vocabulary.
enum HarnessText {
    /// An event as a timeline says it: `use view-card`, `set-zone Asia/Tokyo`, ...
    static func event(_ event: Event, policy: SubscriptionPolicy) -> String {
        switch event.action {
        case .use(let feature, let day):
            return "use \(policy.features[feature].id)" + (day.map { " for \($0)" } ?? "")
        case .setZone(let zone):
            return "set-zone \(zone.identifier)"
        case .setEntitlement(let entitlement):
            guard let entitlement else { return "set-entitlement none" }
            var text = "set-entitlement \(policy.products[entitlement.product].id)"
            if let expires = entitlement.expires { text += " expires \(expires)" }
            if !entitlement.renews { text += " not renewing" }
            return text
        case .purchase(let pack), .refund(let pack):
            return "\(event.action.name) \(policy.creditPacks[pack].id)"
        case .install, .reinstall, .look, .signIn, .relaunch, .background, .foreground, .timer:
            return event.action.name
        }
    }

    /// What the app was told at one event that no event carries, for its trace line:
    /// ` (after dayChanged at T)` for a day begun since the last event, ` (after a timer at
    /// T)` for one of its own timers run meanwhile (with how many and the last when more:
    /// ` (after 3 timers, the last at T)`), ` (then dayChanged)` and ` (then a timer)` for
    /// those among the event's own moments (a zone change that moved the date; a return
    /// after a day began or a timer came due in the background); empty for none.
    static func told(_ told: some Collection<AppRecording.Told>, in zone: TimeZoneRules) -> String {
        let kinds: [(kind: AppRecording.Told.Kind, one: String, many: (Int) -> String)] = [
            (.dayChanged, "dayChanged", { "dayChanged \($0) times" }), (.timer, "a timer", { "\($0) timers" }),
        ]
        var text = ""
        for (kind, one, many) in kinds {
            let before = told.filter { $0.kind == kind && !$0.withEvent }
            guard let last = before.last else { continue }
            text += " (after \(before.count == 1 ? one : many(before.count) + ", the last") at \(TimelineWriter.instant(last.at, in: zone)))"
        }
        for (kind, one, many) in kinds {
            let then = told.filter { $0.kind == kind && $0.withEvent }.count
            if then > 0 { text += " (then \(then == 1 ? one : many(then)))" }
        }
        return text
    }

    /// What the app reported at one event: the use's result, then the screens read.
    static func reported(_ report: AppReport, policy: SubscriptionPolicy) -> String {
        var parts: [String] = []
        if let result = report.result { parts.append(useResult(result)) }
        for (index, value) in report.screens.enumerated() {
            if let value { parts.append("\(policy.screens[index].name) \(ReplayLine.screenValue(value))") }
        }
        return parts.joined(separator: "; ")
    }

    /// What the rules give at the same event, for the same fields the app reported.
    static func expected(_ output: Output, screens: [ScreenValue], comparedWith report: AppReport, policy: SubscriptionPolicy) -> String {
        var parts: [String] = []
        if report.result != nil, let outcome = output.outcome {
            parts.append(outcome == .allowed ? "allowed" : blocked(reason: output.reason, response: output.response))
        }
        for (index, value) in report.screens.enumerated() where value != nil {
            parts.append("\(policy.screens[index].name) \(ReplayLine.screenValue(screens[index]))")
        }
        return parts.joined(separator: "; ")
    }

    /// `allowed`, or `blocked (day), paywall`.
    static func useResult(_ result: UseResult) -> String {
        switch result {
        case .allowed: "allowed"
        case .blocked(let reason, let showing): blocked(reason: reason, response: showing)
        }
    }

    private static func blocked(reason: BlockReason?, response: BlockResponse?) -> String {
        var text = "blocked (\(reason?.name ?? "no reason reported"))"
        switch response {
        case nil: break
        case .paywall?: text += ", paywall"
        case .alert(let alert)?: text += ", alert \"\(alert.title)\"" + (alert.message.map { " / \"\($0)\"" } ?? "")
        }
        return text
    }

    /// Which fields the app's reports let the check judge, and which it could not.
    static func observed(_ tally: ObservationTally, screensRead: [String], screensNotRead unread: [String]) -> String {
        var judged = ["outcome of \(Figures.count(tally.uses, "use"))"]
        var notJudged = ["plan in force", "usage day", "counts", "resetAt", "upgrade offer"]
        if tally.blocked == 0 {
            notJudged.append("reason and response (no use was blocked)")
        } else {
            judged.append(tally.reasons > 0 ? "reason of \(Figures.grouped(tally.reasons)) of \(Figures.count(tally.blocked, "blocked use"))" : "no reason (never reported)")
            judged.append(tally.responses > 0 ? "paywall or alert of \(Figures.grouped(tally.responses))" : "no paywall or alert (never reported)")
            if tally.reasons == 0 { notJudged.append("reason") }
            if tally.responses == 0 { notJudged.append("paywall or alert") }
        }
        if !screensRead.isEmpty { judged.append("screens (\(screensRead.joined(separator: ", ")))") }
        if !unread.isEmpty { notJudged.append("screens (\(unread.joined(separator: ", ")))") }
        return "judged: " + judged.joined(separator: ", ") + "; not reported, so taken from the reference engine and never judged: "
            + notJudged.joined(separator: ", ")
    }

    /// The command that regenerates user `user` of a check, prints the reference engine's
    /// output for each of its events, and writes the user's timeline (every instant and
    /// zone) to a file beside.
    /// The harness draws users with the policy's default generator (every persona, swarm
    /// on), so the form every command prints (`PolicyShrunkFailure.regenerateCommand`)
    /// needs no generator flag. `policyName` is a shipped name or the policy file's path
    /// from the package root (`PolicyPlace`), where `swift run` runs.
    static func replayCommand(policyName: String, seed: UInt64, user: Int, years: Int) -> String {
        ShrunkFailure<PolicyRules>.regenerateCommand(policyName: policyName, seed: seed, user: user, years: years, generatorFlags: ShrunkFailure<PolicyRules>.generatorFlags(swarm: true, appLife: true)) + " --out user\(user).json"
    }

    /// The lines of an issue that reproduce what a campaign found at user `user`: the
    /// replay of that user, and the command that runs the check again up to it (the seed
    /// and the size from the environment, and only the running test when it could be
    /// named, since the variables reach every check of the run).
    static func reproductionLines(policyName: String, seed: UInt64, user: Int, years: Int, testFilter: String?) -> [String] {
        ["Replay the user through the reference engine: " + replayCommand(policyName: policyName, seed: seed, user: user, years: years),
         "Run this check again: \(HarnessSettings.seedVariable)=\(seed) \(HarnessSettings.usersVariable)=\(user + 1) swift test"
            + (testFilter.map { " --filter '\($0)'" } ?? "")]
    }

    /// The Swift expression of a shipped policy (`.dailyQuip`), of a policy file at
    /// `file` (from the package root, or absolute: `PolicyPlace`), or the `<#policy#>`
    /// placeholder for a policy whose file is not known (docs/testing-your-app.md).
    static func policyExpression(_ name: String, file: String? = nil) -> String {
        if let file { return "try SubscriptionPolicy(packageFile: \(swiftString(file)))" }
        guard SubscriptionPolicy.shippedNames.contains(name) else { return "<#policy#>" }
        let words = name.split(separator: "-")
        return "." + words[0] + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `text` as a Swift string literal.
    static func swiftString(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\t": literal += "\\t"
            case "\r": literal += "\\r"
            default: literal += scalar.value < 0x20 ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }
        }
        return literal + "\""
    }
}
