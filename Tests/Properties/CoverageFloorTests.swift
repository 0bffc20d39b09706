@testable import Simulator
@testable import SimulatorCore
import Testing

/// Coverage floors scale with a run's size so that a passing run is never failed by
/// chance, and still catch a mix of personas that stopped reaching an edge (the
/// default-size run without the subscriber persona, which must fail the StoreKit
/// categories, is `.ci/run`'s, on the release build).
@Suite("Coverage floors")
struct CoverageFloorTests {
    /// 1,000-user runs of the same twelve seeds are `.ci/run`'s (release build).
    @Test("small passing runs of many seeds reach every floor", arguments: [200])
    func smallRunsPass(users: Int) {
        for seed in UInt64(1)...12 {
            let result = ReferenceCampaign(options: CampaignOptions(seed: seed, users: users, years: 3, jobs: CampaignOptions.coreCount)).runReference()
            #expect(result.unexercised.isEmpty, "seed \(seed), \(users) users: \(result.unexercised.map(\.rawValue)); reproduce with: swift run -c release simulate run --seed \(seed) --users \(users)")
            #expect(result.unexercisedCalendarEdges.isEmpty, "seed \(seed), \(users) users: calendar edges \(result.unexercisedCalendarEdges.map(\.name)); reproduce with: swift run -c release simulate run --seed \(seed) --users \(users)")
        }
    }

    @Test("a floor is never above the expected count and is 0 only when chance could explain a miss")
    func floorBounds() {
        for category in EdgeCategory.allCases {
            for users in [1, 50, 200, 2_000, 20_000, 1_000_000] {
                let floor = category.floor(users: users)
                #expect(Double(floor.value) <= floor.expected * category.floorFraction + 1e-9, "\(category.rawValue) at \(users)")
                #expect(!floor.rule.isEmpty)
            }
            #expect(category.floor(users: 1_000_000).value > 0, "\(category.rawValue) is judged on a large run")
        }
        // The analyses' day window at the calendar's edges, beside them: judged at the default size.
        for edge in CalendarEdge.allCases {
            for users in [1, 50, 200, 2_000, 20_000, 1_000_000] {
                let floor = edge.flagshipFloor(users: users, years: 3)
                #expect(Double(floor.value) <= floor.expected * 0.25 + 1e-9 && !floor.rule.isEmpty, "\(edge.name) at \(users)")
            }
            #expect(edge.flagshipFloor(users: CampaignOptions.defaultUsers, years: CampaignOptions.defaultYears).value > 0, "\(edge.name) is judged at the default size")
        }
    }
}
