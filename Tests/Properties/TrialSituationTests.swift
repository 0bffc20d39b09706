import Simulator
import SubscriptionModel
import Testing

/// The trial's two StoreKit situations: an empty Restore Purchases (no entitlement
/// reported while none is in force) and a refund of a purchase made in the trial. The
/// coverage tracker finds them in the events alone, and the v1 generator reaches both.
@Suite("The trial's StoreKit situations")
struct TrialSituationTests {
    static let trialLength = CaptureRules.mealCapture.trialLengthMilliseconds
    static let installedAt = Instant(millisecondsSince1970: 1_700_000_000_000)
    static let hour = Milliseconds.hour

    /// An instant `ms` after the install.
    static func at(_ ms: Int64) -> Instant { installedAt.adding(milliseconds: ms) }

    /// What a fresh tracker finds on one timeline, with the zone `Europe/Berlin`.
    static func counts(_ events: [FlagshipEvent]) -> FlagshipCoverageCounts {
        var tracker = FlagshipCoverageTracker(trialLength: trialLength)
        tracker.begin(zone: TimeZoneRules.named("Europe/Berlin")!)
        for event in events { tracker.observe(event) }
        return tracker.counts
    }

    /// The two categories' counts on one timeline.
    static func situations(_ events: [FlagshipEvent]) -> (emptyRestores: Int, refunds: Int) {
        let found = counts(events)
        return (found[.emptyRestoreInTrial], found[.refundInTrial])
    }

    @Test("an empty restore in the trial is counted once per report, and not with an entitlement in force or after the trial")
    func emptyRestore() {
        let install = FlagshipEvent(at: Self.installedAt, .install)
        // Two taps of Restore with nothing to restore, the first at the install's instant, the last 1 ms before the trial ends.
        #expect(Self.situations([install, FlagshipEvent(at: Self.at(0), .setEntitlement(nil)), FlagshipEvent(at: Self.at(Self.trialLength - 1), .setEntitlement(nil))])
                == (2, 0))
        // A restore that finds the purchase in force reports it again: neither situation.
        #expect(Self.situations([install, FlagshipEvent(at: Self.at(Self.hour), .setEntitlement(.premium)),
                                 FlagshipEvent(at: Self.at(2 * Self.hour), .setEntitlement(.premium))]) == (0, 0))
        // Nothing to restore at the trial's end exactly (T2: already over), and later.
        #expect(Self.situations([install, FlagshipEvent(at: Self.at(Self.trialLength), .setEntitlement(nil)),
                                 FlagshipEvent(at: Self.at(Self.trialLength + 5 * Self.hour), .setEntitlement(nil))]) == (0, 0))
        // After a refund in the trial nothing is in force: the next "none" is an empty restore.
        #expect(Self.situations([install, FlagshipEvent(at: Self.at(Self.hour), .setEntitlement(.unlimited)), FlagshipEvent(at: Self.at(2 * Self.hour), .setEntitlement(nil)),
                                 FlagshipEvent(at: Self.at(3 * Self.hour), .setEntitlement(nil))]) == (1, 1))
        // Other events in between (a reinstall, captures, a zone change) change none of it.
        #expect(Self.situations([install, FlagshipEvent(at: Self.at(Self.hour), .capture(.meal)), FlagshipEvent(at: Self.at(2 * Self.hour), .reinstall),
                                 FlagshipEvent(at: Self.at(3 * Self.hour), .setZone(TimeZoneRules.named("Asia/Tokyo")!)),
                                 FlagshipEvent(at: Self.at(4 * Self.hour), .setEntitlement(nil)), FlagshipEvent(at: Self.at(5 * Self.hour), .look)]) == (1, 0))
    }

    @Test("a refund in the trial is counted once, and not after the trial, nor for an upgrade or a restore")
    func refund() {
        let install = FlagshipEvent(at: Self.installedAt, .install)
        // Bought in the trial, upgraded, then refunded 1 ms before the trial ends.
        #expect(Self.situations([install, FlagshipEvent(at: Self.at(Self.hour), .setEntitlement(.premium)), FlagshipEvent(at: Self.at(Self.hour + 1), .setEntitlement(.unlimited)),
                                 FlagshipEvent(at: Self.at(Self.trialLength - 1), .setEntitlement(nil))]) == (0, 1))
        // Bought in the trial, refunded at its end exactly or after it: a refund, but not in the trial.
        #expect(Self.situations([install, FlagshipEvent(at: Self.at(Self.hour), .setEntitlement(.premium)),
                                 FlagshipEvent(at: Self.at(Self.trialLength), .setEntitlement(nil))]) == (0, 0))
        #expect(Self.situations([install, FlagshipEvent(at: Self.at(Self.hour), .setEntitlement(.premium)),
                                 FlagshipEvent(at: Self.at(40 * Self.trialLength), .setEntitlement(nil))]) == (0, 0))
        // Bought after the trial and refunded at once.
        #expect(Self.situations([install, FlagshipEvent(at: Self.at(Self.trialLength + Self.hour), .setEntitlement(.premium)),
                                 FlagshipEvent(at: Self.at(Self.trialLength + 2 * Self.hour), .setEntitlement(nil))]) == (0, 0))
    }

    @Test("a new timeline starts with nothing in force and its own trial")
    func begin() {
        var tracker = FlagshipCoverageTracker(trialLength: Self.trialLength)
        tracker.begin(zone: .utc)
        for event in [FlagshipEvent(at: Self.installedAt, .install), FlagshipEvent(at: Self.at(Self.hour), .setEntitlement(.premium))] { tracker.observe(event) }
        // The next user installs 10 days later; their first report of none is an empty
        // restore (not a refund of the last user's purchase) inside their own trial.
        let next = Self.at(10 * Milliseconds.twentyFourHours)
        tracker.begin(zone: .utc)
        for event in [FlagshipEvent(at: next, .install), FlagshipEvent(at: next.adding(milliseconds: Self.hour), .setEntitlement(nil))] { tracker.observe(event) }
        #expect(tracker.counts[.emptyRestoreInTrial] == 1 && tracker.counts[.refundInTrial] == 0)
    }

    /// Users of the property seed: small enough for a debug build, large enough to
    /// expect each situation many times over.
    static let users = 2_000

    @Test("the v1 generator reaches both, in at least 1 user in 200 (100 of the default run's 20,000), and above each floor")
    func generatorReaches() {
        let generator = FlagshipTimelineGenerator(maxYears: CampaignOptions.defaultYears)
        let buffer = FlagshipEventBuffer()
        var storeKit = FlagshipCoverageCounts()
        var total = FlagshipCoverageCounts()
        var reaching: [EdgeCategory: Int] = [:]
        var tracker = FlagshipCoverageTracker(trialLength: Self.trialLength)
        let categories: [EdgeCategory] = [.emptyRestoreInTrial, .refundInTrial]
        for user in 0..<Self.users {
            let (zone, _) = generator.generate(seed: PropertySettings.seed, user: user, into: buffer, storeKit: &storeKit)
            let before = tracker.counts
            tracker.begin(zone: zone)
            for event in buffer.events { tracker.observe(event) }
            let after = tracker.counts
            for category in categories where after[category] > before[category] { reaching[category, default: 0] += 1 }
        }
        total.add(tracker.counts)
        for category in categories {
            let users = reaching[category] ?? 0
            #expect(users * 200 >= Self.users, "\(category.rawValue): \(users) of \(Self.users) users of seed \(PropertySettings.seed)")
            let floor = category.floor(users: Self.users, years: CampaignOptions.defaultYears)
            #expect(floor.value > 0 && total[category] >= floor.value, "\(category.rawValue): \(total[category]), floor \(floor.value) (\(floor.rule))")
        }
    }
}
