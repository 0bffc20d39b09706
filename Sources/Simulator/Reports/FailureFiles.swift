extension Campaign where Implementation: FlagshipImplementation {
    /// Shrinks the first failing user of every broken invariant and writes each shrunk
    /// timeline to `failures/INVARIANT-userK.json` in `folder`.
    package func shrinkFailures(of result: RunResult<FlagshipRules>, into folder: ReportFolder) throws(ReportFolder.WriteError) -> [(failure: ShrunkFailure<FlagshipRules>, path: String)] {
        var failures: [(failure: ShrunkFailure<FlagshipRules>, path: String)] = []
        for invariant in result.brokenInvariants {
            guard let user = result.firstFailingUser[invariant] else { continue }
            let failure = shrinkFailure(of: invariant, user: user)
            let text = FlagshipTimelineWriter().text(failure.timeline, about: "\(invariant.rawValue) (\(invariant.rules)): seed \(failure.seed), user \(user), shrunk")
            failures.append((failure, try folder.write(text, as: "failures/" + failure.fileName)))
        }
        return failures
    }
}
