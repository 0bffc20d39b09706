import Foundation
import SubscriptionModel
import SimulatorCore

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

    /// All figures of a run.
    package struct Result: Sendable {
        /// (a) the model step alone (its outputs digested), one thread.
        package var modelStep: Benchmark.Figure
        /// (b) the full simulation on `jobs` threads: the median round.
        package var simulation: Benchmark.Figure
        /// (c) the simulation with `Calendar` local dates on `jobs` threads: the median round.
        package var calendarBaseline: Benchmark.Figure
        /// Every round of (b), in order.
        package var simulationRounds: [Benchmark.Figure]
        /// Every round of (c), in order.
        package var calendarBaselineRounds: [Benchmark.Figure]
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
        let simulation = Self.simulation(seed: seed, jobs: jobs, seconds: seconds)
        let baseline = Benchmark.Measurement(seed: seed, jobs: jobs, seconds: seconds) { options in
            var campaign = Campaign(options: options) { FlagshipReferenceImplementation(machine: FlagshipMachine(policy: .mealCapture, dates: calendar)) }
            campaign.checkerDates = calendar
            return campaign
        }
        var simulationRounds: [Benchmark.Figure] = [], baselineRounds: [Benchmark.Figure] = []
        for _ in 0..<max(1, rounds) {
            simulationRounds.append(simulation.round())
            baselineRounds.append(baseline.round())
        }
        return Result(modelStep: modelStep, simulation: Benchmark.median(simulationRounds), calendarBaseline: Benchmark.median(baselineRounds),
                      simulationRounds: simulationRounds, calendarBaselineRounds: baselineRounds, jobs: jobs,
                      cores: CampaignOptions.coreCount, peakResidentBytes: Benchmark.peakResidentBytes())
    }


    /// (b): the reference campaign of meal-capture's rules on the zone tables, sized to
    /// run about `seconds` (also the measure a policy's simulation is compared with).
    static func simulation(seed: UInt64, jobs: Int, seconds: Double) -> Benchmark.Measurement<FlagshipReferenceImplementation<ZoneTableDates>> {
        Benchmark.Measurement(seed: seed, jobs: jobs, seconds: seconds) { ReferenceCampaign(options: $0) }
    }

    /// (a): steps the model over pre-generated timelines until `seconds` have passed.
    func measureModelStep() -> Benchmark.Figure {
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
        return Benchmark.Figure(events: events, seconds: elapsed)
    }


    /// The figures as `simulate bench` prints them.
    package static func text(_ result: Result) -> String {
        ([
            "simulate bench (\(result.cores) cores; simulations on \(result.jobs) job\(result.jobs == 1 ? "" : "s"), "
                + "median of \(result.simulationRounds.count) alternating rounds)",
        ] + Benchmark.lines(engine: "model", step: ("model step", result.modelStep), simulation: result.simulationRounds,
                            baseline: result.calendarBaselineRounds, peakResidentBytes: result.peakResidentBytes)).joined(separator: "\n")
    }
}
