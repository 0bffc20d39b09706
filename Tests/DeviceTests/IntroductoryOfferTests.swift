import Foundation
import Simulator
import SubscriptionModel
import SubscriptionTesting
import Testing

/// Introductory offers in app code: the device reports a subscription's offer as StoreKit
/// does (`DeviceEntitlement.offerType`), once per user, and the harness finds an app that
/// gives a user in a free week less than the plan (G5: the product decides the plan).
@Suite("Introductory offers in app code")
struct IntroductoryOfferTests {
    static let policy = PolicyLoader.builtIn("study-week")!

    @Test("an app that takes a subscription in its free week for none is caught, its screens showing Free's limits, shrunk to the install and the purchase (seed 20261205, up to 80 users)")
    func freeWeekTakenForNone() async throws {
        let failure = try await plantedMistake(EngineApp.adapter(Self.policy, offerAsNone: true), policy: Self.policy,
                                               users: 80, seed: 20261205, notFound: "the free week taken for none was not found in 80 users")
        // The harness judges what an app shows (its plan is not reported): the screens.
        #expect(failure.violation.invariant.rawValue == "exact-screens", "\(failure.violation)")
        let actions = failure.timeline.events.map(\.action)
        #expect(actions.contains { if case .setEntitlement(let e?) = $0 { e.product == Self.policy.productIndex("study.pro.monthly") } else { false } },
                "shrunk to: \(actions.map(\.name))")
        #expect(failure.timeline.events.count == 2, "shrunk to \(failure.timeline.events.count) events")
    }

    @Test("the device reports the offer for the first subscription while its first report lasts (a cancellation in the week included), and never for a second one")
    func offerOncePerUser() async throws {
        let install = "2026-01-10T10:00:00Z", offerEnd = "2026-01-17T10:05:00Z"
        func timeline(_ events: [String]) -> String {
            #"{"policy": "study-week", "zone": "UTC", "events": ["# + events.joined(separator: ", ") + "]}"
        }
        let first = #"{"at": "2026-01-10T10:05:00Z", "do": "set-entitlement", "product": "study.pro.monthly", "expires": "\#(offerEnd)"}"#
        let cancelled = #"{"at": "2026-01-12T10:00:00Z", "do": "set-entitlement", "product": "study.pro.monthly", "expires": "\#(offerEnd)", "renews": false}"#
        let renewal = #"{"at": "2026-01-17T10:05:00Z", "do": "set-entitlement", "product": "study.pro.monthly", "expires": "2026-02-17T10:05:00Z"}"#
        let lapse = #"{"at": "2026-03-01T00:00:00Z", "do": "set-entitlement", "product": null}"#
        let again = #"{"at": "2026-03-02T10:00:00Z", "do": "set-entitlement", "product": "study.pro.monthly", "expires": "2026-03-09T10:00:00Z"}"#
        let text = timeline([#"{"at": "\#(install)", "do": "install"}"#, first, cancelled, renewal, lapse, again])
        let log = OfferLog()
        let report = try await SubscriptionHarness.check(EngineApp.adapter(Self.policy, offers: log), policy: Self.policy, timeline: text)
        #expect(report.passed, "\(report)")
        #expect(log.offers == [.introductory, .introductory, nil, nil, nil],
                "the first purchase's week, the same week cancelled, its renewal, the lapse, a second subscription: \(log.offers)")
    }
}
