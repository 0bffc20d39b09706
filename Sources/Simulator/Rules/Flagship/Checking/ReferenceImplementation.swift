import SubscriptionModel

/// The reference model as an implementation under test.
public struct ReferenceImplementation<Dates: LocalDateSource>: SubscriptionImplementation {
    /// The model.
    package let machine: SubscriptionMachine<Dates>
    private var state = State(zone: TimeZoneRules.utc)

    /// Wraps `machine`.
    package init(machine: SubscriptionMachine<Dates>) {
        self.machine = machine
    }

    /// Starts a new user.
    public mutating func start(zone: TimeZoneRules) {
        state = State(zone: zone)
    }

    /// Steps the model.
    @inline(__always)
    public mutating func handle(_ event: Event) -> Output {
        machine.apply(event, to: &state)
    }
}

extension ReferenceImplementation where Dates == ZoneTableDates {
    /// The reference model of `policy` on the fast zone tables.
    public init(policy: CaptureRules = .mealCapture) {
        self.init(machine: SubscriptionMachine(policy: policy))
    }
}
