import SubscriptionModel
import SimulatorCore

/// Resets the daily cards only when the app launches (Q1, G3): the check that compares
/// the saved day with today runs in `application(_:didFinishLaunchingWithOptions:)`, so
/// a user who keeps the app open past midnight, or returns to it from the background the
/// next morning, still has yesterday's count until the app is launched again.
package struct ResetsOnlyAtLaunch: Mutant {
    package static let name = "resets-only-at-launch"
    package static let mistake = "the daily count resets only when the app launches, not when the date changes"
    package static let policyName = "daily-quip"
    /// The install, a card, and a look the next day without a launch.
    package static let smallestCounterexample = 3
    package static var counterexample: Timeline {
        sketch(zone: "UTC", [("2026-01-10T20:00:00Z", .install), ("2026-01-10T20:00:00Z", .use("view-card")), ("2026-01-11T08:00:00Z", .look)])
    }
    package var store = Self.freshStore
    package init() {}

    /// The saved day, until a launch moves it on.
    package func usageDay(at instant: Instant) -> LocalDate {
        store.usageDay ?? calendarDate(at: instant)
    }

    /// The saved counts, until a launch resets them.
    package func countsInForce(at instant: Instant) -> [UsageCounts] {
        store.counts
    }

    /// The launch check: a later date restarts the day's counts (and the month's, in a new month).
    package mutating func reinstalled(at instant: Instant) {
        let today = calendarDate(at: instant)
        guard let saved = store.usageDay, today > saved else { return }
        let (year, month, _) = today.components, (savedYear, savedMonth, _) = saved.components
        let newMonth = (year, month) > (savedYear, savedMonth)
        store.counts = store.counts.map { UsageCounts(day: 0, month: newMonth ? 0 : $0.month, total: $0.total, stock: $0.stock) }
        store.usageDay = today
    }
}
