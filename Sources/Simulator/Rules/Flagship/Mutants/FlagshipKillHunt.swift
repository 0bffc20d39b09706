import SubscriptionModel
import SimulatorCore

extension KillHunt where Rules == FlagshipRules {
    /// Hunts the implementations of the flagship's rules that `make` builds over `options`' users.
    public static func run<I: FlagshipImplementation>(options: CampaignOptions, policy: CaptureRules = .mealCapture, make: @escaping @Sendable () -> I) -> Result {
        var campaign = Campaign(options: options, policy: policy, makeImplementation: make)
        campaign.comparesWithReference = true
        return hunt(options: options, users: campaign.generator, makeCheck: campaign.makeCheck)
    }

    /// The kill matrix row of a hunt; `constructor` is the Swift expression that builds
    /// the implementation, for the row's regression test.
    package static func entry(name: String, mistake: String, constructor: String, result: Result) -> RunReport.MutantEntry {
        let counterexample = result.shrunk.map { FlagshipTimelineWriter().text($0, about: "\(name): \(result.shrunkViolation?.description ?? "")") }
        return RunReport.MutantEntry(
            name: name, mistake: mistake, killed: result.killed, caughtBy: result.violation?.invariant.rawValue,
            eventsUntilKill: result.killed ? result.eventsUntilKill : nil,
            secondsUntilKill: result.killed ? (result.secondsUntilKill * 1000).rounded() / 1000 : nil,
            shrunkEvents: result.shrunk?.events.count,
            counterexample: counterexample,
            regressionTest: counterexample.map { text in
                RegressionTest.source(name: name, title: "mutant \(name), user \(result.user ?? 0)",
                                      summary: "The mutant \(name) (\(mistake)) caught by \(result.violation?.invariant.rawValue ?? "?") and shrunk to \(Figures.count(result.shrunk?.events.count ?? 0, "event")).",
                                      timelineText: text, implementation: constructor)
            })
    }
}
