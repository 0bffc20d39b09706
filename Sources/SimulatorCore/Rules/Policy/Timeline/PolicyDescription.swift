import Foundation
import SubscriptionModel

/// A policy as a reviewer reads it (`simulate policy show`): plans in rank order with
/// their products, features, limits, history windows and responses, the credit packs,
/// then the screens.
///
/// Plain text, one fact a line, so a reviewer can check it against the product document
/// and two versions of a policy can be compared with `diff`.
package enum PolicyDescription {
    /// The policy's description, ending in a newline.
    package static func text(_ policy: SubscriptionPolicy) -> String {
        var lines: [String] = ["policy \(policy.name)"]
        // (Escaped as an error line escapes: a newline in it must not make a line of its own.)
        if let about = policy.about { lines.append("  " + MessageText.bare(about, limit: .max)) }
        // (Clause by clause: one expression of these took the type checker 20 s.)
        var calendar: [String] = [policy.calendar == .device ? "device (the device's current zone)" : policy.calendar.description]
        if policy.dayStart != 0 {
            let start = DayStartText.text(minutes: Int(policy.dayStart / Milliseconds.minute))
            calendar.append("a day starts at \(start) on its clock" + (policy.monthsFromPurchase ? "" : ", a month at that hour on the 1st"))
        }
        if let first = policy.firstWeekday { calendar.append("weeks start on \(first.name)") }
        if policy.monthsFromPurchase { calendar.append("months run from the day of the month the subscription began (the install's before one)") }
        if policy.countsRolling { calendar.append("a rolling window holds a use for \(hours(policy.rollingLength))") }
        lines.append("calendar: " + calendar.joined(separator: "; "))
        if let trial = policy.trial {
            lines.append("trial: \(policy.plans[trial.plan].id) for \(hours(trial.lengthMilliseconds)) from the install")
        }
        if let grace = policy.grace, let cutoff = grace.cutoff {
            lines.append("grace: \(policy.plans[grace.plan].id) for users installed before \(cutoff), until \(hours(grace.lengthMilliseconds)) after it")
        }
        lines.append("defaults: guest \(policy.guestDefault.map { policy.plans[$0].id } ?? "none"), registered \((policy.registeredDefault ?? policy.guestDefault).map { policy.plans[$0].id } ?? "none")")
        if let response = policy.noPlanResponse { lines.append("no plan: every use blocked (no-plan) → \(describe(response))") }
        lines.append("meters: \(policy.meters.isEmpty ? "none" : policy.meters.joined(separator: ", "))")
        lines.append("features:")
        for feature in policy.features {
            let effect: String
            switch feature.effect {
            case .gate: effect = feature.hasHistory ? "carries a diary day (history window)" : "gate (counts nothing)"
            case .consumes(let meter):
                effect = "consumes \(policy.meters[meter])" + (feature.then.map { ", then \(policy.meters[$0]) once its limits are spent" } ?? "")
                    + (feature.cost > 1 ? ", \(feature.cost) units a use" : "")
            case .releases(let meter): effect = "releases \(policy.meters[meter]) (never blocked)"
            }
            lines.append("  \(feature.id): \(effect)")
        }
        lines.append("plans (paid ones in rank order):")
        var rank = 0
        for (index, plan) in policy.plans.enumerated() {
            var title = "  \(plan.id) \"\(plan.name)\""
            if plan.isPaid {
                rank += 1
                title += ", paid, rank \(rank)"
            }
            lines.append(title)
            let products = policy.products.filter { $0.plan == index }
            if !products.isEmpty {
                lines.append("    products: " + products.map { "\($0.id) (\($0.kind)" + ($0.introductoryOffer.map { ", introductory offer \($0)" } ?? "") + ")" }.joined(separator: ", "))
            }
            let gated = policy.features.indices.filter { !policy.features[$0].isReleasing }
            let enabled = gated.filter { plan.enables(feature: $0) }
            lines.append("    features: " + (enabled.count == gated.count ? "all" : enabled.isEmpty ? "none" : enabled.map { policy.features[$0].id }.joined(separator: ", ")))
            var limits: [String] = []
            for (meter, id) in policy.meters.enumerated() {
                let set = LimitWindow.allCases.compactMap { window in
                    plan.limit(meter: meter, window).map { "\(window) \($0.value)\($0.isHidden ? " (hidden)" : "")" }
                }
                limits.append("\(id) " + (set.isEmpty ? "unlimited" : set.joined(separator: ", ")))
            }
            if !limits.isEmpty { lines.append("    limits: " + limits.joined(separator: "; ")) }
            let history = policy.features.indices.filter { policy.features[$0].hasHistory && plan.enables(feature: $0) }
            for feature in history {
                lines.append("    history: \(policy.features[feature].id) " + (plan.historyDays[feature].map { "\($0) day\($0 == 1 ? "" : "s")" } ?? "unlimited"))
            }
            let responses = BlockReason.allCases.compactMap { reason in plan.response(to: reason).map { "\(reason) → \(describe($0))" } }
            lines.append("    responses: " + (responses.isEmpty ? "none (nothing can be blocked)" : responses.joined(separator: "; ")))
        }
        if !policy.creditPacks.isEmpty {
            lines.append(policy.features.contains { $0.cost > 1 }
                ? "credit packs (G13: a use a limit blocks goes ahead on a credit held for each unit it costs, and takes them):"
                : "credit packs (G13: a use a limit blocks goes ahead on a credit held, and takes it):")
            for pack in policy.creditPacks { lines.append("  \(pack.id): consumable, \(pack.credits) credits for \(policy.meters[pack.meter])") }
        }
        if !policy.otherProducts.isEmpty {
            lines.append("other products (sold by the app, read by no rule): " + policy.otherProducts.map { "\($0.id) (\($0.kind.rawValue))" }.joined(separator: ", "))
        }
        lines.append("screens:")
        if policy.screens.isEmpty { lines.append("  none") }
        for screen in policy.screens {
            lines.append("  \(screen.name):")
            lines.append(contentsOf: describe(screen.value, policy: policy, indent: "    "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func hours(_ milliseconds: Int64) -> String {
        "\(milliseconds / Milliseconds.hour) h"
    }

    static func describe(_ response: BlockResponse) -> String {
        switch response {
        case .paywall: "paywall"
        case .alert(let alert): "alert \(JSONText.quoted(alert.title)) / \(alert.message.map { JSONText.quoted($0) } ?? "no message")"
        }
    }

    static func text(_ template: ScreenTemplate) -> String { JSONText.quoted(template.description) }

    /// A screen's window, or its windows and how one of them is shown.
    static func windows(_ windows: [LimitWindow]) -> String {
        windows.count == 1 ? "\(windows[0])"
            : windows.dropLast().map { "\($0)" }.joined(separator: ", ") + " or \(windows.last!), whichever has the fewest left (on a tie, the larger limit)"
    }

    /// A choice's branches, each once under the names of the slots that show it
    /// (`premium, unlimited:`), in the order of its first slot: a branch several slots
    /// share (an `else`) is described once, so the text grows with the file, not with
    /// the number of slots to the power of the nesting. Slots past `names` (no plan,
    /// where it never occurs) are never shown and not described.
    static func describe(_ branches: ScreenBranches, names: [String], policy: SubscriptionPolicy, indent: String) -> [String] {
        var lines: [String] = []
        for (branch, slots) in branches.slotsByBranch.enumerated() {
            let shown = slots.filter { $0 < names.count }
            guard !shown.isEmpty else { continue }
            lines.append(indent + shown.map { names[$0] }.joined(separator: ", ") + ":")
            lines.append(contentsOf: describe(branches.expressions[branch], policy: policy, indent: indent + "  "))
        }
        return lines
    }

    /// A screen expression as indented lines.
    static func describe(_ expression: ScreenExpression, policy: SubscriptionPolicy, indent: String) -> [String] {
        let deeper = indent + "  "
        switch expression {
        case .null: return [indent + "null"]
        case .text(let template): return [indent + text(template)]
        case .planName: return [indent + "the plan's name"]
        case .boxText(let box): return [indent + "a box with the text \(JSONText.quoted(box))"]
        case .bar(let meter, let windows): return [indent + "a bar: \(policy.meters[meter]) \(Self.windows(windows)) used of the shown limit (null without one)"]
        case .expiry(let renewing, let ending):
            return [indent + "the expiry date in the device's zone: \(text(renewing)) when renewing, \(text(ending)) when not; null without one"]
        case .metersInWarning(let meters, let window, let percent):
            return [indent + "the meters of \(meters.map { policy.meters[$0] }.joined(separator: ", ")) whose \(window) is at least \(percent) % of the shown limit"]
        case .plural(let number, let one, let other):
            return [indent + "\(text(one)) when \(number.name) is 1, else \(text(other))"]
        case .byPlan(let branches):
            let ids = policy.plans.map(\.id) + (policy.noPlanCanOccur ? ["none"] : [])
            return [indent + "by plan:"] + describe(branches, names: ids, policy: policy, indent: deeper)
        case .byProduct(let branches):
            return [indent + "by product:"] + describe(branches, names: policy.products.map(\.id) + ["no entitlement"], policy: policy, indent: deeper)
        case .meter(let screen):
            var lines = [indent + "by the state of \(policy.meters[screen.meter]) \(Self.windows(screen.windows)):"]
            var states: [(String, ScreenExpression)] = [("below", screen.below)]
            if let warning = screen.warning, let percent = screen.warningPercent { states.append(("warning (from \(percent) %)", warning)) }
            states.append(("reached", screen.reached))
            // (A null `unlimited` no plan can reach, as when the file leaves it out, is not listed.)
            if screen.unlimited != .null || ScreenMeter.planShowingNoLimit(in: policy, meter: screen.meter, screen.windows) != nil {
                states.append(("unlimited", screen.unlimited))
            }
            for (name, branch) in states {
                lines.append(deeper + name + ":")
                lines.append(contentsOf: describe(branch, policy: policy, indent: deeper + "  "))
            }
            return lines
        }
    }
}
