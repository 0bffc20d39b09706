import Foundation
import Simulator
import SubscriptionModel
import SubscriptionTesting
import Testing

/// Credit packs in app code: the harness buys packs and has them refunded through the
/// device's consumable transactions, and finds an app that credits one twice.
@Suite("Credit packs in app code")
struct ConsumableTests {
    static let policy = PolicyLoader.builtIn("scan-credits")!

    @Test("an app that remembers the transactions it credited only in memory credits them again at a launch: found, and shrunk to a story with a purchase and a relaunch (seed 20261121, up to 80 users)")
    func transactionsCreditedAgainAtALaunch() async throws {
        let failure = try await plantedMistake(EngineApp.adapter(Self.policy, transactionsInMemory: true), policy: Self.policy,
                                               users: 80, seed: 20261121, notFound: "crediting again at a launch was not found in 80 users")
        let actions = failure.timeline.events.map(\.action)
        #expect(actions.contains { if case .purchase = $0 { true } else { false } }, "shrunk to: \(actions.map(\.name))")
        let launch = try #require(actions.lastIndex { $0 == .relaunch || $0 == .reinstall }, "shrunk to: \(actions.map(\.name))")
        #expect(failure.violation.eventIndex > launch)
        #expect(failure.timeline.isValid && failure.timeline.isRealistic)
        // The same app without the launch passes the same events: the launch is the cause.
        var without = failure.timeline
        without.events.remove(at: launch)
        let again = try await SubscriptionHarness.check(EngineApp.adapter(Self.policy, transactionsInMemory: true), policy: Self.policy,
                                                        timeline: TimelineWriter().text(without.repaired))
        #expect(again.failure == nil, "\(again)")
    }

    @Test("the device reports each purchase as a transaction, a refund as its revocation, and keeps them across a reinstall")
    func deviceTransactions() {
        let device = SimulatedDevice(at: Instant(millisecondsSince1970: 1_790_000_000_000), zone: .utc)
        device.purchaseConsumable("scanner.credits.10")
        device.purchaseConsumable("scanner.credits.10")
        device.purchaseConsumable("scanner.credits.50")
        device.set(instant: Instant(millisecondsSince1970: 1_790_000_060_000))
        device.refundConsumable("scanner.credits.10")
        device.reinstall()
        let transactions = device.consumableTransactions
        #expect(transactions.map(\.id) == [1, 2, 3])
        #expect(transactions.map(\.productID) == ["scanner.credits.10", "scanner.credits.10", "scanner.credits.50"])
        #expect(transactions.map { $0.revocationDate != nil } == [true, false, false], "the oldest standing purchase of the product is refunded")
        device.refundConsumable("scanner.credits.50")
        device.refundConsumable("scanner.credits.50") // none left standing: nothing happens
        #expect(device.consumableTransactions.map { $0.revocationDate != nil } == [true, false, true])
    }
}
