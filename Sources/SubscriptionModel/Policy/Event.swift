/// One thing that happens to a user under a policy, at an instant: the generic engine's
/// only input. Mirrors the `do` values of a policy timeline one for one.
public struct Event: Hashable, Sendable {
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
        /// The first install: records `I` (G1). Exactly once, first.
        case install
        /// The app is deleted and installed again: changes nothing (G1, G11).
        case reinstall
        /// The user looks at the screens: changes nothing (G11).
        case look
        /// The device's time zone changes.
        case setZone(TimeZoneRules)
        /// The user uses feature `feature` (by index in the policy's features); a history
        /// feature carries the diary `day` the use is for (G6.3).
        case use(feature: Int, day: LocalDate?)
        /// The guest signs in (G1).
        case signIn
        /// StoreKit's current entitlement is now this one, or none (P1, G12).
        case setEntitlement(Entitlement?)
        /// The app's process ends and the app is launched again: what it held in memory is
        /// gone, what it stored is kept. Changes nothing under the rules (G1, G11).
        case relaunch
        /// The app leaves the screen for the background; until it returns, the user
        /// uses nothing. Changes nothing under the rules.
        case background
        /// The app returns to the screen from the background. Changes nothing.
        case foreground
        /// The user buys credit pack `pack` (by index in the policy's `creditPacks`): its
        /// credits are added to its meter's (format 3).
        case purchase(pack: Int)
        /// StoreKit reports a refund of one purchase of credit pack `pack`: its credits
        /// still held are taken back, never more than the balance.
        case refund(pack: Int)
        /// A timer the app set fires while it is on the screen (time passing with the app
        /// open: an hourly entitlement check, say). Changes nothing.
        case timer

        /// Whether the rules say the event changes nothing (G1, G11): a `look`, a
        /// `reinstall`, or a moment of the app's own life (`relaunch`, `background`,
        /// `foreground`, `timer`). A pattern match, cheaper than comparing whole actions on
        /// a hot path.
        @inlinable
        public var changesNothing: Bool {
            switch self {
            case .look, .reinstall, .relaunch, .background, .foreground, .timer: true
            default: false
            }
        }

        /// Whether the app is on the screen for it: the user uses, looks and signs in
        /// only then (and a timer fires only then), while StoreKit and the device's zone
        /// change whether or not the app runs.
        package var needsForeground: Bool {
            switch self {
            case .use, .look, .signIn, .timer, .purchase: true
            default: false
            }
        }

        /// The `do` name of the timeline format.
        package var name: String {
            switch self {
            case .install: "install"
            case .reinstall: "reinstall"
            case .look: "look"
            case .setZone: "set-zone"
            case .use: "use"
            case .signIn: "sign-in"
            case .setEntitlement: "set-entitlement"
            case .relaunch: "relaunch"
            case .background: "background"
            case .foreground: "foreground"
            case .timer: "timer"
            case .purchase: "purchase"
            case .refund: "refund"
            }
        }
    }
}
