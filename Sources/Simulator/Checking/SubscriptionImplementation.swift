import SubscriptionModel

/// Quota logic under test: it receives the same events as the reference model and
/// returns what a user would observe. The reference model is one conformance; an app
/// team wraps its own code in another, and the simulator checks both the same way.
public protocol SubscriptionImplementation: SendableMetatype {
    /// Forgets everything and starts a new user whose device is in `zone`.
    mutating func start(zone: TimeZoneRules)
    /// Applies one event and reports what the user observes right after it.
    mutating func handle(_ event: Event) -> Output
}

/// The reference model as an implementation under test.
public struct ReferenceImplementation<Dates: LocalDateSource>: SubscriptionImplementation {
    /// The model.
    public let machine: SubscriptionMachine<Dates>
    private var state = State(zone: TimeZoneRules.utc)

    /// Wraps `machine`.
    public init(machine: SubscriptionMachine<Dates>) {
        self.machine = machine
    }

    /// Starts a new user.
    public mutating func start(zone: TimeZoneRules) {
        state = State(zone: zone)
    }

    /// Steps the model.
    public mutating func handle(_ event: Event) -> Output {
        // Step a copy (plain data) so the machine is not copied to keep the accesses apart.
        var next = state
        let output = machine.apply(event, to: &next)
        state = next
        return output
    }
}

extension ReferenceImplementation where Dates == ZoneTableDates {
    /// The reference model of `policy` on the fast zone tables.
    public init(policy: SubscriptionPolicy = .mealCapture) {
        self.init(machine: SubscriptionMachine(policy: policy))
    }
}
