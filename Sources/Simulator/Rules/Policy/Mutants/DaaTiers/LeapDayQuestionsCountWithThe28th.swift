import SubscriptionModel

/// Checks the daily questions against a counter of its own whose UTC day ends at
/// "tomorrow" from a month table with a 28-day February (D1, G3): after 28 February of a
/// leap year the next reset is 1 March, so a Core user who asked 20 on the 28th is told
/// "Resets at midnight" and refused all the 29th, though the count shown is 0.
package struct LeapDayQuestionsCountWithThe28th: PolicyMutant {
    package static let name = "feb-29-counts-with-feb-28"
    package static let mistake = "the daily limit is checked on a counter whose day ends by a table with a 28-day February: after 28 February of a leap year it resets on 1 March"
    package static let policyName = "daa-tiers"
    /// The install, Core, and 21 questions on 28 February of a leap year: the 21st is
    /// blocked until 1 March (a guest's 3 a day are the 3 in all, which never reset).
    package static let smallestCounterexample = 23
    package static var counterexample: PolicyTimeline {
        sketch(zone: "UTC", [("2028-02-28T12:00:00Z", .install), ("2028-02-28T12:00:00Z", .entitle("com.daa.core.monthly")),
                             ("2028-02-28T12:00:00Z", .uses(21, "chat"))])
    }
    package var store = Self.freshStore
    /// The limit check's own day counter.
    private var counter = LeapDayAsThe28th.DayCounter()
    package init() {}

    package mutating func forgetOwnState() {
        counter = LeapDayAsThe28th.DayCounter()
    }

    package func blockReason(plan: Int?, feature: Int, day: LocalDate?, at instant: Instant, counts: [PolicyCounts]) -> PolicyReason? {
        LeapDayAsThe28th.blockReason(self, counter: counter, plan: plan, feature: feature, day: day, at: instant, counts: counts)
    }

    package func resetInstant(for reason: PolicyReason, after instant: Instant) -> Instant? {
        LeapDayAsThe28th.resetInstant(self, for: reason, after: instant)
    }

    package mutating func countUse(meter: Int, at instant: Instant) {
        counter.add(meter: meter, meters: store.policy.meters.count, today: calendarDate(at: instant), usageDay: usageDay(at: instant))
        defaultCountUse(meter: meter, at: instant)
    }
}
