import SubscriptionModel
import SimulatorCore

/// The reference model as an implementation under test.
public struct FlagshipReferenceImplementation<Dates: LocalDateSource>: FlagshipImplementation {
    /// The model.
    package let machine: FlagshipMachine<Dates>
    private var state = FlagshipState(zone: TimeZoneRules.utc)

    /// Wraps `machine`.
    package init(machine: FlagshipMachine<Dates>) {
        self.machine = machine
    }

    /// Starts a new user.
    public mutating func start(zone: TimeZoneRules) {
        state = FlagshipState(zone: zone)
    }

    /// Steps the model.
    @inline(__always)
    public mutating func handle(_ event: FlagshipEvent) -> FlagshipOutput {
        machine.apply(event, to: &state)
    }
}

extension FlagshipReferenceImplementation where Dates == ZoneTableDates {
    /// The reference model of `policy` on the fast zone tables.
    public init(policy: CaptureRules = .mealCapture) {
        self.init(machine: FlagshipMachine(policy: policy))
    }
}
