import SubscriptionModel
import SimulatorCore

/// The campaign that checks the reference model on the fast zone tables.
///
/// Named and run from inside this module so the optimizer specializes the whole hot
/// loop (generation, model step, checker) for it; a generic campaign instantiated from
/// another module would run through unspecialized generic code, several times slower.
package typealias ReferenceCampaign = Campaign<FlagshipReferenceImplementation<ZoneTableDates>>

extension Campaign where Implementation == FlagshipReferenceImplementation<ZoneTableDates> {
    /// Runs the reference campaign (specialized; see `ReferenceCampaign`).
    package func runReference(progress: (@Sendable (Int) -> Void)? = nil) -> RunResult<FlagshipRules> {
        run(progress: progress)
    }

    /// Shrinks a failure of the reference campaign (specialized).
    package func shrinkReferenceFailure(of invariant: FlagshipInvariant, user: Int) -> ShrunkFailure<FlagshipRules> {
        shrinkFailure(of: invariant, user: user)
    }
}
