import Foundation
import SingletonQuotaApp
import SubscriptionModel
import SubscriptionTesting
import Testing

/// The harness's simulated stores have `UserDefaults`' methods.
extension DeviceStore: CardStore {}

extension CardQuota {
    /// The singleton's code under the harness: a fresh instance per simulated user (never
    /// `shared`, which would carry one user's counts into the next), on that user's device.
    nonisolated static let harnessAdapter = AppAdapter { @MainActor device in
        CardQuota(device: AppDevice(now: { device.now }, calendar: { device.calendar }, defaults: device.defaults,
                                    entitlements: { device.currentEntitlements.map(\.productID) }))
    }
    .use("view-card") { @MainActor quota, _ in quota.viewCard() ? .allowed : .blocked(.day, showing: .paywall) }
    .screen("cards") { @MainActor quota in .text(quota.remainingText) }
    .screen("plan") { @MainActor quota in .text(quota.planName) }
}

/// Code written with a singleton, `Date()`, `Calendar.current` and
/// `UserDefaults.standard`, adapted with the fewest changes: the harness drives it and
/// finds each of its bugs. Each is a known issue, so this suite passes while the bugs
/// are there and fails the day one stops showing.
@Suite("A singleton's quota code, adapted with the fewest changes")
struct CardQuotaTests {
    /// Checks `timeline` and expects `invariant` broken at event `event`.
    func expectBug(_ timeline: String, _ invariant: String, atEvent event: Int) async throws {
        try await withKnownIssue {
            try await SubscriptionHarness.check(CardQuota.harnessAdapter, policy: .dailyQuip, timeline: timeline)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("broke \(invariant)") && $0.rawValue.contains("\(invariant) at event \(event):") }
        }
    }

    @Test("a reinstall empties UserDefaults and gives five more cards (G1)")
    func reinstall() async throws {
        try await expectBug("""
            {"policy": "daily-quip", "zone": "UTC", "events": [
              {"at": "2031-03-03T09:00:00Z", "do": "install"},
              {"at": "2031-03-03T09:01:00Z", "do": "use", "feature": "view-card"},
              {"at": "2031-03-03T09:02:00Z", "do": "use", "feature": "view-card"},
              {"at": "2031-03-03T09:03:00Z", "do": "use", "feature": "view-card"},
              {"at": "2031-03-03T09:04:00Z", "do": "use", "feature": "view-card"},
              {"at": "2031-03-03T09:05:00Z", "do": "use", "feature": "view-card"},
              {"at": "2031-03-03T09:06:00Z", "do": "reinstall"}
            ]}
            """, "exact-screens", atEvent: 6)
    }

    @Test("a flight west across the new zone's midnight: the calendar now puts the last card on another day, and the count resets (U3)")
    func flightWest() async throws {
        // Five cards at 16:41 to 16:45 in Tokyo on 3 March; at 08:05 UTC the device is in
        // Los Angeles, five minutes after its midnight: still 3 March there, so the usage
        // day stays the 3rd with five cards (G3), but the last card's instant is 23:45
        // on the 2nd in the new zone, so the code reckons none were viewed today.
        try await expectBug("""
            {"policy": "daily-quip", "zone": "Asia/Tokyo", "events": [
              {"at": "2031-03-03T07:40:00Z", "do": "install"},
              {"at": "2031-03-03T07:41:00Z", "do": "use", "feature": "view-card"},
              {"at": "2031-03-03T07:42:00Z", "do": "use", "feature": "view-card"},
              {"at": "2031-03-03T07:43:00Z", "do": "use", "feature": "view-card"},
              {"at": "2031-03-03T07:44:00Z", "do": "use", "feature": "view-card"},
              {"at": "2031-03-03T07:45:00Z", "do": "use", "feature": "view-card"},
              {"at": "2031-03-03T08:05:00Z", "do": "set-zone", "zone": "America/Los_Angeles"}
            ]}
            """, "exact-screens", atEvent: 6)
    }

    @Test("Premium's views are not counted: a lapse the same day shows five fresh cards (G4)")
    func premiumLapse() async throws {
        try await expectBug("""
            {"policy": "daily-quip", "zone": "Europe/Lisbon", "events": [
              {"at": "2031-05-01T08:00:00+01:00", "do": "install"},
              {"at": "2031-05-01T08:00:30+01:00", "do": "set-entitlement", "product": "dailyquip.monthly", "expires": "2031-06-01T07:00:30Z"},
              {"at": "2031-05-01T08:01:00+01:00", "do": "use", "feature": "view-card"},
              {"at": "2031-05-01T08:02:00+01:00", "do": "use", "feature": "view-card"},
              {"at": "2031-05-01T08:03:00+01:00", "do": "use", "feature": "view-card"},
              {"at": "2031-05-01T09:00:00+01:00", "do": "set-entitlement", "product": null}
            ]}
            """, "exact-screens", atEvent: 5)
    }

    @Test("generated users find a bug at once (seed 20261121, up to 300 users), shrunk to a short timeline")
    func generatedUsers() async throws {
        try await withKnownIssue {
            try await SubscriptionHarness.check(CardQuota.harnessAdapter, policy: .dailyQuip, users: 300)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("CardQuota broke ") && $0.rawValue.contains("Found at user ") }
        }
    }

    @Test("the app's shared instance reads the system's device: the app's entitlement cache makes it Premium")
    @MainActor
    func shared() {
        #expect(CardQuota.shared.planName == "Free")
        PurchasedProducts.shared.ids = ["dailyquip.annual"]
        defer { PurchasedProducts.shared.ids = [] }
        #expect(CardQuota.shared.planName == "Premium" && CardQuota.shared.viewCard())
    }
}
