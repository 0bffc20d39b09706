import Foundation
import Simulator
import SubscriptionModel
import Testing

/// One test per acceptance line of the flagship's product document, quoted (the rules
/// they pin down are in `docs/rules.md`).
@Suite("The flagship product document, line by line")
struct SeedAcceptanceTests {
    @Test("\"they have three full days of trial period\" (T2)")
    func threeFullDays() {
        let out = replay("Europe/Madrid", [("2026-10-01T12:00:00+02:00", .install),
                                           ("2026-10-04T11:59:59+02:00", .capture(.meal)),
                                           ("2026-10-04T12:00:00+02:00", .capture(.meal))])
        #expect(out[1].outcome == .captured)
        #expect(out[2].outcome == .planSheet)
    }

    @Test("\"During the three days, they have 10 captures per day\" (T3)")
    func tenPerTrialDay() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install)] + captures(11, from: "2026-01-02T00:00:00Z"))
        #expect(out.filter { $0.outcome == .captured }.count == 10)
    }

    @Test("\"Limit resets at midnight (local time)\" (trial; U3)")
    func trialResetsAtLocalMidnight() {
        let out = replay("Asia/Kolkata", [("2026-01-01T08:00:00+05:30", .install)] + captures(10, from: "2026-01-01T09:00:00+05:30")
            + [("2026-01-01T23:59:59+05:30", .capture(.meal)), ("2026-01-02T00:00:00+05:30", .capture(.meal))])
        #expect(out[11].outcome == .planSheet)
        #expect(out[12].outcome == .captured && out[12].used == 1)
    }

    @Test("\"Whether the user already had the app once is tracked using a UID in Keychain\" (T1)")
    func reinstallIsTheSameUser() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install), ("2026-01-04T00:00:00Z", .reinstall), ("2026-01-04T00:01:00Z", .capture(.meal))])
        #expect(out[2].plan == FlagshipPlan.none && out[2].outcome == .planSheet)
    }

    @Test("\"outside of the trial period or has already used the 10 captures ... open the PlanView.swift as a sheet\"")
    func sheetOutsideTrialOrAtLimit() {
        let atLimit = replay("UTC", [("2026-01-01T00:00:00Z", .install)] + captures(11, from: "2026-01-01T01:00:00Z"))
        let afterTrial = replay("UTC", [("2026-01-01T00:00:00Z", .install), ("2026-01-09T00:00:00Z", .capture(.meal))])
        #expect(atLimit[11].outcome == .planSheet)
        #expect(afterTrial[1].outcome == .planSheet)
    }

    @Test("\"Of course unless the user has already subscribed to a paid plan\" (P2)")
    func subscribersAreNotSentToTheSheet() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install), ("2026-01-09T00:00:00Z", .setEntitlement(.premium)), ("2026-01-09T00:01:00Z", .capture(.meal))])
        #expect(out[2].outcome == .captured)
    }

    @Test("\"Premium has the product ID \\\"PremiumStandardSub\\\"\"")
    func premiumProductID() throws {
        let timeline = try FlagshipTimelineReader().read(data: Data(#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":"install"},{"at":"2026-01-01T00:00:00Z","do":"set-entitlement","product":"PremiumStandardSub"}]}"#.utf8))
        #expect(timeline.events[1].action == .setEntitlement(.premium))
    }

    @Test("\"Premium comes with 10 analysis per day (including both meal analysis, recipe analysis using image and recipe analysis using link)\"")
    func premiumTenAcrossKinds() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install), ("2026-01-01T00:00:01Z", .setEntitlement(.premium))]
            + captures(4, from: "2026-01-01T01:00:00Z", kind: .meal) + captures(3, from: "2026-01-01T02:00:00Z", kind: .recipePhoto)
            + captures(4, from: "2026-01-01T03:00:00Z", kind: .recipeLink))
        #expect(out.filter { $0.outcome == .captured }.count == 10)
        #expect(out.last?.outcome == .limitAlert)
    }

    @Test("\"How many analysis were used is displayed in \\\"PlanView.swift\\\" in the box with the bar\" (L2)")
    func usageBar() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install), ("2026-01-01T00:00:01Z", .setEntitlement(.premium))] + captures(3, from: "2026-01-01T01:00:00Z"))
        #expect(out.last?.planView == .bar(used: 3, limit: 10))
    }

    @Test("\"an alert saying \\\"You have reached your daily limit\\\" and below \\\"Upgrade to unlimited to continue\\\"\"")
    func premiumAlertTexts() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install), ("2026-01-01T00:00:01Z", .setEntitlement(.premium))] + captures(11, from: "2026-01-01T01:00:00Z"))
        #expect(out.last?.alert?.title == "You have reached your daily limit")
        #expect(out.last?.alert?.message == "Upgrade to unlimited to continue")
    }

    @Test("\"the \\\"Below limit\\\" text on \\\"ContentView.swift\\\" should be replaced with \\\"Limit reached\\\"\" (L1)")
    func belowLimitBecomesLimitReached() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install), ("2026-01-01T00:00:01Z", .setEntitlement(.premium))] + captures(10, from: "2026-01-01T01:00:00Z"))
        #expect(out[10].label == "Below limit")
        #expect(out[11].label == "Limit reached")
    }

    @Test("\"Limit resets at midnight (local time)\" (Premium; U3)")
    func premiumResetsAtLocalMidnight() {
        let out = replay("America/Denver", [("2026-01-01T00:00:00-07:00", .install), ("2026-01-01T00:00:01-07:00", .setEntitlement(.premium))]
            + captures(11, from: "2026-01-01T23:00:00-07:00") + [("2026-01-02T00:00:00-07:00", .capture(.meal))])
        #expect(out[12].outcome == .limitAlert)
        #expect(out[13].outcome == .captured && out[13].used == 1)
    }

    @Test("\"It has the product ID \\\"unlimited\\\"\"")
    func unlimitedProductID() throws {
        let timeline = try FlagshipTimelineReader().read(data: Data(#"{"zone":"UTC","events":[{"at":"2026-01-01T00:00:00Z","do":"install"},{"at":"2026-01-01T00:00:00Z","do":"set-entitlement","product":"unlimited"}]}"#.utf8))
        #expect(timeline.events[1].action == .setEntitlement(.unlimited))
    }

    @Test("\"there is a fair usage limit of 50 per day (limit resets at midnight local time)\"")
    func fairUseFiftyResetsAtMidnight() {
        let out = replay("Asia/Tokyo", [("2026-01-01T00:00:00+09:00", .install), ("2026-01-01T00:00:01+09:00", .setEntitlement(.unlimited))]
            + captures(51, from: "2026-01-01T22:00:00+09:00") + [("2026-01-02T00:00:00+09:00", .capture(.meal))])
        #expect(out[52].outcome == .limitAlert)
        #expect(out[53].outcome == .captured && out[53].used == 1)
    }

    @Test("\"This limit however is not displayed in the bar ... just a text saying \\\"You have no usage limit\\\"\"")
    func unlimitedText() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install), ("2026-01-01T00:00:01Z", .setEntitlement(.unlimited))])
        #expect(out[1].planView == .text("You have no usage limit"))
    }

    @Test("\"it should say in \\\"ContentView.swift\\\" ... \\\"No limit\\\" instead of \\\"Below limit\\\"\"")
    func unlimitedLabel() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install), ("2026-01-01T00:00:01Z", .setEntitlement(.unlimited))])
        #expect(out[1].label == "No limit")
    }

    @Test("\"THERE IS NO FREE PLAN\"")
    func thereIsNoFreePlan() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install)] + captures(3, from: "2026-02-01T00:00:00Z"))
        #expect(out.dropFirst().allSatisfy { $0.outcome == .planSheet && $0.plan == FlagshipPlan.none })
    }

    @Test("\"we only use the \\\"current plan\\\" apple gives us\" (P1): a cancelled entitlement ends the plan at once")
    func onlyCurrentEntitlement() {
        let out = replay("UTC", [("2026-01-01T00:00:00Z", .install), ("2026-01-05T00:00:00Z", .setEntitlement(.unlimited)),
                                 ("2026-02-05T00:00:00Z", .setEntitlement(nil)), ("2026-02-05T00:00:01Z", .capture(.meal))])
        #expect(out[3].outcome == .planSheet)
    }
}
