import SubscriptionModel
import SimulatorCore

/// Checks the day's limit against a counter of its own whose day ends at "tomorrow" from
/// a month table with a 28-day February (U3, the capture table): after 28 February of a
/// leap year the next reset is 1 March, so a user who reached the 10 on the 28th is
/// refused every capture of the 29th, while the counter shown (`used`) is the day's, right.
/// Every other midnight of every year resets.
package struct LeapDayCountsWithThe28th: FlagshipMutant {
    package static let name = "feb-29-counts-with-feb-28"
    package static let mistake = "the day's limit is checked on a counter whose day ends by a table with a 28-day February: after 28 February of a leap year it resets on 1 March"
    /// The install and ten captures on 28 February of a leap year in the trial, and a capture on the 29th.
    package static let smallestCounterexample = 12
    package var store = Self.freshStore
    /// The limit check's counter: its period's first day (a usage day), and the captures since.
    private var periodDay: LocalDate?
    private var periodCount = 0
    package init() {}

    package mutating func forgetOwnState() {
        periodDay = nil
        periodCount = 0
    }

    package mutating func handle(_ event: FlagshipEvent) -> FlagshipOutput {
        guard case .capture = event.action else { return handleWithHooks(event) }
        let inPeriod = periodDay.map { localDate(at: event.at) < LeapDayAsThe28th.nextDay(after: $0) } ?? false
        let plan = plan(at: event.at)
        if inPeriod, let limit = store.rules.dailyLimit(of: plan), periodCount >= limit {
            // Refused as a capture at the limit is: the plan's sheet or alert, nothing counted.
            let (outcome, alert) = blocked(plan)
            let (day, used) = usage(at: event.at)
            return FlagshipOutput(day: day, plan: plan, outcome: outcome, alert: alert, used: used, limit: limit,
                          label: label(plan, used: used), planView: planView(plan, used: used))
        }
        let output = handleWithHooks(event)
        if output.outcome == .captured {
            if inPeriod {
                periodCount += 1
            } else {
                periodDay = output.day
                periodCount = 1
            }
        }
        return output
    }
}
