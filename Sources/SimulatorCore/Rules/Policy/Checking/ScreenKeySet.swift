/// The screen keys a checker has already rendered and found right: a small
/// open-addressing hash set with a cheap multiplicative hash, so that the common case
/// of the screen comparison (an output whose key is one already verified) is a few
/// multiplications and one or two probes, not a SipHash and a dictionary lookup.
///
/// Bounded: when it holds `limit` keys it forgets them all and starts again, which only
/// means those keys are rendered and compared once more.
struct ScreenKeySet {
    private var slots: [ScreenKey]
    private var used: [Bool]
    private var mask: Int
    private(set) var count = 0
    private let limit: Int

    /// An empty set that holds up to `limit` keys (rounded to a power of two).
    init(limit: Int = 4096) {
        var capacity = 64
        while capacity < limit * 2 { capacity *= 2 }
        slots = Array(repeating: ScreenKey(), count: capacity)
        used = Array(repeating: false, count: capacity)
        mask = capacity - 1
        self.limit = capacity / 2
    }

    @inline(__always)
    private func slot(of key: ScreenKey) -> Int {
        var hash = UInt64(UInt32(bitPattern: key.plan)) | UInt64(UInt32(bitPattern: key.product)) << 32
        hash = (hash ^ UInt64(UInt32(bitPattern: key.expiryDay)) ^ (key.renews ? 0x8000_0000_0000_0000 : 0)) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ UInt64(bitPattern: Int64(key[count: 0]))) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ UInt64(bitPattern: Int64(key[count: 1]))) &* 0x94D0_49BB_1331_11EB
        hash = (hash ^ UInt64(bitPattern: Int64(key[count: 2]))) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ UInt64(bitPattern: Int64(key[count: 3]))) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    }

    /// Whether `key` is in the set.
    @inline(__always)
    func contains(_ key: ScreenKey) -> Bool {
        var index = slot(of: key)
        while used[index] {
            if slots[index] == key { return true }
            index = (index + 1) & mask
        }
        return false
    }

    /// Adds `key` (forgetting every key first when the set is full).
    mutating func insert(_ key: ScreenKey) {
        if count >= limit {
            for index in used.indices { used[index] = false }
            count = 0
        }
        var index = slot(of: key)
        while used[index] {
            if slots[index] == key { return }
            index = (index + 1) & mask
        }
        slots[index] = key
        used[index] = true
        count += 1
    }
}
