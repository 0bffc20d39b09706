import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The generic engine under the `meal-capture` policy agrees with the v1 machine on
/// generated timelines: `captured` ↔ allowed, `plan-sheet` ↔ blocked + paywall,
/// `limit-alert` ↔ blocked + the same alert; the same day, plan, used and limit, and the
/// same home label and PlanView box.
///
/// Seed `PropertySettings.seed` (`PROPERTY_SEED`), the first `users` users of the
/// generator (`POLICY_PROPERTY_USERS`, default 500): the generic engine is the slower
/// path, so it gets fewer users than the v1 properties.
@Suite("The meal-capture policy agrees with the v1 machine")
struct PolicyAgreesWithV1Tests {
    static let users = ProcessInfo.processInfo.environment["POLICY_PROPERTY_USERS"].flatMap(Int.init) ?? 500

    static func reproduce(user: Int) -> String {
        let seed = PropertySettings.seed, years = PropertySettings.years
        return "seed \(seed), user \(user) of \(users) (years \(years)); reproduce with: swift run -c release simulate replay --seed \(seed) --user \(user) --years \(years) --out user\(user).json"
            + ", then replay it with \"policy\": \"meal-capture\" and each capture as a use of its kind"
    }

    /// The same life as a policy timeline: a capture is a use of the feature named like its kind.
    static func policyEvents(_ events: [FlagshipEvent], policy: SubscriptionPolicy, rules: CaptureRules) -> [Event] {
        events.map { event in
            let action: Event.Action
            switch event.action {
            case .install: action = .install
            case .reinstall: action = .reinstall
            case .look: action = .look
            case .setZone(let zone): action = .setZone(zone)
            case .capture(let kind): action = .use(feature: policy.featureIndex(kind.rawValue)!, day: nil)
            case .setEntitlement(let tier):
                action = .setEntitlement(tier.map { Entitlement(product: policy.productIndex(rules.productID(of: $0))!) })
            }
            return Event(at: event.at, action)
        }
    }

    @Test("every event of every generated user gives the same answer both ways")
    func agreesOnGeneratedTimelines() {
        let policy = SubscriptionPolicy.mealCapture
        let rules = CaptureRules.mealCapture
        let generic = SubscriptionMachine(policy: policy)
        let v1 = FlagshipMachine(policy: rules)
        let home = policy.screens.firstIndex { $0.name == "home" }!
        let planView = policy.screens.firstIndex { $0.name == "planView" }!
        let generator = FlagshipTimelineGenerator(maxYears: PropertySettings.years)
        var checkedUses = 0, blockedUses = 0, alerts = 0
        for user in 0..<Self.users {
            let timeline = generator.user(seed: PropertySettings.seed, user: user).timeline
            let old = v1.replay(zone: timeline.zone, events: timeline.events)
            let new = generic.replay(zone: timeline.zone, events: Self.policyEvents(timeline.events, policy: policy, rules: rules))
            for (index, (a, b)) in zip(old, new).enumerated() {
                let screens = generic.screens(of: b)
                let expectedHome = ScreenValue.text(a.label.string)
                let expectedBox: ScreenValue
                switch a.planView {
                case .bar(let used, let limit)?: expectedBox = .bar(used: used, limit: limit)
                case .text(let text)?: expectedBox = .boxText(text.string)
                case nil: expectedBox = .null
                }
                let sameOutcome: Bool
                switch a.outcome {
                case nil: sameOutcome = b.outcome == nil && b.response == nil
                case .captured?: sameOutcome = b.outcome == .allowed
                case .planSheet?: sameOutcome = b.outcome == .blocked && b.response == .paywall
                case .limitAlert?:
                    sameOutcome = b.outcome == .blocked && b.alert == a.alert.map { Alert(title: $0.title.string, message: $0.message?.string) }
                }
                let agrees = sameOutcome && a.day == b.day && a.plan.rawValue == policy.planID(b.plan) && a.used == b.counts[0].day
                    && a.limit == b.plan.flatMap { policy.plans[$0].limit(meter: 0, .day)?.value }
                    && screens[home] == expectedHome && screens[planView] == expectedBox
                if !agrees {
                    Issue.record("event \(index) (\(timeline.events[index].action.name)): v1 \(a), generic \(b); \(Self.reproduce(user: user))")
                    return
                }
                if a.outcome != nil { checkedUses += 1 }
                if b.outcome == .blocked { blockedUses += 1 }
                if a.outcome == .limitAlert { alerts += 1 }
            }
            #expect(old.count == new.count)
        }
        // Not vacuous: both kinds of blocking were compared.
        #expect(checkedUses > 1000 && blockedUses > 100 && alerts > 10, "uses \(checkedUses), blocked \(blockedUses), alerts \(alerts)")
    }
}
