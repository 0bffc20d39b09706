import SubscriptionModel

/// A growable run of policy events that a worker reuses from user to user, as
/// `EventBuffer` is for the v1 events: an append is a capacity check and a store, and
/// once the storage has grown to a long timeline's size a worker allocates nothing
/// more for events.
public final class PolicyEventBuffer {
    // Touched by one thread at a time, never lending its storage across a mutation:
    // the dynamic exclusivity checks of a class's stored properties are turned off.

    /// How many events the buffer holds.
    @exclusivity(unchecked) public private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<PolicyEvent>

    /// The generator's working memory for one user (feature slots, counters), reused
    /// like the events' storage: a policy has at most 64 features and 64 meters.
    let slots: UnsafeMutablePointer<UInt8>
    let scratch: UnsafeMutablePointer<Int>
    static var scratchCount: Int { 64 + 6 * 64 }
    /// The rare events of the user being built, in the order drawn, and their sort keys
    /// (`at << 20 | index`); kept from user to user for their storage.
    var rare: [PolicyEvent] = []
    var rareKeys: [Int64] = []

    /// An empty buffer with room for `capacity` events.
    public init(capacity: Int = 1024) {
        precondition(_isPOD(PolicyEvent.self), "policy events are plain values, so the buffer never deinitializes them")
        self.capacity = max(1, capacity)
        self.storage = .allocate(capacity: self.capacity)
        self.slots = .allocate(capacity: 64)
        self.slots.initialize(repeating: 0, count: 64)
        self.scratch = .allocate(capacity: Self.scratchCount)
        self.scratch.initialize(repeating: 0, count: Self.scratchCount)
    }

    deinit {
        storage.deallocate()
        slots.deallocate()
        scratch.deallocate()
    }

    /// Forgets the events, keeping the storage.
    public func removeAll() { count = 0 }

    /// Adds an event at the end.
    @inline(__always)
    public func append(_ event: PolicyEvent) {
        if count == capacity { grow() }
        (storage + count).initialize(to: event)
        count &+= 1
    }

    @inline(never)
    private func grow() {
        let larger = UnsafeMutablePointer<PolicyEvent>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }

    /// The events, valid until the buffer next changes.
    public var events: UnsafeBufferPointer<PolicyEvent> {
        UnsafeBufferPointer(start: storage, count: count)
    }

    /// The events, copied into an array.
    public var array: [PolicyEvent] { Array(events) }
}
