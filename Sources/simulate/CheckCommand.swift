import Foundation
import Simulator

/// `simulate check --command "CMD"`: another implementation, as a program, against the reference.
enum CheckCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.check); return 0 }
        guard let command = try arguments.string("--command"), !command.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("check needs --command \"CMD ...\" (a program that replays a timeline file given as its last argument)")
        }
        let seed = try arguments.uint64("--seed") ?? UInt64.random(in: 1...999_999_999)
        let users = try arguments.int("--users", range: 1...100_000_000) ?? 2_000
        let years = try arguments.int("--years", range: 1...60) ?? CampaignOptions.defaultYears
        let jobs = try arguments.int("--jobs", range: 1...512) ?? CampaignOptions.coreCount
        let timeout = try arguments.double("--timeout", range: 0.1...3600) ?? 10
        let reportPath = try arguments.string("--report") ?? "reports/latest"
        let extra = try arguments.positionals
        guard extra.isEmpty else { throw UsageError("unexpected argument \"\(extra[0])\" for 'check'; quote the whole command: --command \"CMD ARGS\"") }
        try arguments.rejectUnknown()

        let folder = try ReportFolder(path: reportPath)
        let options = CampaignOptions(seed: seed, users: users, years: years, jobs: jobs)
        let check = ExternalCheck(program: ExternalProgram(command: command, timeoutSeconds: timeout), options: options)
        Console.error("simulate check: \(command) against the reference model, seed \(seed), \(Figures.count(users, "user")), up to \(Figures.count(years, "year")), \(Figures.count(jobs, "job"))")
        let started = Date()
        let result = check.run { done in Console.error(RunSummary.progress(done: done, of: users, seconds: Date().timeIntervalSince(started))) }
        var summary = "simulate check --command \(command)\n  seed        \(seed)\n  timelines   \(Figures.grouped(result.timelines))\n  events      \(Figures.grouped(result.events))\n  time        \(Figures.fixed(Date().timeIntervalSince(started), 2)) s"
        Console.out(summary)
        guard let failure = result.failure else {
            let verdict = "\nNo divergence: every output matched the reference model and every invariant held."
            Console.out(verdict)
            try folder.write(summary + "\n" + verdict + "\n", as: "summary.txt")
            try folder.commit()
            return 0
        }
        Console.error("shrinking user \(failure.user)…")
        let shrunk = check.shrink(failure.timeline, finding: failure.finding)
        let what = shrunk.finding.map { $0.asViolation(events: shrunk.timeline.events.count).description } ?? failure.finding.asViolation(events: failure.timeline.events.count).description
        let text = TimelineWriter().text(shrunk.timeline, about: "simulate check --seed \(seed): user \(failure.user): \(what)")
        let path = try folder.write(text, as: "failures/check-user\(failure.user).json")
        let failed = """

        FAILED: seed \(seed), user \(failure.user)
          \(what)
          \(shrunk.timeline.events.count == failure.timeline.events.count ? "not shrunk (\(Figures.count(shrunk.timeline.events.count, "event")))" : "shrunk from \(Figures.grouped(failure.timeline.events.count)) to \(Figures.count(shrunk.timeline.events.count, "event"))"):
        \(text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
          written to \(path)
          the program:    \(command) \(path)
          the reference:  swift run simulate replay \(path)
          regenerate:     swift run simulate replay --seed \(seed) --user \(failure.user) --years \(years)
        """
        Console.out(failed)
        summary += "\n" + failed
        try folder.write(summary + "\n", as: "summary.txt")
        try folder.commit()
        return 1
    }
}
