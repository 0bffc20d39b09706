import SubscriptionModel
import SimulatorCore

/// Counts the analyses of the last 24 hours instead of the usage day (U3): no reset
/// at local midnight, a limit that frees up one analysis at a time.
package struct RollingTwentyFourHours: FlagshipMutant {
    package static let name = "rolling-24-hour-window"
    package static let mistake = "a rolling 24-hour window instead of a reset at local midnight"
    package static let smallestCounterexample = 3 // install, capture, a look after midnight within 24 h
    package var store = Self.freshStore
    private var recent: [Instant] = []
    package init() {}

    package mutating func forgetOwnState() {
        recent = []
    }

    package func usage(at instant: Instant) -> (day: LocalDate, used: Int) {
        (localDate(at: instant), recent.filter { $0.milliseconds(to: instant) < Milliseconds.twentyFourHours }.count)
    }

    package mutating func count(day: LocalDate, used: Int, at instant: Instant) {
        recent.removeAll { $0.milliseconds(to: instant) >= Milliseconds.twentyFourHours }
        recent.append(instant)
    }
}
