/// The sentences a run's printed summary ends with: whether every invariant held and
/// whether every category reached its floor, naming what did not. One wording for
/// `run` (the v1 path and policies), `mutants` and `merge`.
enum RunVerdict {
    /// The verdict on the invariants `broken` and the categories `unexercised` (by
    /// name), which the summary calls `categories` categories ("edge" on the v1 path);
    /// `unexercised` is nil where coverage is counted but not judged (a check).
    static func lines(broken: [String], unexercised: [String]?, categories: String = "coverage") -> [String] {
        let invariants = broken.isEmpty ? "All invariants held."
            : "\(broken.count) invariant\(broken.count == 1 ? "" : "s") broke: \(broken.joined(separator: ", "))."
        guard let unexercised else { return [invariants, "Coverage is counted, not judged, for a check (as simulate check does)."] }
        return [invariants, unexercised.isEmpty ? "Every \(categories) category reached its floor."
                : "\(unexercised.count) \(categories) categor\(unexercised.count == 1 ? "y was" : "ies were") not exercised: \(unexercised.joined(separator: ", "))."]
    }
}

extension RunReport {
    /// The report's verdict as `merge` prints it (a check's coverage is not judged).
    public var verdictLines: [String] {
        RunVerdict.lines(broken: invariants.filter { $0.violations > 0 }.map(\.name),
                         unexercised: kind == .check ? nil : coverage.filter { !$0.exercised }.map(\.category))
    }

    /// What a mutants run prints when it failed although every mutant was killed: the
    /// exit status 1 is then the reference run's, and this says why. Nil otherwise.
    public var failedReferenceNote: String? {
        guard kind == .mutants, !passed, let mutants, mutants.allSatisfy(\.killed) else { return nil }
        return (["Every mutant was killed, but the reference run of the same users failed:"] + verdictLines).joined(separator: "\n")
    }
}
