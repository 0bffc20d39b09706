import Foundation
import Simulator
import SubscriptionModel
import Testing
import TestSupport

/// The generators reach every calendar edge (`CalendarEdge`) of every limited `day` and
/// `month` window of every shipped policy with a limit block and a reset, counted by the
/// coverage trackers from the timelines and the reference outputs: a daa-tiers engine
/// whose daily reset skipped 29 February survived 20,000 users because no user was ever
/// blocked by the day's limit on 28 February of a leap year. Seed
/// `GenerationSettings.seed` (the flagship's: `PropertySettings.seed`); each floor is
/// well below what the generator reaches and above what it reached before it aimed at
/// the edges (the counts of both are in the comments).
@Suite("Calendar edges: the generators reach them")
struct CalendarEdgeGenerationTests {
    /// The calendar categories' counts over `users` users of the policy named `name`.
    static func counts(_ name: String, users: Int) -> (names: [String], counts: [Int]) {
        let policy = GenerationSettings.policy(name)
        let generator = GenerationSettings.generator(policy)
        var tracker = CoverageTracker(policy: policy)
        for user in 0..<users { tracker.observe(timeline: generator.user(seed: GenerationSettings.seed, user: user).timeline) }
        let counts = tracker.counts
        let calendar = counts.categories.indices.filter { if case .calendar = counts.categories[$0] { true } else { false } }
        return (calendar.map { counts.categories[$0].name(in: policy) }, calendar.map { counts.counts[$0] })
    }

    /// Per policy: its limited day and month windows, the users generated, and the floor of each calendar category.
    static let sizes: [(policy: String, windows: Int, users: Int, floor: Int)] = [
        // (The fewest each reaches now; the fewest before, when some were never reached.)
        ("daily-quip", 1, 300, 25), // 35 (29 Feb); 16 (28 Feb of a leap year)
        ("daa-tiers", 1, 3_000, 5), // 11 (the DST days); 0 (leap days, 31 Dec, 28 Feb, DST days)
        ("oxalate", 3, 1_600, 4), // 7 (questions by day in a far west zone); 0 (questions by day on leap and DST days)
        ("meal-capture", 1, 1_200, 8), // 18 (the DST start); 0 (28 Feb of a leap year)
    ]

    @Test("every calendar edge of every limited day and month window is reached, with a block and a reset",
          .enabled(if: CampaignTests.enabled, "campaign-sized: SIMULATE_CAMPAIGN_TESTS=1 runs it, as .ci/run does"), arguments: sizes.map(\.policy))
    func policyReachesEveryEdge(name: String) throws {
        let size = try #require(Self.sizes.first { $0.policy == name })
        let (names, counts) = Self.counts(name, users: size.users)
        #expect(names.count == size.windows * CalendarEdge.allCases.count)
        for (category, count) in zip(names, counts) {
            #expect(count >= size.floor, "\(name): \(category) reached \(count) times in \(size.users) users, floor \(size.floor); seed \(GenerationSettings.seed)")
        }
    }

    @Test("the flagship's generator reaches every calendar edge of the analyses' day window (v1 path)")
    func flagshipReachesEveryEdge() {
        // The fewest reached: 25 (29 Feb); before the generator aimed at the edges, 3 (leap days).
        let users = 1_000, floor = 12
        let generator = FlagshipTimelineGenerator(maxYears: PropertySettings.years)
        var observer = FlagshipRunObserver(policy: .mealCapture)
        for user in 0..<users {
            let generated = generator.user(seed: PropertySettings.seed, user: user)
            var reference = FlagshipReferenceImplementation()
            reference.start(zone: generated.timeline.zone)
            observer.begin(zone: generated.timeline.zone, persona: generated.persona)
            for event in generated.timeline.events { observer.observe(event, reference.handle(event)) }
        }
        let counts = observer.coverage.counts
        for edge in CalendarEdge.allCases {
            #expect(counts[edge] >= floor, "calendar(analyses, day, \(edge.name)) reached \(counts[edge]) times in \(users) users, floor \(floor); seed \(PropertySettings.seed)")
        }
    }
}

