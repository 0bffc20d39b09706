import Simulator
import SubscriptionModel
import Testing

/// A digest folds every meter's counts, each meter by its own constant: an output's digest
/// changes when any one meter's counts change and when two meters' counts trade places.
/// And it is a fingerprint that stays comparable across commits (a report's `digest`), so
/// for fixed outputs of one to four meters it is pinned to the values the fold gave
/// before it was unrolled (600d780); a change of the fold must change these on purpose.
@Suite("A digest folds each meter's counts by the meter")
struct OutputDigesterMetersTests {
    static let meters = [UsageCounts(day: 1, month: 2, total: 3, stock: 4), UsageCounts(day: 5, month: 6, total: 7, stock: 8),
                         UsageCounts(day: 9, month: 10, total: 11, stock: 12), UsageCounts(day: 13, month: 14, total: 15, stock: 16)]

    static func digest(_ counts: [UsageCounts]) -> UInt64 {
        let output = Output(plan: 0, day: LocalDate(year: 2026, month: 6, day: 10), outcome: .allowed, reason: nil, response: nil,
                            resetAt: nil, upgrade: nil, counts: MeterCounts(counts), entitlement: nil, zone: .utc)
        var digester = OutputDigester()
        digester.add(output)
        return digester.digest.value
    }

    @Test("a change in any one meter's counts, up to the fourth, changes the digest")
    func everyMeterFolded() {
        let base = Self.digest(Self.meters)
        for meter in Self.meters.indices {
            for window in [LimitWindow.day, .month, .total, .stock] {
                var changed = Self.meters
                changed[meter][window] += 1
                #expect(Self.digest(changed) != base, "meter \(meter), \(window)")
            }
        }
    }

    @Test("two meters trading their counts change the digest")
    func metersByTheirOwnConstant() {
        let base = Self.digest(Self.meters)
        for first in Self.meters.indices {
            for second in Self.meters.indices where second > first {
                var swapped = Self.meters
                swapped.swapAt(first, second)
                #expect(Self.digest(swapped) != base, "meters \(first) and \(second)")
            }
        }
    }

    @Test("the digests of fixed outputs of one to four meters are the fold's of 600d780")
    func pinned() {
        let values = (1...4).map { Self.digest(Array(Self.meters.prefix($0))) }
        #expect(values == Self.pinnedValues)
    }

    static let pinnedValues: [UInt64] = [0x23D6_2AC1_4FC6_A0B1, 0x9B7E_47B8_ABFC_F45A, 0x80AD_DCEC_D425_F66C, 0x2AF8_6C39_945D_4D6C]
}
