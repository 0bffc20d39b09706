/// One thing that happens to a user, at an instant: the model's only input.
///
/// Mirrors the `do` values of the timeline format one for one.
public struct FlagshipEvent: Hashable, Sendable {
    /// When it happens (elapsed time; never decreases along a timeline).
    public var at: Instant
    /// What happens.
    public var action: Action

    /// Creates an event.
    @inlinable
    public init(at: Instant, _ action: Action) {
        self.at = at
        self.action = action
    }

    /// What can happen.
    public enum Action: Hashable, Sendable {
        /// The first install: records `I` (T1). Exactly once, first.
        case install
        /// The user taps a capture button.
        case capture(CaptureKind)
        /// StoreKit's current entitlement is now this tier, or none (P1).
        case setEntitlement(PaidTier?)
        /// The device's time zone changes (travel or settings).
        case setZone(TimeZoneRules)
        /// The app is deleted and installed again: changes nothing (T1, U5).
        case reinstall
        /// The user looks at the home screen and PlanView: changes nothing.
        case look

        /// A look or a reinstall: the actions rules.md #6 says leave every later output
        /// unchanged (T1, U3, U5).
        public var isLookOrReinstall: Bool {
            switch self {
            case .look, .reinstall: true
            default: false
            }
        }

        /// The `do` name of the timeline format.
        package var name: String {
            switch self {
            case .install: "install"
            case .capture: "capture"
            case .setEntitlement: "set-entitlement"
            case .setZone: "set-zone"
            case .reinstall: "reinstall"
            case .look: "look"
            }
        }
    }
}
