import SubscriptionModel

/// The buffer the v1 generator appends a user's events to.
package typealias FlagshipEventBuffer = GrowableBuffer<FlagshipEvent>

/// A growable run of plain values (events) that a worker reuses from user to user.
///
/// A generator appends every event of a run here: an append is a capacity check and a
/// store. An array's append also checks that its storage is not shared, a call per
/// event on the generator's hottest path. The storage only grows, so after the first
/// long timeline a worker allocates nothing more. Both generators use it (the v1 one as
/// `FlagshipEventBuffer`, the policy one through `EventBuffer`, which adds its scratch).
@usableFromInline
package class GrowableBuffer<Element> {
    // The buffer is touched by one thread at a time and never lends out its storage
    // across a mutation, so the dynamic exclusivity checks a class's stored
    // properties get (a runtime call per access) are turned off.

    /// How many elements the buffer holds.
    @exclusivity(unchecked) @usableFromInline package final private(set) var count = 0
    @exclusivity(unchecked) @usableFromInline final var capacity: Int
    @exclusivity(unchecked) @usableFromInline final var storage: UnsafeMutablePointer<Element>

    /// An empty buffer with room for `capacity` elements.
    package init(capacity: Int = 1024) {
        precondition(_isPOD(Element.self), "the elements are plain values, so the buffer never deinitializes them")
        self.capacity = max(1, capacity)
        self.storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// Forgets the elements, keeping the storage.
    package final func removeAll() { count = 0 }

    /// Adds an element at the end.
    @inlinable @inline(__always)
    package final func append(_ element: Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count &+= 1
    }

    @usableFromInline @inline(never)
    final func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }

    /// The elements, valid until the buffer next changes.
    package final var events: UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: storage, count: count)
    }

    /// The elements, copied into an array.
    package final var array: [Element] { Array(events) }
}
