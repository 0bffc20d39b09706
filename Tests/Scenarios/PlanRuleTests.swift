import Simulator
import SubscriptionModel
import Testing

/// P1, P2 and the capture table: the plan comes from StoreKit's entitlement only.
@Suite("Plans and the capture table (P1, P2)")
struct PlanRuleTests {
    @Test("P1: PremiumStandardSub gives Premium, unlimited gives Unlimited, null gives Trial or None")
    func planFromEntitlement() {
        let out = replay("UTC", [
            ("2026-01-01T00:00:00Z", .install),
            ("2026-01-01T01:00:00Z", .setEntitlement(.premium)),
            ("2026-01-01T02:00:00Z", .setEntitlement(.unlimited)),
            ("2026-01-01T03:00:00Z", .setEntitlement(nil)),
            ("2026-01-05T03:00:00Z", .look),
        ])
        #expect(out.map(\.plan) == [.trial, .premium, .unlimited, .trial, FlagshipPlan.none])
        #expect(policy.tier(forProductID: "PremiumStandardSub") == .premium)
        #expect(policy.tier(forProductID: "unlimited") == .unlimited)
        #expect(policy.tier(forProductID: "premium") == nil)
    }

    @Test("P1: with no entitlement after the trial the plan is None; there is no free plan")
    func noFreePlan() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install)] + captures(2, from: "2026-01-10T00:00:00Z"))
        #expect(out[1...].allSatisfy { $0.plan == FlagshipPlan.none && $0.outcome == .planSheet && $0.limit == nil && $0.planView == nil })
    }

    @Test("P2: a paid plan during the trial takes precedence (Premium's alert, not the sheet)")
    func paidPlanBeatsTrial() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install), ("2026-01-01T00:01:00Z", .setEntitlement(.premium))]
            + captures(11, from: "2026-01-01T01:00:00Z"))
        #expect(out[1].plan == .premium)
        #expect(out[12].outcome == .limitAlert)
    }

    @Test("Capture table: Premium at the limit shows the alert with its title and message")
    func premiumAlert() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install), ("2026-01-01T00:01:00Z", .setEntitlement(.premium))]
            + captures(11, from: "2026-01-01T01:00:00Z"))
        #expect(out[12].alert == FlagshipOutput.Alert(title: "You have reached your daily limit", message: "Upgrade to unlimited to continue"))
    }

    @Test("Capture table: Unlimited allows 50, the 51st shows the alert with no message")
    func unlimitedFairUse() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install), ("2026-01-01T00:01:00Z", .setEntitlement(.unlimited))]
            + captures(51, from: "2026-01-01T01:00:00Z"))
        #expect(out[2...51].allSatisfy { $0.outcome == .captured })
        #expect(out[52].outcome == .limitAlert)
        #expect(out[52].alert == FlagshipOutput.Alert(title: "You have reached your daily limit", message: nil))
    }

    @Test("Capture table: Trial at the limit opens the plan sheet, with no alert")
    func trialSheet() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install)] + captures(11, from: "2026-01-01T01:00:00Z"))
        #expect(out[11].outcome == .planSheet && out[11].alert == nil)
    }
}
