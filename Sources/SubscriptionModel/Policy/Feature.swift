/// Something a user does that a policy may count or gate (G4, G6).
public struct Feature: Hashable, Sendable {
    /// The feature's id, as `use` events name it.
    public var id: String
    /// What a use does to the meters.
    @usableFromInline package var effect: Effect
    /// Whether a use carries the diary `day` it is for, checked against the plan's
    /// history window (G6.3).
    package var hasHistory: Bool
    /// The units an allowed use adds to every count of the meter it consumes (G4), and
    /// so the room it needs under each limit (G6.4); 1 unless the policy says more.
    package var cost: Int
    /// The meter a use draws on when the limits of the meter it consumes would block it
    /// (format 8's `then`), or nil: "daily first, then a monthly pool" (G6.5).
    package var then: Int?

    /// What a use of a feature does to the meters.
    @usableFromInline package enum Effect: Hashable, Sendable {
        /// A gate: allowed or not by the plan, counting nothing.
        case gate
        /// An allowed use adds its `cost` to every count of the meter (by index in the policy's meters).
        case consumes(Int)
        /// A use gives one item of the meter's stock back; never blocked (G4).
        case releases(Int)
    }

    /// Creates a feature.
    package init(id: String, effect: Effect, hasHistory: Bool, cost: Int = 1, then: Int? = nil) {
        self.id = id
        self.effect = effect
        self.hasHistory = hasHistory
        self.cost = cost
        self.then = then
    }

    /// Whether the feature releases stock (and so is never blocked).
    @inlinable
    package var isReleasing: Bool {
        if case .releases = effect { return true }
        return false
    }
}
