import SubscriptionModel
import SimulatorCore

/// The mistake of the `feb-29-counts-with-feb-28` mutants (the flagship's
/// `LeapDayCountsWithThe28th` and one per policy with a `day` window): the daily limit is
/// checked against a counter of its own whose day ends at "tomorrow", worked out from a
/// table of month lengths in which February always has 28 days. Tomorrow after 28
/// February is then 1 March in a leap year too, so 29 February's uses count with the
/// 28th's against the limit, and a user who reached it on the 28th is refused all the
/// 29th, told the limit resets on 1 March. The usage day and the counts shown are the
/// calendar's, right; every other day of every year is right. Only a use blocked (or
/// counted up to the limit) on 28 February of a leap year and a use on the 29th show it.
enum LeapDayAsThe28th {
    /// Month lengths as the table has them: February always 28.
    private static let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    /// The day after `day` by the table: the next date of the month, or the first of the next.
    static func nextDay(after day: LocalDate) -> LocalDate {
        let (year, month, date) = day.components
        if date < lengths[month - 1] { return LocalDate(year: year, month: month, day: date + 1) }
        return month == 12 ? LocalDate(year: year + 1, month: 1, day: 1) : LocalDate(year: year, month: month + 1, day: 1)
    }

    /// The limit check's own counter: the uses of each meter since the first day of its
    /// period, which lasts until the calendar's date reaches the table's next day.
    struct DayCounter: Sendable {
        /// The period's first day (the usage day of its first use); nil before any.
        private(set) var day: LocalDate?
        private(set) var counts: [Int] = []

        /// The count the limit check reads for `meter` when the calendar's date is `today`.
        func count(meter: Int, today: LocalDate) -> Int {
            guard let day, today < LeapDayAsThe28th.nextDay(after: day), meter < counts.count else { return 0 }
            return counts[meter]
        }

        /// A use counted on `meter` (of `meters`) on `today`, whose usage day is `usageDay`.
        mutating func add(meter: Int, meters: Int, today: LocalDate, usageDay: LocalDate) {
            if let day, today < LeapDayAsThe28th.nextDay(after: day), meter < counts.count {
                counts[meter] += 1
            } else {
                day = usageDay
                counts = [Int](repeating: 0, count: meters)
                counts[meter] = 1
            }
        }
    }

    /// G6 as the app checks it: its own order of checks, with the counter's day counts.
    static func blockReason(_ app: some QuotaApp, counter: DayCounter, plan: Int?, feature: Int, day: LocalDate?, at instant: Instant,
                            counts: [UsageCounts]) -> BlockReason? {
        guard let plan else { return .noPlan }
        let rules = app.store.policy.plans[plan], definition = app.store.policy.features[feature]
        guard rules.enables(feature: feature) else { return .notInPlan }
        if definition.hasHistory {
            guard let days = rules.historyDays[feature], let day else { return nil }
            return app.historyAllows(day: day, days: days, at: instant) ? nil : .history
        }
        guard case .consumes(let meter) = definition.effect else { return nil }
        var checked = counts[meter]
        checked.day = counter.count(meter: meter, today: app.calendarDate(at: instant))
        for window in app.limitCheckOrder {
            if let limit = rules.limit(meter: meter, window), app.limitReached(count: checked[window], cost: definition.cost, limit: limit) {
                return BlockReason(window)
            }
        }
        return nil
    }

    /// G8 as the app shows it: a `day` block resets when the calendar reaches the table's
    /// next day after the usage day; a `month` block at the first of the next month.
    static func resetInstant(_ app: some QuotaApp, for reason: BlockReason, after instant: Instant) -> Instant? {
        let day = app.usageDay(at: instant)
        let target: LocalDate
        switch reason {
        case .day:
            target = nextDay(after: day)
        case .month:
            let (year, month, _) = day.components
            target = month == 12 ? LocalDate(year: year + 1, month: 1, day: 1) : LocalDate(year: year, month: month + 1, day: 1)
        default:
            return nil
        }
        return CalendarWalk.firstInstant(after: instant, reaching: target, in: app.calendarZone)
    }
}

/// A policy's `feb-29-counts-with-feb-28` mutant: `QuotaApp`'s hooks with the limit
/// checked on `LeapDayAsThe28th`'s day counter. A policy with a `day` window gets one by
/// naming itself, its smallest counterexample and the counterexample.
protocol LeapDayAsThe28thMutant: Mutant {
    /// The limit check's own day counter.
    var counter: LeapDayAsThe28th.DayCounter { get set }
}

extension LeapDayAsThe28thMutant {
    package static var name: String { "feb-29-counts-with-feb-28" }
    package static var mistake: String {
        "the daily limit is checked on a counter whose day ends by a table with a 28-day February: after 28 February of a leap year it resets on 1 March"
    }

    package mutating func forgetOwnState() {
        counter = LeapDayAsThe28th.DayCounter()
    }

    package func blockReason(plan: Int?, feature: Int, day: LocalDate?, at instant: Instant, counts: [UsageCounts]) -> BlockReason? {
        LeapDayAsThe28th.blockReason(self, counter: counter, plan: plan, feature: feature, day: day, at: instant, counts: counts)
    }

    package func resetInstant(for reason: BlockReason, after instant: Instant) -> Instant? {
        LeapDayAsThe28th.resetInstant(self, for: reason, after: instant)
    }

    package mutating func countUse(meter: Int, cost: Int, at instant: Instant) {
        counter.add(meter: meter, meters: store.policy.meters.count, today: calendarDate(at: instant), usageDay: usageDay(at: instant))
        defaultCountUse(meter: meter, cost: cost, at: instant)
    }
}
