import Foundation
import SubscriptionModel

/// `simulate bench`: three throughputs measured in one process, so their ratios are
/// fair whatever the machine is doing:
///
/// - (a) the model step alone, on timelines generated beforehand (one thread), each
///   output folded into a digest so that all of it is built;
/// - (b) the full simulation: generation, model, shadow and every invariant, all jobs;
/// - (c) the same simulation with local dates from Foundation's `Calendar` at every
///   event (`CalendarDates`), the straightforward baseline.
///
/// (b) and (c) are measured in alternating rounds and each reported as its median
/// round, so that a burst of load from elsewhere on a shared machine moves one round
/// of one figure, not the ratio.
package struct FlagshipBenchmark: Sendable {
    /// Seed of the simulated users.
    package var seed: UInt64
    /// Worker threads for (b) and (c).
    package var jobs: Int
    /// Roughly how long each measurement (one round of one figure) runs.
    package var seconds: Double
    /// Rounds of (b) and (c), alternating.
    package var rounds: Int

    /// Creates a benchmark.
    package init(seed: UInt64 = 1, jobs: Int = CampaignOptions.coreCount, seconds: Double = 1, rounds: Int = 5) {
        self.seed = seed
        self.jobs = jobs
        self.seconds = seconds
        self.rounds = rounds
    }

    /// Roughly how long `run()` takes, in seconds (calibration included).
    package var expectedSeconds: Double { seconds * Double(2 * rounds + 3) }

    /// One measurement.
    package struct Figure: Sendable {
        /// Events processed.
        package var events: Int
        /// Wall-clock seconds.
        package var seconds: Double
        /// Events per second.
        package var rate: Double { Double(events) / max(seconds, 1e-9) }
    }

    /// All figures of a run.
    package struct Result: Sendable {
        /// (a) the model step alone (its outputs digested), one thread.
        package var modelStep: Figure
        /// (b) the full simulation on `jobs` threads: the median round.
        package var simulation: Figure
        /// (c) the simulation with `Calendar` local dates on `jobs` threads: the median round.
        package var calendarBaseline: Figure
        /// Every round of (b), in order.
        package var simulationRounds: [Figure]
        /// Every round of (c), in order.
        package var calendarBaselineRounds: [Figure]
        /// Worker threads of (b) and (c).
        package var jobs: Int
        /// Cores the machine reports.
        package var cores: Int
        /// Peak resident memory of the process, in bytes.
        package var peakResidentBytes: Int
    }

    /// Runs the three measurements.
    package func run() -> Result {
        let modelStep = measureModelStep()
        let calendar = CalendarDates()
        let simulation = Measurement(ReferenceCampaign.self, seed: seed, jobs: jobs, seconds: seconds,
                                     make: { FlagshipReferenceImplementation(policy: .mealCapture) }, checkerDates: nil)
        let baseline = Measurement(Campaign<FlagshipReferenceImplementation<CalendarDates>>.self, seed: seed, jobs: jobs, seconds: seconds,
                                   make: { FlagshipReferenceImplementation(machine: FlagshipMachine(policy: .mealCapture, dates: calendar)) },
                                   checkerDates: calendar)
        var simulationRounds: [Figure] = [], baselineRounds: [Figure] = []
        for _ in 0..<max(1, rounds) {
            simulationRounds.append(simulation.round())
            baselineRounds.append(baseline.round())
        }
        return Result(modelStep: modelStep, simulation: Self.median(simulationRounds), calendarBaseline: Self.median(baselineRounds),
                      simulationRounds: simulationRounds, calendarBaselineRounds: baselineRounds, jobs: jobs,
                      cores: CampaignOptions.coreCount, peakResidentBytes: Self.peakResidentBytes())
    }

    /// The round with the median rate (the lower middle one of an even count).
    static func median(_ figures: [Figure]) -> Figure {
        figures.sorted { $0.rate < $1.rate }[(figures.count - 1) / 2]
    }

    /// One campaign, sized once to run about `seconds`, then run round after round.
    struct Measurement<I: FlagshipImplementation> {
        let campaign: Campaign<I>

        init(_ type: Campaign<I>.Type, seed: UInt64, jobs: Int, seconds: Double, make: @escaping @Sendable () -> I, checkerDates: (any LocalDateSource)?) {
            var users = 200
            while true {
                var campaign = Campaign(options: CampaignOptions(seed: seed, users: users, jobs: jobs), makeImplementation: make)
                campaign.checkerDates = checkerDates
                let result = campaign.run()
                if result.runSeconds >= seconds * 0.8 || users >= 5_000_000 {
                    self.campaign = campaign
                    return
                }
                users = min(5_000_000, Int(Double(users) * min(10, seconds / max(result.runSeconds, 0.01))) + 1)
            }
        }

        func round() -> Figure {
            let result = campaign.run()
            return Figure(events: result.tally.events, seconds: result.runSeconds)
        }
    }

    /// (a): steps the model over pre-generated timelines until `seconds` have passed.
    func measureModelStep() -> Figure {
        let generator = FlagshipTimelineGenerator()
        let timelines = (0..<2_000).map { generator.user(seed: seed, user: $0).timeline }
        let machine = FlagshipMachine()
        var events = 0
        // Every output is folded into a digest, so the optimizer cannot skip building
        // any of its fields.
        var digest = OutputDigest()
        let clock = ContinuousClock(), start = clock.now
        var elapsed = 0.0
        repeat {
            for timeline in timelines {
                var state = FlagshipState(zone: timeline.zone)
                for event in timeline.events { digest.add(machine.apply(event, to: &state)) }
                events += timeline.events.count
            }
            elapsed = start.duration(to: clock.now).seconds
        } while elapsed < seconds
        precondition(digest != OutputDigest())
        return Figure(events: events, seconds: elapsed)
    }

    /// This program's own peak resident memory.
    ///
    /// On Linux it is `VmHWM` of `/proc/self/status`, which belongs to the program's
    /// address space: `getrusage`'s `ru_maxrss` survives `exec`, so under
    /// `swift run` it reported the package manager's high-water mark (116 MiB for a
    /// 43 MiB bench). Elsewhere `ru_maxrss`, which Apple's systems reset at `exec`.
    package static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kibibytes = Int(line.split(separator: " ").dropFirst().first ?? "") {
            return kibibytes * 1024
        }
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
        #endif
    }

    /// The figures as `simulate bench` prints them.
    package static func text(_ result: Result) -> String {
        func line(_ name: String, _ figure: Figure) -> String {
            "  " + Figures.left(name, 58) + Figures.right(Figures.rate(figure.rate) + "events/s", 18)
                + "  (" + Figures.grouped(figure.events) + " events in " + Figures.fixed(figure.seconds, 2) + " s)"
        }
        return [
            "simulate bench (\(result.cores) cores; simulations on \(result.jobs) job\(result.jobs == 1 ? "" : "s"), "
                + "median of \(result.simulationRounds.count) alternating rounds)",
            line("(a) model step alone (outputs digested), 1 thread", result.modelStep),
            line("(b) full simulation (generation, model, every invariant)", result.simulation),
            line("(c) the same with local dates from Calendar (baseline)", result.calendarBaseline),
            "  rounds of (b)  " + result.simulationRounds.map { Figures.rate($0.rate) }.joined(separator: "  "),
            "  rounds of (c)  " + result.calendarBaselineRounds.map { Figures.rate($0.rate) }.joined(separator: "  "),
            "  b/c  \(Figures.fixed(result.simulation.rate / result.calendarBaseline.rate, 1))×   (zone tables against Calendar)",
            "  b/a  \(Figures.fixed(result.simulation.rate / result.modelStep.rate, 2))×   (the whole simulation against the bare model step)",
            "  peak resident memory  \(Figures.fixed(Double(result.peakResidentBytes) / 1_048_576, 1)) MiB",
        ].joined(separator: "\n")
    }
}
