import SimulatorCore
/// The sentences a run's printed summary ends with: whether every invariant held and
/// whether every category reached its floor, naming what did not. One wording for
/// `run` (the v1 path and policies), `mutants` and `merge`, and report.md's verdict
/// when nothing fell below its floor.
package enum RunVerdict {
    /// What a run's coverage came to: the categories below their floor (by name), and
    /// how many of `total` categories had a floor at all (`judged`; the others were too
    /// rare to judge at the run's size, or the run had no swarm).
    struct Coverage {
        var unexercised: [String]
        var judged: Int
        var total: Int
    }

    /// The verdict on the invariants `broken` and on `coverage`; `coverage` is nil where
    /// it is counted but not judged (a check).
    static func lines(broken: [String], coverage: Coverage?, unchecked: [String] = []) -> [String] {
        let invariants = broken.isEmpty ? held("All invariants", unchecked: unchecked, inCheck: coverage == nil) + "."
            : "\(broken.count) invariant\(broken.count == 1 ? "" : "s") broke: \(broken.joined(separator: ", "))."
        guard let coverage else { return [invariants, "Coverage is counted, not judged, for a check (as simulate check does)."] }
        return [invariants, coverageLine(coverage)]
    }

    /// "`subject` held", or, when some invariants had no check (`unchecked`, by name),
    /// "`subject` checked held (… was not checked)": the one wording of every verdict that
    /// says the invariants held. In a check (`inCheck`), `deterministic` is never checked,
    /// as each timeline goes to the program once, and the clause says so; any other
    /// invariant goes unchecked only in a run too small to reach it (no looks, say).
    package static func held(_ subject: String, unchecked: [String], inCheck: Bool) -> String {
        guard !unchecked.isEmpty else { return subject + " held" }
        let why = inCheck && unchecked == ["deterministic"] ? ": a check gives each timeline to the program once" : ""
        return "\(subject) checked held (\(unchecked.joined(separator: ", ")) \(unchecked.count == 1 ? "was" : "were") not checked\(why))"
    }

    /// The coverage half of the verdict. It says "every category" only when every
    /// category was judged: a floor of 0 is reached by any run, so it proves nothing.
    static func coverageLine(_ coverage: Coverage, reasonsIn: String = "report.md") -> String {
        let unexercised = coverage.unexercised
        if !unexercised.isEmpty {
            return "\(unexercised.count) coverage categor\(unexercised.count == 1 ? "y was" : "ies were") not exercised: \(unexercised.joined(separator: ", "))."
        }
        if coverage.judged == coverage.total { return "Every coverage category reached its floor." }
        if coverage.judged == 0 { return "No coverage category was judged: each has a floor of 0 (\"not judged\"; \(reasonsIn) says why)." }
        let others = coverage.total - coverage.judged == 1 ? "the other is" : "the others are"
        return "Every coverage category with a floor reached it (\(coverage.judged) of \(coverage.total); \(others) \"not judged\", and \(reasonsIn) says why)."
    }
}

extension RunReport {
    /// The document that states the rules its invariants cite: the flagship's rules on
    /// the v1 path, the general model for a policy.
    package var rulesDocument: String { options.policy == nil ? "docs/rules.md" : "docs/policies.md" }

    /// The report's coverage as the verdict reads it (nil for a check, which judges none).
    var verdictCoverage: RunVerdict.Coverage? {
        guard kind != .check else { return nil }
        return RunVerdict.Coverage(unexercised: coverage.filter { !$0.exercised }.map(\.category),
                                   judged: coverage.filter { $0.floor > 0 }.count, total: coverage.count)
    }

    /// The report's verdict as `merge` prints it (a check's coverage is not judged).
    package var verdictLines: [String] {
        RunVerdict.lines(broken: invariants.filter { $0.violations > 0 }.map(\.name), coverage: verdictCoverage,
                         unchecked: uncheckedInvariants)
    }

    /// The invariants the run made no check of, by name, in the report's order.
    package var uncheckedInvariants: [String] { invariants.filter { $0.checks == 0 }.map(\.name) }

    /// What a mutants run prints when it failed although every mutant was killed: the
    /// exit status 1 is then the reference run's, and this says why. Nil otherwise.
    package var failedReferenceNote: String? {
        guard kind == .mutants, !passed, let mutants, mutants.allSatisfy(\.killed) else { return nil }
        return (["Every mutant was killed, but the reference run of the same users failed:"] + verdictLines).joined(separator: "\n")
    }
}
