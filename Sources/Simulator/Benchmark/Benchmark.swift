import Foundation
import SubscriptionModel

/// `simulate bench`: three throughputs measured in one process, so their ratios are
/// fair whatever the machine is doing:
///
/// - (a) the model step alone, on timelines generated beforehand (one thread);
/// - (b) the full simulation: generation, model, shadow and every invariant, all jobs;
/// - (c) the same simulation with local dates from Foundation's `Calendar` at every
///   event (`CalendarDates`), the straightforward baseline.
public struct Benchmark: Sendable {
    /// Seed of the simulated users.
    public var seed: UInt64
    /// Worker threads for (b) and (c).
    public var jobs: Int
    /// Roughly how long each measurement runs.
    public var seconds: Double

    /// Creates a benchmark.
    public init(seed: UInt64 = 1, jobs: Int = CampaignOptions.coreCount, seconds: Double = 2) {
        self.seed = seed
        self.jobs = jobs
        self.seconds = seconds
    }

    /// One measurement.
    public struct Figure: Sendable {
        /// Events processed.
        public var events: Int
        /// Wall-clock seconds.
        public var seconds: Double
        /// Events per second.
        public var rate: Double { Double(events) / max(seconds, 1e-9) }
    }

    /// All figures of a run.
    public struct Result: Sendable {
        /// (a) the model step alone, one thread.
        public var modelStep: Figure
        /// (b) the full simulation on `jobs` threads.
        public var simulation: Figure
        /// (c) the simulation with `Calendar` local dates on `jobs` threads.
        public var calendarBaseline: Figure
        /// Worker threads of (b) and (c).
        public var jobs: Int
        /// Cores the machine reports.
        public var cores: Int
        /// Peak resident memory of the process, in bytes.
        public var peakResidentBytes: Int
    }

    /// Runs the three measurements.
    public func run() -> Result {
        let modelStep = measureModelStep()
        let simulation = measureSimulation(ReferenceCampaign.self, make: { ReferenceImplementation(policy: .mealCapture) }, checkerDates: nil)
        let calendar = CalendarDates()
        let baseline = measureSimulation(Campaign<ReferenceImplementation<CalendarDates>>.self,
                                         make: { ReferenceImplementation(machine: SubscriptionMachine(policy: .mealCapture, dates: calendar)) },
                                         checkerDates: calendar)
        return Result(modelStep: modelStep, simulation: simulation, calendarBaseline: baseline, jobs: jobs,
                      cores: CampaignOptions.coreCount, peakResidentBytes: Self.peakResidentBytes())
    }

    /// (a): steps the model over pre-generated timelines until `seconds` have passed.
    func measureModelStep() -> Figure {
        let generator = TimelineGenerator()
        let timelines = (0..<2_000).map { generator.user(seed: seed, user: $0).timeline }
        let machine = SubscriptionMachine()
        var events = 0, checksum = 0
        let clock = ContinuousClock(), start = clock.now
        var elapsed = 0.0
        repeat {
            for timeline in timelines {
                var state = State(zone: timeline.zone)
                for event in timeline.events { checksum &+= machine.apply(event, to: &state).used }
                events += timeline.events.count
            }
            elapsed = start.duration(to: clock.now).seconds
        } while elapsed < seconds
        precondition(checksum != 0)
        return Figure(events: events, seconds: elapsed)
    }

    /// (b) or (c): a calibrated campaign that runs about `seconds`.
    func measureSimulation<I: SubscriptionImplementation>(_ type: Campaign<I>.Type, make: @escaping @Sendable () -> I, checkerDates: (any LocalDateSource)?) -> Figure {
        var users = 200
        while true {
            var campaign = Campaign(options: CampaignOptions(seed: seed, users: users, jobs: jobs), makeImplementation: make)
            campaign.checkerDates = checkerDates
            let result = campaign.run()
            if result.runSeconds >= seconds * 0.8 || users >= 5_000_000 {
                return Figure(events: result.tally.events, seconds: result.runSeconds)
            }
            users = min(5_000_000, Int(Double(users) * min(10, seconds / max(result.runSeconds, 0.01))) + 1)
        }
    }

    /// The process's peak resident memory (`getrusage`).
    public static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
        #endif
    }

    /// The figures as `simulate bench` prints them.
    public static func text(_ result: Result) -> String {
        func line(_ name: String, _ figure: Figure) -> String {
            "  " + Figures.left(name, 58) + Figures.right(Figures.rate(figure.rate) + "events/s", 18)
                + "  (" + Figures.grouped(figure.events) + " events in " + Figures.fixed(figure.seconds, 2) + " s)"
        }
        return [
            "simulate bench (\(result.cores) cores; simulations on \(result.jobs) job\(result.jobs == 1 ? "" : "s"))",
            line("(a) model step alone, 1 thread", result.modelStep),
            line("(b) full simulation (generation, model, every invariant)", result.simulation),
            line("(c) the same with local dates from Calendar (baseline)", result.calendarBaseline),
            "  b/c  \(Figures.fixed(result.simulation.rate / result.calendarBaseline.rate, 1))×   (zone tables against Calendar)",
            "  b/a  \(Figures.fixed(result.simulation.rate / result.modelStep.rate, 2))×   (the whole simulation against the bare model step)",
            "  peak resident memory  \(Figures.fixed(Double(result.peakResidentBytes) / 1_048_576, 1)) MiB",
        ].joined(separator: "\n")
    }
}
