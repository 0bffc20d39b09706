import SubscriptionModel
import SimulatorCore

/// One user's life as the replay contract describes it (`docs/timeline-format.md`):
/// the device's zone at the start and the events, in order.
public struct FlagshipTimeline: Hashable, Sendable {
    /// The device's time zone when the timeline starts.
    public var zone: TimeZoneRules
    /// The events; a valid timeline starts with the one `install` and never goes back in time.
    public var events: [FlagshipEvent]

    /// Creates a timeline.
    public init(zone: TimeZoneRules, events: [FlagshipEvent]) {
        self.zone = zone
        self.events = events
    }

    /// Whether the timeline obeys the contract's structural rules: non-empty, `install`
    /// first and only there, instants never decreasing. The reader enforces this on
    /// files; the generator and the shrinker must keep it.
    package var isValid: Bool { events.isOneLife { $0.action == .install } }
}
