import SubscriptionModel
import SimulatorCore

/// Quota logic under test: it receives the same events as the reference model and
/// returns what a user would observe. The reference model is one conformance; an app
/// team wraps its own code in another, and the simulator checks both the same way.
///
/// The checker asks for outputs a chunk of events at a time (`FlagshipTimelineCheck.chunk`), so
/// an implementation may be stepped up to a chunk past the event that broke an
/// invariant; those outputs are ignored.
public protocol FlagshipImplementation: RuleImplementation where Rules == FlagshipRules {
    /// Forgets everything and starts a new user whose device is in `zone`.
    mutating func start(zone: TimeZoneRules)
    /// Applies one event and reports what the user observes right after it.
    mutating func handle(_ event: FlagshipEvent) -> FlagshipOutput
}
