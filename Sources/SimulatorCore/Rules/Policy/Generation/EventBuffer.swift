import SubscriptionModel

/// The buffer the policy generator appends a user's events to (a `GrowableBuffer`),
/// with the generator's working memory for one user, reused like the events' storage.
package final class EventBuffer: GrowableBuffer<Event> {
    /// The generator's working memory for one user (feature slots, counters): a policy
    /// has at most 64 features and 64 meters.
    let slots: UnsafeMutablePointer<UInt8>
    let scratch: UnsafeMutablePointer<Int>
    static var scratchCount: Int { 64 + 6 * 64 }
    /// The rare events of the user being built, in the order drawn, and their sort keys
    /// (`at << 20 | index`); kept from user to user for their storage.
    var rare: [Event] = []
    var rareKeys: [Int64] = []

    /// An empty buffer with room for `capacity` events.
    package override init(capacity: Int = 1024) {
        self.slots = .allocate(capacity: 64)
        self.slots.initialize(repeating: 0, count: 64)
        self.scratch = .allocate(capacity: Self.scratchCount)
        self.scratch.initialize(repeating: 0, count: Self.scratchCount)
        super.init(capacity: capacity)
    }

    deinit {
        slots.deallocate()
        scratch.deallocate()
    }
}
