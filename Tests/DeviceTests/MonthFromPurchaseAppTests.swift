import Foundation
import SimulatorCore
import SubscriptionModel
import SubscriptionTesting
import Testing

/// Months that run from the purchase in app code: the device reports when a subscription
/// began (`DeviceEntitlement.purchaseDate`), and the harness finds an app that counts its
/// months from when it heard of a purchase made while it was in the background.
@Suite("Months from the purchase in app code")
struct MonthFromPurchaseAppTests {
    static let policy = PolicyLoader.builtIn("billing-month")!

    @Test("an app that starts the month when it hears of a purchase, not at its purchaseDate, is caught (seed 20261121, up to 16 users)")
    func monthFromHearing() async throws {
        let failure = try await plantedMistake(EngineApp.adapter(Self.policy, monthFromHearing: true), policy: Self.policy,
                                               users: 16, notFound: "the month counted from the hearing was not found in 16 users")
        #expect(["no-over-blocking", "limits-respected", "exact-screens"].contains(failure.violation.invariant.rawValue), "\(failure.violation)")
        // The counterexample keeps a purchase the app heard of at a later launch.
        let actions = failure.timeline.events.map(\.action)
        #expect(actions.contains { if case .setEntitlement(_?) = $0 { true } else { false } } && actions.contains { $0.name == "relaunch" || $0.name == "foreground" },
                "shrunk to: \(actions.map(\.name))")
    }
}
