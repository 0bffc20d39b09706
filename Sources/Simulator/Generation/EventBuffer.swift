import SubscriptionModel

/// A growable run of events that a worker reuses from user to user.
///
/// The generator appends every event of a run here: an append is a capacity check
/// and a store. An array's append also checks that its storage is not shared, a call
/// per event on the generator's hottest path. The storage only grows, so after the
/// first long timeline a worker allocates nothing more.
public final class EventBuffer {
    // The buffer is touched by one thread at a time and never lends out its storage
    // across a mutation, so the dynamic exclusivity checks a class's stored
    // properties get (a runtime call per access) are turned off.

    /// How many events the buffer holds.
    @exclusivity(unchecked) public private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<Event>

    /// An empty buffer with room for `capacity` events.
    public init(capacity: Int = 1024) {
        precondition(_isPOD(Event.self), "events are plain values, so the buffer never deinitializes them")
        self.capacity = max(1, capacity)
        self.storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// Forgets the events, keeping the storage.
    public func removeAll() { count = 0 }

    /// Adds an event at the end.
    @inline(__always)
    public func append(_ event: Event) {
        if count == capacity { grow() }
        (storage + count).initialize(to: event)
        count &+= 1
    }

    @inline(never)
    private func grow() {
        let larger = UnsafeMutablePointer<Event>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }

    /// The events, valid until the buffer next changes.
    public var events: UnsafeBufferPointer<Event> {
        UnsafeBufferPointer(start: storage, count: count)
    }

    /// The events, copied into an array.
    public var array: [Event] { Array(events) }
}
