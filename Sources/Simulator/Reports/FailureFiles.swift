import SimulatorCore
extension RunResult where Rules: ReportingRules {
    /// Shrinks the first failing user of every broken invariant (`shrink`, given the
    /// invariant and the user) and writes each shrunk timeline to
    /// `failures/INVARIANT-userK.json` in `folder`, saying which user it shrinks
    /// (`progress`) before each; returns the failures with the paths written.
    package func writeFailures(into folder: ReportFolder, progress: (String) -> Void = { _ in },
                               shrink: (Rules.Invariant, Int) -> ShrunkFailure<Rules>) throws(ReportFolder.WriteError)
        -> [(failure: ShrunkFailure<Rules>, path: String)] {
        var failures: [(failure: ShrunkFailure<Rules>, path: String)] = []
        for invariant in brokenInvariants {
            guard let user = firstFailingUser[invariant] else { continue }
            progress("shrinking user \(user) (\(invariant.rawValue))…")
            let failure = shrink(invariant, user)
            failures.append((failure, try folder.write(Rules.failureFile(failure), as: "failures/" + failure.fileName)))
        }
        return failures
    }

    /// The summary `simulate run` prints: the run's, then a paragraph for each of its
    /// `failures` (each written to its path).
    package func summary(failures: [(failure: ShrunkFailure<Rules>, path: String)]) -> String {
        failures.reduce(Rules.summary(self)) { text, failure in
            text + "\n\n" + Rules.failureSummary(failure.failure, writtenTo: failure.path)
        }
    }
}
