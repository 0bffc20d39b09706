import Foundation
import Simulator

/// `simulate replay FILE`, `simulate replay --seed S --user K [--out FILE]` and
/// `simulate replay --batch` (the batch protocol on standard input and output).
///
/// FILE may be `-` (standard input), `/dev/stdin` or a pipe such as `<(…)`; the lines
/// are written as they are replayed, in chunks, never as one whole text.
enum ReplayCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.replay); return 0 }
        let seed = try arguments.uint64("--seed")
        let user = try arguments.int("--user", range: 0...(RunReport.userRange.upperBound - 1)) // users are numbered from 0
        let out = try arguments.outputPath("--out")
        let years = try arguments.int("--years", range: RunReport.yearRange)
        let personas = try arguments.string("--personas").map(RunCommand.parsePersonas)
        let policy = try PolicyOption.parse(arguments, storeKit: true)
        let appLife = try arguments.flag("--app-life")
        let batch = try arguments.flag("--batch")
        let mutant = try arguments.string("--mutant")
        let positionals = try arguments.positionals
        try arguments.rejectUnknown()
        if batch {
            guard seed == nil, user == nil, out == nil, years == nil, personas == nil, policy == nil, mutant == nil, !appLife, positionals.isEmpty else {
                throw UsageError("--batch reads its timelines from standard input, one per line; it takes no FILE, --seed, --user, --years, --personas, --policy, --app-life, --mutant or --out")
            }
            return BatchReplayCommand.run()
        }
        if let seed {
            guard positionals.isEmpty else { throw UsageError("give either a FILE or --seed and --user, not both") }
            guard mutant == nil else { throw UsageError("--mutant replays a timeline FILE (write the user out with --out, then replay it with --mutant)") }
            guard let user else { throw UsageError("--seed needs --user K (the user's index in the run)") }
            let personas = personas ?? Persona.allCases
            let personasFlag = CampaignOptions.personasFlag(personas)
            guard !appLife || policy != nil else { throw UsageError("--app-life regenerates a user of a check of app code, which runs under a policy: give --policy X") }
            if appLife, let policy, !policy.swarm || personas != Persona.allCases || policy.storeKit != nil {
                throw UsageError("--app-life regenerates a user of a check of app code, which draws every persona with swarm testing from the policy itself: drop --no-swarm, --personas and --storekit")
            }
            if let policy {
                let years = years ?? CampaignOptions.defaultYears
                let timeline = TimelineGenerator(policy: policy.policy, maxYears: years, personas: personas, swarm: policy.swarm, appLife: appLife)
                    .user(seed: seed, user: user).timeline
                if let out {
                    let flags = ShrunkFailure<PolicyRules>.generatorFlags(swarm: policy.swarm, personas: personas, storeKitArgument: policy.storeKitArgument, appLife: appLife)
                    let about = appLife
                        ? "SubscriptionHarness.check under \(ShellText.word(policy.given)), seed \(seed), years \(years): user \(user)"
                        : "simulate run --policy \(ShellText.word(policy.given)) --seed \(seed) --years \(years)\(flags): user \(user)"
                    let written = policy.written(in: URL(fileURLWithPath: out).deletingLastPathComponent().path)
                    // (Never over the policy or StoreKit file it is generated from.)
                    try Console.write(TimelineWriter(policyReference: written).text(timeline, about: about), toFile: out, reading: policy.files)
                    Console.error("wrote \(out) (\(Figures.count(timeline.events.count, "event"))); " + (policy.storeKit == nil ? "replay it with: " + Replay.command(for: out)
                        : "it names policy \(policy.name), whose own products replaying it would use; regenerate it with: " + ShrunkFailure<PolicyRules>.regenerateCommand(policyName: policy.given, seed: seed, user: user, years: years, generatorFlags: flags)))
                }
                Replay.write(timeline) { Console.out($0, terminator: "") }
                return 0
            }
            let timeline = FlagshipTimelineGenerator(maxYears: years ?? CampaignOptions.defaultYears, personas: personas).user(seed: seed, user: user).timeline
            if let out {
                try Console.write(FlagshipTimelineWriter().text(timeline, about: "simulate run --seed \(seed) --years \(years ?? CampaignOptions.defaultYears)\(personasFlag): user \(user)"), toFile: out)
                Console.error("wrote \(out) (\(Figures.count(timeline.events.count, "event"))); replay it with: " + Replay.command(for: out))
            }
            FlagshipReplay.write(timeline) { Console.out($0, terminator: "") }
            return 0
        }
        guard user == nil, out == nil, years == nil, personas == nil, policy == nil, !appLife else {
            throw UsageError("--user, --years, --personas, --policy, --app-life and --out go with --seed (a FILE names its own policy)")
        }
        guard positionals.count == 1, let path = positionals.first else {
            throw UsageError(positionals.isEmpty ? "replay needs a timeline FILE (or --seed S --user K); see 'simulate replay --help'" : "replay takes one FILE, got \(positionals.count)")
        }
        do {
            // The raw argument, so a file name that is not UTF-8 still names its file.
            if let mutant {
                try MutantReplay.run(path: InputPath.commandLineArgument(path), mutant: mutant) { Console.out($0, terminator: "") }
            } else {
                try Replay.run(path: InputPath.commandLineArgument(path)) { Console.out($0, terminator: "") }
            }
            return 0
        } catch {
            Console.error(error.description)
            return 2
        }
    }
}
