import SubscriptionModel

/// Folds policy outputs into an `OutputDigest`: a cheap, order-sensitive fingerprint,
/// the same on every platform and run, so two runs of the same timelines (one job or
/// two, a user regenerated) can be compared by one number.
///
/// Every field of the output goes in, the alert's texts and the zone's identifier as
/// stable FNV-1a hashes (the zone's cached while it does not change).
public struct PolicyOutputDigester {
    /// The fingerprint so far.
    public private(set) var digest = OutputDigest()
    private var lastZone: TimeZoneRules?
    private var zoneWord: UInt64 = 0

    /// An empty digest.
    public init() {}

    /// Adds one output.
    @inline(__always)
    public mutating func add(_ output: PolicyOutput) {
        var head = UInt64(UInt32(bitPattern: output.day.daysSince1970))
        head |= UInt64(output.plan.map { $0 + 1 } ?? 0) << 32
        head |= UInt64(output.outcome == nil ? 0 : output.outcome == .allowed ? 1 : 2) << 40
        head |= UInt64(output.reason.map { $0.rawValue + 1 } ?? 0) << 42
        head |= UInt64(output.upgrade == nil ? 0 : 1) << 46
        digest.add(head)
        if let response = output.response { digest.add(Self.word(response)) }
        if let resetAt = output.resetAt { digest.add(UInt64(bitPattern: resetAt.millisecondsSince1970)) }
        if let upgrade = output.upgrade { digest.add(upgrade.bits) }
        for counts in output.counts {
            digest.add(UInt64(truncatingIfNeeded: counts.day) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: counts.month) &* 0xC2B2_AE3D_27D4_EB4F
                       ^ UInt64(truncatingIfNeeded: counts.total) &* 0x1656_67B1_9E37_79F9 ^ UInt64(truncatingIfNeeded: counts.stock) &* 0x27D4_EB2F_1656_67C5)
        }
        if let entitlement = output.entitlement {
            digest.add(UInt64(entitlement.product + 1) ^ (entitlement.renews ? 1 << 20 : 0) ^ UInt64(bitPattern: entitlement.expires?.millisecondsSince1970 ?? .min) &* 0x9E37_79B9_7F4A_7C15)
        }
        if lastZone != output.zone {
            lastZone = output.zone
            zoneWord = Self.fnv(output.zone.identifier)
        }
        digest.add(zoneWord)
    }

    /// Adds something else (an event count, another digest).
    public mutating func add(_ word: UInt64) { digest.add(word) }

    static func word(_ response: PolicyResponse) -> UInt64 {
        switch response {
        case .paywall: return 1
        case .alert(let alert): return fnv(alert.title) ^ (alert.message.map(fnv) ?? 0) &* 0x9E37_79B9_7F4A_7C15
        }
    }

    /// FNV-1a of a text's UTF-8 bytes.
    static func fnv(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
