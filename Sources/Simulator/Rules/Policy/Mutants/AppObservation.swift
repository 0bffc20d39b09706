import SubscriptionModel
import SimulatorCore

/// What a user observes after one event under a policy: the fields of a line of the
/// generic replay contract (plan, usage day, outcome, reason, response, reset instant,
/// upgrade offer, the counts of the windows the policy limits, the credits held, and the
/// screens).
///
/// The device's zone and the entitlement's details are not observed by themselves, only
/// through the screens they feed, so two implementations agree when their observations
/// are equal, whatever they keep inside.
package struct AppObservation: Hashable, Sendable, CustomStringConvertible {
    /// The plan id in force.
    package var plan: String
    /// The usage day.
    package var day: LocalDate
    /// For a use: allowed or blocked.
    package var outcome: Outcome?
    /// For a blocked use: why.
    package var reason: BlockReason?
    /// For a blocked use: what it shows (the alert's texts included).
    package var response: BlockResponse?
    /// For a use blocked by a day or month: when it resets.
    package var resetAt: Instant?
    /// For a blocked use: the plan ids offered.
    package var upgrade: [String]?
    /// `meter.window=count` for every window any plan limits, and `meter.credits=n` for
    /// a meter a credit pack is for.
    package var used: [String]
    /// The screen values, in the policy's order.
    package var screens: [ScreenValue]

    /// The observation of `output` (with its `screens`) under `policy`.
    package init(output: Output, screens: [ScreenValue], policy: SubscriptionPolicy) {
        plan = policy.planID(output.plan)
        day = output.day
        outcome = output.outcome
        reason = output.reason
        response = output.response
        resetAt = output.resetAt
        upgrade = output.upgrade.map { $0.map { policy.plans[$0].id } }
        used = policy.meters.indices.flatMap { meter in
            policy.meterWindows[meter].map { "\(policy.meters[meter]).\($0)=\(output.counts[meter][$0])" }
                + (policy.hasCredits(meter: meter) ? ["\(policy.meters[meter]).credits=\(output.counts.credits(of: meter))"] : [])
        }
        self.screens = screens
    }

    /// The observation on one line, for failure messages.
    package var description: String {
        var parts = ["plan \(plan)", "day \(day)"]
        if let outcome { parts.append(outcome.rawValue) }
        if let reason { parts.append("reason \(reason)") }
        if let response { parts.append("response \(response.name)\(response.alert.map { " \"\($0.title)\"" } ?? "")") }
        if let resetAt { parts.append("resetAt \(resetAt)") }
        if let upgrade { parts.append("upgrade [\(upgrade.joined(separator: ", "))]") }
        parts.append(used.joined(separator: " "))
        parts.append("screens " + screens.map(ReplayLine.screenValue).joined(separator: ", "))
        return parts.joined(separator: "; ")
    }
}
