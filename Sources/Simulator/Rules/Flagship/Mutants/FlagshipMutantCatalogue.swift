import SubscriptionModel
import SimulatorCore

/// Every mutant the harness must kill, in the order the kill matrix lists them.
package enum FlagshipMutantCatalogue {
    /// One entry: the mutant's description and how to hunt it.
    package struct Entry: Sendable {
        /// Its name.
        package let name: String
        /// The mistake.
        package let mistake: String
        /// The Swift expression that constructs it (for regression tests), e.g. `AllowsTheEleventh()`.
        package let constructor: String
        /// The smallest timeline that shows it, in events.
        package let smallestCounterexample: Int
        /// The smallest timeline that shows it through one invariant, in events.
        package let smallestCounterexampleThrough: @Sendable (FlagshipInvariant) -> Int
        /// Runs a hunt for it (specialized for its type).
        package let hunt: @Sendable (CampaignOptions) -> KillHunt<FlagshipRules>.Result
        /// The first violation it shows on one timeline, compared with the reference model.
        package let check: @Sendable (FlagshipTimeline) -> Violation<FlagshipInvariant>?
        /// Its outputs for each event of a timeline, for a new user (`replay --mutant`).
        package let outputs: @Sendable (FlagshipTimeline) -> [FlagshipOutput]

        init<M: FlagshipMutant>(_ type: M.Type) {
            name = M.name
            mistake = M.mistake
            constructor = "\(M.self)()"
            smallestCounterexample = M.smallestCounterexample
            smallestCounterexampleThrough = { M.smallestCounterexample(through: $0) ?? M.smallestCounterexample }
            hunt = { options in KillHunt.run(options: options) { M() } }
            check = { timeline in
                var check = FlagshipTimelineCheck(comparingWithReference: true) { M() }
                return check.check(zone: timeline.zone, events: timeline.events).violation
            }
            outputs = { timeline in
                var mutant = M()
                mutant.start(zone: timeline.zone)
                return timeline.events.map { mutant.handle($0) }
            }
        }
    }

    /// The catalogue.
    package static let all: [Entry] = [
        Entry(ResetsWhenDateDiffers.self),
        Entry(CounterKeyedByUTCDate.self),
        Entry(RollingTwentyFourHours.self),
        Entry(OffsetCachedAtInstall.self),
        Entry(NextResetAfter86400Seconds.self),
        Entry(LeapDayCountsWithThe28th.self),
        Entry(TrialAsThreeCalendarDays.self),
        Entry(TrialRestartsOnReinstall.self),
        Entry(CounterRestartsOnReinstall.self),
        Entry(AllowsTheEleventh.self),
        Entry(UnlimitedWithoutFairUseCap.self),
        Entry(CounterPerPlan.self),
        Entry(FreePlanAfterTrial.self),
        Entry(StaleEntitlement.self),
        Entry(EmptyRestoreEndsTrial.self),
        Entry(BelowLimitUnderUnlimited.self),
        Entry(PremiumShowsPlanSheet.self),
        Entry(LabelLagsOneBehind.self),
    ]
}
