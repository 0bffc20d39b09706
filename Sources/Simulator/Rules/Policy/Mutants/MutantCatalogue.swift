import SubscriptionModel
import SimulatorCore

/// Every policy mutant the harness must kill, by the built-in policy it implements, in
/// the order the kill matrix lists them: at least six per policy a product document
/// describes, including the bugs those documents themselves describe
/// (`docs/policies.md`, D1–D6, X1–X5, Q1, F1), and the mistakes of the examples'
/// rules: credit packs (`scan-credits`), uses that cost several units (`photo-units`)
/// a day that starts at 04:00 (`night-owl`), calendar weeks (`study-week`), a rolling
/// window (`ask-window`), a feature drawing on two meters (`chat-pool`) and months that run
/// from the purchase (`billing-month`).
package enum MutantCatalogue {
    /// One entry: the mutant's description, its smallest counterexample and how to make it.
    package struct Entry: Sendable {
        /// Its name, unique within its policy.
        package let name: String
        /// The mistake.
        package let mistake: String
        /// The shipped policy it implements.
        package let policy: String
        /// The Swift expression that constructs it (for regression tests), e.g. `ResetsOnlyAtLaunch()`.
        package let constructor: String
        /// Events in the smallest timeline that shows the bug.
        package let smallestCounterexample: Int
        /// A timeline of that many events that shows it (on its last event).
        package let counterexample: Timeline
        /// Whether it shows only in the mutant's own screens (see `Mutant`).
        package let showsOnlyInItsOwnScreens: Bool
        /// Its type, for callers that specialize a hunt for it (`visit`).
        package let type: any Mutant.Type
        /// Makes a new mutant.
        package let make: @Sendable () -> any QuotaApp

        init<M: Mutant>(_ type: M.Type) {
            name = M.name
            mistake = M.mistake
            policy = M.policyName
            constructor = "\(M.self)()"
            smallestCounterexample = M.smallestCounterexample
            counterexample = M.counterexample
            showsOnlyInItsOwnScreens = M.showsOnlyInItsOwnScreens
            self.type = type
            make = { M() }
        }

        /// Calls `visitor` with the mutant's concrete type, so a hunt can be specialized for it.
        package func visit<V: MutantVisitor>(_ visitor: V) -> V.Result {
            let mutant: any Mutant.Type = type
            return Self.open(mutant, visitor)
        }

        private static func open<M: Mutant, V: MutantVisitor>(_ type: M.Type, _ visitor: V) -> V.Result {
            visitor.visit(type)
        }

        /// The first event of `timeline` after which the mutant's user observes something
        /// other than the reference engine's (with `screens`' screens), or nil when they
        /// agree throughout.
        package func firstDifference(on timeline: Timeline, screens: QuotaAppComparison.Screens = .own) -> QuotaAppComparison.Difference? {
            visit(MutantFirstDifference(timeline: timeline, screens: screens))
        }
    }

    /// The mutants of each shipped policy, by policy name.
    package static let byPolicy: [String: [Entry]] = [
        "meal-capture": [
            Entry(TrialRestartsOnReinstallUnderPolicy.self),
            Entry(CountsRestartOnReinstall.self),
            Entry(FairUseCapNotEnforced.self),
        ],
        "daa-tiers": [
            Entry(DeviceDateForServerDay.self),
            Entry(LeapDayQuestionsCountWithThe28th.self),
            Entry(DayLimitCheckedBeforeTotal.self),
            Entry(OverallCountRestartsOnPurchase.self),
            Entry(CountsLostAtSignIn.self),
            Entry(LapseToGuestPlan.self),
            Entry(UpgradeOffersEveryHigherPlan.self),
            Entry(UpgradeIgnoresCounts.self),
            Entry(EveryFeatureCountsAQuestion.self),
        ],
        "oxalate": [
            Entry(RollingThirtyDayMonth.self),
            Entry(MonthOnUTCDate.self),
            Entry(LeapDayCapsCountWithThe28th.self),
            Entry(HistoryWindowOnUTCDate.self),
            Entry(HistoryWindowFromLocalDate.self),
            Entry(HistoryWindowOneDayTooLong.self),
            Entry(RecipeDeleteKeepsSlot.self),
            Entry(BillingDateInUTC.self),
            Entry(BillingAlwaysRenews.self),
            Entry(HiddenCapsNotEnforced.self),
        ],
        "daily-quip": [
            Entry(ResetsOnlyAtLaunch.self),
            Entry(StartOfDayComparedForEquality.self),
            Entry(RollingTwentyFourHourCards.self),
            Entry(CardsCountedOnUTCDate.self),
            Entry(LeapDayCardsCountWithThe28th.self),
            Entry(LifetimePurchaseIgnored.self),
            Entry(AllowsTheSixthCard.self),
            Entry(OneCardsRemaining.self),
            Entry(PremiumEndsAtExpiry.self),
        ],
        "face-recall": [
            Entry(BannerAboveEightyPercent.self),
            Entry(GraceCountedFromInstall.self),
            Entry(GraceForNewInstalls.self),
            Entry(GraceAsPremium.self),
            Entry(PersonDeleteKeepsSlot.self),
            Entry(DeleteBelowZero.self),
            Entry(LimitCheckedForEquality.self),
        ],
        "scan-credits": [
            Entry(CreditNeverTaken.self),
            Entry(CreditSpentWithinAllowance.self),
            Entry(RefundKeepsCredits.self),
            Entry(RefundBelowZero.self),
            Entry(CreditsLostOnReinstall.self),
        ],
        "photo-units": [
            Entry(CostCountedAsOne.self),
            Entry(CostIgnoredAtTheLimit.self),
            Entry(ExactFitRefused.self),
            Entry(OneCreditPerUse.self),
            Entry(AnyCreditPays.self),
        ],
        "night-owl": [
            Entry(DayStartsAtMidnight.self),
            Entry(DayStartAsElapsedHours.self),
            Entry(ResetAtMidnight.self),
            Entry(HistoryWindowFromMidnight.self),
        ],
        "study-week": [
            Entry(WeekStartsOnMonday.self),
            Entry(WeekClearedAtMonthStart.self),
            Entry(WeekResetInSevenDays.self),
            Entry(MonthReasonBeforeWeek.self),
            Entry(FreeOfferAsFreePlan.self),
            Entry(FirstWindowOnScreen.self),
        ],
        "ask-window": [
            Entry(RollingAsCalendarDay.self),
            Entry(RollingBoundaryInclusive.self),
            Entry(RollingResetFromLastUse.self),
            Entry(RollingLostOnReinstall.self),
        ],
        "chat-pool": [
            Entry(PoolNeverDrawn.self),
            Entry(DrawnOnBoth.self),
            Entry(PoolReasonWhenBothSpent.self),
        ],
        "billing-month": [
            Entry(MonthDriftsToShortDay.self),
            Entry(MonthOnTheFirst.self),
            Entry(ThirtyDayMonths.self),
            Entry(AnchorKeptOnNewSubscription.self),
        ],
    ]

    /// The mutants of the policy named `policy` (`[]` for a policy without any, such as a
    /// team's own policy file).
    package static func entries(for policy: String) -> [Entry] {
        byPolicy[policy] ?? []
    }

    /// Every mutant, policy by policy in the order the policies are shipped, then the
    /// built-in examples'.
    package static var all: [Entry] {
        (SubscriptionPolicy.shippedNames + ExamplePolicies.names).flatMap { entries(for: $0) }
    }
}

/// Something done with a mutant's concrete type (`MutantCatalogue.Entry.visit`),
/// so generic code such as a hunt is specialized for each mutant.
package protocol MutantVisitor {
    /// What the visit returns.
    associatedtype Result
    /// Does it for mutant type `M`.
    func visit<M: Mutant>(_ type: M.Type) -> Result
}

/// Compares a new mutant with the reference engine on one timeline.
struct MutantFirstDifference: MutantVisitor {
    let timeline: Timeline
    let screens: QuotaAppComparison.Screens

    func visit<M: Mutant>(_ type: M.Type) -> QuotaAppComparison.Difference? {
        var mutant = M()
        return QuotaAppComparison.firstDifference(&mutant, timeline, screens: screens)
    }
}
