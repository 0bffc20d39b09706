import SubscriptionModel
import SimulatorCore

/// `simulate replay FILE --mutant NAME`: a timeline replayed through one of the
/// package's mutants instead of the reference, in the same JSON Lines, so that a
/// reviewer can see a kill matrix's counterexample show its bug (`diff` it against the
/// plain replay) without writing Swift.
///
/// A timeline in the v1 form goes to the v1 mutants (`FlagshipMutantCatalogue`); one that names
/// a policy goes to that policy's mutants (`MutantCatalogue`), whose screens are
/// the ones the mutant computes itself.
package enum MutantReplay {
    /// Reads and validates the file at `path`, then replays it through the mutant named
    /// `name`, handing its JSON Lines to `sink`. Throws before anything reaches `sink`
    /// when the file is bad or no mutant of its rules has that name.
    package static func run(path: InputPath, mutant name: String, to sink: (String) -> Void) throws(TimelineError) {
        switch try Replay.read(path: path) {
        case .v1(let timeline): sink(try lines(timeline, mutant: name))
        case .policy(let timeline): sink(try policyLines(timeline, mutant: name))
        }
    }

    /// The v1 mutant's lines for `timeline`.
    static func lines(_ timeline: FlagshipTimeline, mutant name: String) throws(TimelineError) -> String {
        guard let entry = FlagshipMutantCatalogue.all.first(where: { $0.name == name }) else {
            throw unknown(name, of: "the meal-capture rules' v1 path", names: FlagshipMutantCatalogue.all.map(\.name))
        }
        return FlagshipReplayLine.jsonLines(events: timeline.events, outputs: entry.outputs(timeline))
    }

    /// The policy mutant's lines for `timeline`, with the screens it shows itself.
    static func policyLines(_ timeline: Timeline, mutant name: String) throws(TimelineError) -> String {
        let entries = MutantCatalogue.entries(for: timeline.policy.name)
        guard let entry = entries.first(where: { $0.name == name }) else {
            throw unknown(name, of: timeline.policy.name, names: entries.map(\.name))
        }
        var app = entry.make()
        let steps = QuotaAppComparison.run(&app, timeline)
        return ReplayLine.jsonLines(events: timeline.events, outputs: steps.map(\.output), machine: SubscriptionMachine(policy: timeline.policy),
                                          screens: steps.map(\.screens))
    }

    /// No mutant of these rules has the name asked for.
    private static func unknown(_ name: String, of rules: String, names: [String]) -> TimelineError {
        TimelineError(place: "--mutant", problem: names.isEmpty ? "\(rules) has no mutants (the shipped policies and the examples have them; simulate policies lists them)"
                      : "no mutant of \(rules) is named \(ErrorText.quoted(name)); its mutants are \(names.joined(separator: ", "))")
    }
}
