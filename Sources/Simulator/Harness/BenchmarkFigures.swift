import Foundation
import SimulatorCore

/// What every rule set's benchmark measures with (`Benchmark` for a policy,
/// `FlagshipBenchmark` for the flagship's rules): one measurement, the median of
/// alternating rounds, and the process's peak memory.
extension Benchmark {
    /// One measurement.
    package struct Figure: Sendable {
        /// Events processed.
        package var events: Int
        /// Wall-clock seconds.
        package var seconds: Double
        /// The seconds of processor time the process spent meanwhile (user and system,
        /// every thread), when measured.
        package var cpuSeconds: Double?
        /// Events per second.
        package var rate: Double { Double(events) / max(seconds, 1e-9) }
        /// Events per second of processor time, when measured: unlike `rate`, not moved
        /// by the time other programs take the cores from the measured threads.
        package var cpuRate: Double? { cpuSeconds.map { Double(events) / max($0, 1e-9) } }

        /// `events` events in `seconds` seconds, which took `cpuSeconds` of processor time.
        package init(events: Int, seconds: Double, cpuSeconds: Double? = nil) {
            self.events = events
            self.seconds = seconds
            self.cpuSeconds = cpuSeconds
        }
    }

    /// One campaign, sized once to run about `seconds` (from runs of a growing number of
    /// users), then run round after round: a measurement of (b) or (c) of either rule set.
    struct Measurement<Implementation: RuleImplementation> {
        let campaign: Campaign<Implementation>

        /// A campaign of `seed`'s users on `jobs` threads that `make` builds, sized to run about `seconds`.
        init(seed: UInt64, jobs: Int, seconds: Double, make: (CampaignOptions) -> Campaign<Implementation>) {
            var users = 200
            while true {
                let campaign = make(CampaignOptions(seed: seed, users: users, jobs: jobs))
                let result = campaign.run()
                if result.runSeconds >= seconds * 0.8 || users >= 5_000_000 {
                    self.campaign = campaign
                    return
                }
                users = min(5_000_000, Int(Double(users) * min(10, seconds / max(result.runSeconds, 0.01))) + 1)
            }
        }

        /// Rounds of `campaign` as it is, unsized (a test's few users).
        init(campaign: Campaign<Implementation>) {
            self.campaign = campaign
        }

        /// One round: the campaign run again, with the processor time it took.
        func round() -> Figure {
            let cpuBefore = Benchmark.processorSeconds()
            let result = campaign.run()
            return Figure(events: result.events, seconds: result.runSeconds, cpuSeconds: Benchmark.processorSeconds() - cpuBefore)
        }
    }

    /// The round with the median rate (the lower middle one of an even count).
    static func median(_ figures: [Figure]) -> Figure {
        lowerMiddle(figures.sorted { $0.rate < $1.rate })
    }

    /// The median of the rounds' rates per second of processor time (the lower middle
    /// one of an even count), or nil when a round's processor time was not measured.
    static func medianCPURate(_ figures: [Figure]) -> Double? {
        let rates = figures.compactMap(\.cpuRate)
        guard !rates.isEmpty, rates.count == figures.count else { return nil }
        return lowerMiddle(rates.sorted())
    }

    /// The median of sorted values: the lower middle one of an even count.
    private static func lowerMiddle<Value>(_ sorted: [Value]) -> Value {
        sorted[(sorted.count - 1) / 2]
    }

    /// The processor time this process has used so far, user and system, every thread.
    package static func processorSeconds() -> Double {
        let usage = selfUsage()
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// This process's resource usage (`getrusage` of itself).
    private static func selfUsage() -> rusage {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage
    }

    /// The lines every benchmark prints under its heading: (a) the `step` alone, (b) the
    /// full simulation and (c) its `Calendar` baseline as their median rounds, every
    /// round, the ratios, and the peak memory; `engine` names what steps ("model",
    /// "engine").
    static func lines(engine: String, step: (name: String, figure: Figure), simulation: [Figure], baseline: [Figure], peakResidentBytes: Int) -> [String] {
        func line(_ name: String, _ figure: Figure) -> String {
            "  " + Figures.left(name, 58) + Figures.right(Figures.rate(figure.rate) + "events/s", 18)
                + "  (" + Figures.grouped(figure.events) + " events in " + Figures.fixed(figure.seconds, 2) + " s)"
        }
        let simulated = median(simulation), calendar = median(baseline)
        return [
            line("(a) \(step.name) alone (outputs digested), 1 thread", step.figure),
            line("(b) full simulation (generation, \(engine), every invariant)", simulated),
            line("(c) the same with local dates from Calendar (baseline)", calendar),
            "  rounds of (b)  " + simulation.map { Figures.rate($0.rate) }.joined(separator: "  "),
            "  rounds of (c)  " + baseline.map { Figures.rate($0.rate) }.joined(separator: "  "),
            "  b/c  \(Figures.fixed(simulated.rate / calendar.rate, 1))×   (zone tables against Calendar)",
            "  b/a  \(Figures.fixed(simulated.rate / step.figure.rate, 2))×   (the whole simulation against the bare \(engine) step)",
            "  peak resident memory  \(Figures.fixed(Double(peakResidentBytes) / 1_048_576, 1)) MiB",
        ]
    }

    /// This program's own peak resident memory.
    ///
    /// On Linux it is `VmHWM` of `/proc/self/status`, which belongs to the program's
    /// address space: `getrusage`'s `ru_maxrss` survives `exec`, so under
    /// `swift run` it reported the package manager's high-water mark (116 MiB for a
    /// 43 MiB bench). Elsewhere `ru_maxrss`, which Apple's systems reset at `exec`.
    package static func peakResidentBytes() -> Int {
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kibibytes = Int(line.split(separator: " ").dropFirst().first ?? "") {
            return kibibytes * 1024
        }
        return Int(selfUsage().ru_maxrss) * 1024
        #else
        return Int(selfUsage().ru_maxrss)
        #endif
    }
}
