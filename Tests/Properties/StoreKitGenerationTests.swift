import Foundation
import Simulator
import SubscriptionModel
import Testing

/// `--storekit` changes what the generator buys without a line of the generator
/// changing: a policy selling a StoreKit file's products (`StoreKitProductMapping`) has
/// its users buy the file's products on the file's periods, by StoreKit's rules.
@Suite("Policy generator under a StoreKit file's products")
struct StoreKitGenerationTests {
    static let users = 400
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios/StoreKit")

    /// daily-quip selling the products of the fixture `name`.
    static func policy(_ name: String) throws -> SubscriptionPolicy {
        let path = fixtures.appendingPathComponent(name + ".storekit").path
        let configuration = try StoreKitConfiguration(data: try Data(contentsOf: URL(fileURLWithPath: path)), file: name)
        return try StoreKitProductMapping(policy: .dailyQuip, configuration: configuration).policy
    }

    /// What a failing property prints: the command that writes the user's timeline.
    static func reproduce(_ fixture: String, user: Int) -> String {
        "seed \(GenerationSettings.seed), user \(user) of \(users); reproduce with: swift run -c release simulate replay --policy daily-quip "
            + "--storekit Tests/Scenarios/StoreKit/\(fixture).storekit --seed \(GenerationSettings.seed) --user \(user) --years \(GenerationSettings.years) --out user\(user).json"
    }

    /// Every entitlement report of product `id` in the users' timelines, with the user, checking
    /// each timeline against StoreKit's lifecycle rules on the way.
    static func reports(of id: String, policy: SubscriptionPolicy, fixture: String) -> [(user: Int, at: Instant, entitlement: Entitlement, clockBehind: Bool)] {
        let generator = GenerationSettings.generator(policy)
        let buffer = EventBuffer()
        var moves = GenerationLifecycleTests.Moves()
        var found: [(user: Int, at: Instant, entitlement: Entitlement, clockBehind: Bool)] = []
        let product = policy.productIndex(id)
        for user in 0..<users {
            let drawn = generator.generate(seed: GenerationSettings.seed, user: user, into: buffer)
            if let problem = GenerationLifecycleTests.check(buffer.events, policy: policy,
                                                                  habits: drawn.swarm.habits, moves: &moves) {
                Issue.record("\(problem): \(reproduce(fixture, user: user))")
                return found
            }
            for event in buffer.events {
                if case .setEntitlement(let entitlement?) = event.action, entitlement.product == product {
                    found.append((user, event.at, entitlement, drawn.swarm.habits.contains(.clockBehind)))
                }
            }
        }
        return found
    }

    @Test("a weekly product the file adds is bought and renews every 7 days of elapsed time (seed 20261122, 400 users)")
    func weekly() throws {
        let reports = Self.reports(of: "dailyquip.weekly", policy: try Self.policy("daily-quip-weekly"), fixture: "daily-quip-weekly")
        let buyers = Set(reports.map(\.user))
        #expect(buyers.count >= 5, "only \(buyers.count) of \(Self.users) users bought the weekly product")
        let week = 7 * Milliseconds.twentyFourHours
        var renewals = 0
        for report in reports {
            guard let expires = report.entitlement.expires else { continue }
            let length = expires.millisecondsSince1970 - report.at.millisecondsSince1970
            if length == week { renewals += 1 }
            // A report heard early by a clock behind StoreKit's names the same `expires`, up to two minutes further off.
            #expect(length <= week + (report.clockBehind ? 2 * Milliseconds.minute : 0),
                    "a weekly period longer than a week: \(Self.reproduce("daily-quip-weekly", user: report.user))")
        }
        #expect(renewals * 2 > reports.count, "\(renewals) of \(reports.count) weekly reports run a whole week")
    }

    @Test("the same seed without the file never buys it, and its users differ (seed 20261122, 400 users)")
    func withoutTheFile() throws {
        let shipped = GenerationSettings.generator(.dailyQuip), mapped = GenerationSettings.generator(try Self.policy("daily-quip-weekly"))
        var differ = 0
        for user in 0..<Self.users {
            let a = shipped.user(seed: GenerationSettings.seed, user: user).timeline.events
            let b = mapped.user(seed: GenerationSettings.seed, user: user).timeline.events
            if a != b { differ += 1 }
        }
        #expect(SubscriptionPolicy.dailyQuip.productIndex("dailyquip.weekly") == nil)
        #expect(differ > 0 && differ < Self.users, "\(differ) of \(Self.users) users differ: only buyers should")
    }

    @Test("a period the file changes is the one renewals follow: dailyquip.annual every 6 months (seed 20261122, 400 users)")
    func changedPeriod() throws {
        let reports = Self.reports(of: "dailyquip.annual", policy: try Self.policy("daily-quip-period"), fixture: "daily-quip-period")
        let sixMonths = ProductPeriod(months: 6), year = ProductPeriod(months: 12)
        var whole = 0
        for report in reports {
            guard let expires = report.entitlement.expires else { continue }
            if expires == sixMonths.end(after: report.at, count: 1) { whole += 1 }
            #expect(expires != year.end(after: report.at, count: 1), "a yearly period: \(Self.reproduce("daily-quip-period", user: report.user))")
        }
        #expect(whole > 0, "no report of \(reports.count) runs a whole 6 months")
    }
}
