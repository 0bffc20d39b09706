import Simulator
import SubscriptionModel
import Testing

/// L1–L3: the exact texts of the home screen and PlanView, and their agreement with
/// what the next attempt would do.
@Suite("Screens (L1, L2, L3)")
struct LabelRuleTests {
    @Test("The policy's strings are exactly the seed's")
    func policyStrings() {
        let texts = policy.texts
        #expect(texts.limitAlertTitle == "You have reached your daily limit")
        #expect(texts.premiumLimitAlertMessage == "Upgrade to unlimited to continue")
        #expect(texts.unlimitedLimitAlertMessage == nil)
        #expect(texts.belowLimitLabel == "Below limit")
        #expect(texts.limitReachedLabel == "Limit reached")
        #expect(texts.noLimitLabel == "No limit")
        #expect(texts.noUsageLimitText == "You have no usage limit")
        #expect(policy.premiumProductID == "PremiumStandardSub")
        #expect(policy.unlimitedProductID == "unlimited")
        #expect(policy.trialLengthMilliseconds == 259_200_000)
        #expect([policy.trialDailyLimit, policy.premiumDailyLimit, policy.unlimitedDailyLimit] == [10, 10, 50])
    }

    @Test("L1: Premium and Trial say Below limit under 10, Limit reached at 10; Unlimited says No limit; None says Limit reached")
    func homeLabel() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install)] + captures(10, from: "2026-01-01T01:00:00Z")
            + [("2026-01-01T02:00:00Z", .setEntitlement(.premium)), ("2026-01-01T02:01:00Z", .setEntitlement(.unlimited)),
               ("2026-01-05T02:00:00Z", .setEntitlement(nil))])
        #expect(out[9].label == "Below limit" && out[10].label == "Limit reached")
        #expect(out[11].label == "Limit reached")
        #expect(out[12].label == "No limit")
        #expect(out[13].label == "Limit reached" && out[13].plan == FlagshipPlan.none)
    }

    @Test("L2: the bar shows min(used, 10) of 10; Unlimited shows its text, never 50; None shows no box")
    func planViewBox() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install), ("2026-01-01T00:00:01Z", .setEntitlement(.unlimited))]
            + captures(30, from: "2026-01-01T01:00:00Z")
            + [("2026-01-01T02:00:00Z", .setEntitlement(.premium)), ("2026-01-06T00:00:00Z", .setEntitlement(nil))])
        #expect(out[31].planView == .text("You have no usage limit"))
        #expect(out[32].planView == .bar(used: 10, limit: 10) && out[32].used == 30)
        #expect(out[33].planView == nil)
    }

    @Test("L3: Below limit means the next attempt is allowed; Limit reached that it is not")
    func labelAgreesWithNextAttempt() {
        let script: [(String, FlagshipEvent.Action)] = [("2026-01-01T00:00:00Z", .install)] + captures(12, from: "2026-01-01T01:00:00Z")
        let out = replay("UTC", script)
        for index in 0..<(out.count - 1) {
            let allowedNext = out[index + 1].outcome == .captured
            #expect((out[index].label == "Below limit") == allowedNext, "event \(index)")
        }
    }

    @Test("L3: under Unlimited the label stays No limit even at the fair-use cap")
    func unlimitedLabelHidesCap() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install), ("2026-01-01T00:00:01Z", .setEntitlement(.unlimited))]
            + captures(51, from: "2026-01-01T01:00:00Z"))
        #expect(out[51].used == 50 && out[51].label == "No limit")
        #expect(out[52].label == "No limit")
    }
}
