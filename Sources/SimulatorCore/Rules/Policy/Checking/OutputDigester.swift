import SubscriptionModel

/// Folds policy outputs into an `OutputDigest`: a cheap, order-sensitive fingerprint,
/// the same on every platform and run, so two runs of the same timelines (one job or
/// two, a user regenerated) can be compared by one number.
///
/// Every field of the output goes in, the alert's texts and the zone's identifier as
/// stable FNV-1a hashes (each cached while it does not change: equal responses have
/// equal texts).
package struct OutputDigester {
    /// The fingerprint so far.
    package private(set) var digest = OutputDigest()
    private var lastZone: TimeZoneRules?
    private var zoneWord: UInt64 = 0
    private var lastResponse: BlockResponse?
    private var responseWord: UInt64 = 0

    /// An empty digest.
    package init() {}

    /// Credits held, folded (out of line: a policy without credit packs never has any).
    @inline(never)
    static func fold(_ credits: SIMD4<Int32>) -> UInt64 {
        (UInt64(UInt32(bitPattern: credits[0])) | UInt64(UInt32(bitPattern: credits[1])) << 32) &* 0xD6E8_FEB8_6659_FD93
            ^ (UInt64(UInt32(bitPattern: credits[2])) | UInt64(UInt32(bitPattern: credits[3])) << 32) &* 0xA24B_AED4_963E_E407
    }

    /// Week and rolling counts, folded: each kind only when one of its counts is nonzero,
    /// so a policy with weeks alone folds as it did before rolling windows. (Out of line:
    /// a policy without either window never has any.)
    @inline(never)
    static func foldExtras(_ counts: MeterCounts) -> UInt64 {
        var word: UInt64 = 0
        let weeks = counts.weekLanes, rolling = counts.rollingLanes
        if weeks != SIMD4() { word ^= fold(weeks) &* 0x2545_F491_4F6C_DD1D }
        if rolling != SIMD4() { word ^= fold(rolling) &* 0x9FB2_1C65_1E98_DF25 }
        return word
    }

    /// Adds one output: every field, each word multiplied by its own odd constant (so a
    /// change in any one changes the fold; a meter's counts by the meter's constant, so
    /// the order of meters counts) and folded into one mixing step, so the multiplies of
    /// one output do not wait on each other. (Transparent: marked `@inline(__always)`, it
    /// stayed a call at every event.)
    @_transparent
    package mutating func add(_ output: Output) {
        // The head: the day, the plan, the outcome, the reason, and a bit for each optional
        // present (set where the optional is read, rather than tested a second time).
        var head = UInt64(UInt32(bitPattern: output.day.daysSince1970))
        head |= UInt64(output.plan.map { $0 + 1 } ?? 0) << 32
        switch output.outcome {
        case nil: break
        case .allowed?: head |= 1 << 40
        case .blocked?: head |= 2 << 40
        }
        head |= UInt64(output.reason.map { $0.rawValue + 1 } ?? 0) << 42
        var word: UInt64 = 0
        if let upgrade = output.upgrade {
            head |= 1 << 46
            word ^= upgrade.bits &* 0x8EBC_6AF0_9C88_C6E3
        }
        if let response = output.response {
            head |= 1 << 47
            if response != lastResponse {
                lastResponse = response
                responseWord = Self.word(response) &* 0xA076_1D64_78BD_642F
            }
            word ^= responseWord
        }
        if let resetAt = output.resetAt {
            head |= 1 << 48
            word ^= UInt64(bitPattern: resetAt.millisecondsSince1970) &* 0xE703_7ED1_A0B4_28DB
        }
        // Each meter's counts, the meters by constant index (a loop over them cost a policy
        // of two or three meters about 9 instructions an event more).
        let meters = output.counts.count
        if meters > 0 { word ^= Self.fold(output.counts.vector(0), meter: 0) }
        if meters > 1 { word ^= Self.fold(output.counts.vector(1), meter: 1) }
        if meters > 2 { word ^= Self.fold(output.counts.vector(2), meter: 2) }
        if meters > 3 { word ^= Self.fold(output.counts.vector(3), meter: 3) }
        // Each meter's credits (none without credit packs, which leaves the fold as it was).
        let credits = output.counts.creditLanes
        let bits = unsafeBitCast(credits, to: (UInt64, UInt64).self)
        if bits.0 | bits.1 != 0 { word ^= Self.fold(credits) }
        // Each meter's week and rolling counts (none without a week or rolling limit, which
        // leaves the fold as it was), folded apart when nonzero.
        if output.counts.hasExtras { word ^= Self.foldExtras(output.counts) }
        if let entitlement = output.entitlement {
            head |= 1 << 49
            word ^= (UInt64(entitlement.product + 1) ^ (entitlement.renews ? 1 << 20 : 0) ^ UInt64(bitPattern: entitlement.expires?.millisecondsSince1970 ?? .min) &* 0x9E37_79B9_7F4A_7C15)
                &* 0x5899_65CC_7537_4CC3
        }
        if lastZone != output.zone {
            lastZone = output.zone
            zoneWord = output.zone.identifierHash
        }
        digest.add(head ^ word ^ zoneWord &* 0x1D8E_4E27_C47D_124F)
    }

    /// Meter `meter`'s counts (`day`, `month`, `total`, `stock`), folded.
    @inline(__always)
    private static func fold(_ counts: SIMD4<Int32>, meter: Int) -> UInt64 {
        let counted = UInt64(truncatingIfNeeded: counts[0]) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: counts[1]) &* 0xC2B2_AE3D_27D4_EB4F
            ^ UInt64(truncatingIfNeeded: counts[2]) &* 0x1656_67B1_9E37_79F9 ^ UInt64(truncatingIfNeeded: counts[3]) &* 0x27D4_EB2F_1656_67C5
        return (counted ^ UInt64(meter + 1)) &* meterConstant(meter)
    }

    /// One odd constant per meter (a policy has at most four).
    @inline(__always)
    private static func meterConstant(_ meter: Int) -> UInt64 {
        switch meter {
        case 0: 0xFF51_AFD7_ED55_8CCD
        case 1: 0xC4CE_B9FE_1A85_EC53
        case 2: 0x94D0_49BB_1331_11EB
        default: 0xBF58_476D_1CE4_E5B9
        }
    }

    /// Adds something else (an event count, another digest).
    package mutating func add(_ word: UInt64) { digest.add(word) }

    static func word(_ response: BlockResponse) -> UInt64 {
        switch response {
        case .paywall: return 1
        case .alert(let alert): return FNV1a.hash(alert.title) ^ (alert.message.map(FNV1a.hash) ?? 0) &* 0x9E37_79B9_7F4A_7C15
        }
    }
}
