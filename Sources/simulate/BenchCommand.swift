import Simulator

/// `simulate bench`: the throughput figures the README quotes.
enum BenchCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.bench); return 0 }
        let seconds = try arguments.double("--seconds", range: 0.1...600) ?? 1
        let rounds = try arguments.int("--rounds", range: 1...99) ?? 5
        let jobs = try arguments.int("--jobs", range: 1...512) ?? CampaignOptions.coreCount
        let seed = try arguments.uint64("--seed") ?? 1
        // The bench's users are drawn as a run's are by default (with swarm subsets under a policy).
        if try arguments.flag("--no-swarm") { throw UsageError("--no-swarm: bench measures users drawn as a run draws them by default; it takes no --no-swarm") }
        let policy = try PolicyOption.parse(arguments)
        try arguments.rejectUnknown()
        if let policy {
            let benchmark = Benchmark(policy: policy.policy, seed: seed, seconds: seconds)
            Console.error("simulate bench --policy \(ShellText.word(policy.name)): about \(Int(benchmark.expectedSeconds(rounds: rounds).rounded(.up))) s…")
            let step = benchmark.measureStep()
            let rounds = benchmark.measureSimulation(jobs: jobs, rounds: rounds)
            Console.out(Benchmark.text(policy: policy.name, step: step, rounds: rounds, jobs: jobs, dayStart: policy.policy.dayStart != 0))
            return 0
        }
        let benchmark = FlagshipBenchmark(seed: seed, jobs: jobs, seconds: seconds, rounds: rounds)
        Console.error("simulate bench: about \(Int(benchmark.expectedSeconds.rounded(.up))) s…")
        Console.out(FlagshipBenchmark.text(benchmark.run()))
        return 0
    }
}
