import SubscriptionModel

/// Quota logic under test for any policy: it receives the same events as the generic
/// reference engine and returns what a user would observe (the generic contract's
/// output). The reference engine is one conformance; a mutant, or a team's own code,
/// is another, and the simulator checks them all the same way.
public protocol SubscriptionImplementation: RuleImplementation where Rules == PolicyRules {
    /// Forgets everything and starts a new user of `policy` whose device is in `zone`.
    mutating func start(policy: SubscriptionPolicy, zone: TimeZoneRules)
    /// Applies one event and reports what the user observes right after it.
    mutating func handle(_ event: Event) -> Output
    /// The policy's screens as this implementation shows them after `output` (its own
    /// texts, so a bug that lives only in a screen is seen). By default the reference
    /// engine's rendering of `output`.
    func screens(of output: Output, policy: SubscriptionPolicy) -> [ScreenValue]
    /// Whether `screens(of:policy:)` is the implementation's own (then the checker asks
    /// for them at every event) rather than the engine's rendering (the default, false).
    static var showsOwnScreens: Bool { get }
}

extension SubscriptionImplementation {
    /// False: the screens are the engine's rendering of the output.
    public static var showsOwnScreens: Bool { false }

    /// The reference engine's rendering of `output`'s screens.
    public func screens(of output: Output, policy: SubscriptionPolicy) -> [ScreenValue] {
        SubscriptionMachine(policy: policy).screens(of: output)
    }
}

/// The generic reference engine (`SubscriptionMachine`) as an implementation under test.
public struct ReferenceImplementation: SubscriptionImplementation, StateFollowing {
    /// The engine and the current user's state, both stored unwrapped (a placeholder
    /// engine before the first `start`) so that a step borrows the engine's tables and
    /// updates the state in place, copying neither.
    private var engine = Self.unstarted
    private var state = SubscriptionState(zone: .utc, meters: 0)
    private var started = false
    private var dates: (any LocalDateSource)?
    private static let unstarted = SubscriptionMachine(policy: .mealCapture)

    /// The current user's state (`StateFollowing`): a plain value whose `==` compares
    /// everything a step's output depends on (a zone clock's cached offset span aside,
    /// which only ever holds the zone table's own values).
    package var followedState: SubscriptionState {
        get { state }
        set { state = newValue }
    }

    /// The engine of the current user's policy (nil before the first `start`).
    public var machine: SubscriptionMachine? { started ? engine : nil }

    /// An engine that learns its policy at `start`.
    public init() {}

    /// An engine that asks `dates` for each event's local date instead of the zone
    /// tables (the benchmark's Calendar baseline; see `SubscriptionMachine(policy:dates:)`).
    package init(dates: any LocalDateSource) {
        self.dates = dates
    }

    /// Starts a new user.
    public mutating func start(policy: SubscriptionPolicy, zone: TimeZoneRules) {
        if !started || engine.policy != policy { engine = dates.map { SubscriptionMachine(policy: policy, dates: $0) } ?? SubscriptionMachine(policy: policy) }
        started = true
        state = engine.initialState(zone: zone)
    }

    /// Steps the engine.
    @inline(__always)
    public mutating func handle(_ event: Event) -> Output {
        assert(started, "handle before start")
        return engine.apply(event, to: &state)
    }

    /// The engine's screens.
    public func screens(of output: Output, policy: SubscriptionPolicy) -> [ScreenValue] {
        (started && engine.policy == policy ? engine : SubscriptionMachine(policy: policy)).screens(of: output)
    }
}
