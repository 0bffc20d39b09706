/// A plan given for a stretch of elapsed time: the trial (G5.2, from the install) or the
/// grace for existing users (G5.3, from a cut-off).
package struct TimedPlan: Hashable, Sendable {
    /// The plan's index in the policy's plans.
    package var plan: Int
    /// How long it lasts, in elapsed milliseconds (never calendar days: T2).
    package var lengthMilliseconds: Int64
    /// For a grace: the cut-off `R`. Users installed before it have the plan until
    /// `R + length`; nil for a trial, which starts at the install.
    package var cutoff: Instant?

    /// Creates a trial or a grace.
    package init(plan: Int, lengthMilliseconds: Int64, cutoff: Instant? = nil) {
        self.plan = plan
        self.lengthMilliseconds = lengthMilliseconds
        self.cutoff = cutoff
    }
}
