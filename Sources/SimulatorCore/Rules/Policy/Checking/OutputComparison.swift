import SubscriptionModel

/// Which fields the generic replay contract shows differ between two outputs of the
/// same event, named as the line names them (`plan`, `day`, `outcome`, `reason`,
/// `response`, `alert`, `resetAt`, `upgrade`, `meters.M.used.W`, `screens.S`): what
/// `matches-reference` and the look-and-reinstall shadow report.
///
/// Fields the line does not show (the counts of a window no plan limits, an entitlement
/// or zone that no screen reads) are compared through the screens they feed, so two
/// outputs a user could not tell apart are never reported as different.
package final class OutputComparison {
    /// The rules whose outputs are compared.
    package let policy: SubscriptionPolicy
    /// Renders screens from an output, as the replay line does.
    private let renderer: SubscriptionMachine
    /// Per meter, the windows the line shows.
    private let shownWindows: [[LimitWindow]]

    /// A comparison of `policy`'s outputs.
    package init(policy: SubscriptionPolicy) {
        self.policy = policy
        self.renderer = SubscriptionMachine(policy: policy)
        self.shownWindows = policy.meters.indices.map { meter in
            LimitWindow.allCases.filter { window in policy.plans.contains { $0.limit(meter: meter, window) != nil } }
        }
    }

    /// Whether a user could tell the two outputs apart (cheap when they are equal).
    @inline(__always)
    package func differ(_ a: Output, _ b: Output) -> Bool {
        a != b && !differences(a, b).isEmpty
    }

    /// The differing fields, each as `FIELD A (aName) vs B (bName)`; empty when none.
    package func differences(_ a: Output, _ b: Output, _ aName: String = "first", _ bName: String = "second") -> [String] {
        guard a != b else { return [] }
        var found: [String] = []
        func note(_ field: String, _ x: String, _ y: String) {
            found.append("\(field) \(x) (\(aName)) vs \(y) (\(bName))")
        }
        if a.plan != b.plan { note("plan", name(a.plan), name(b.plan)) }
        if a.day != b.day { note("day", "\(a.day)", "\(b.day)") }
        if a.outcome != b.outcome { note("outcome", a.outcome?.rawValue ?? "null", b.outcome?.rawValue ?? "null") }
        if a.reason != b.reason { note("reason", a.reason?.name ?? "null", b.reason?.name ?? "null") }
        if a.response?.name != b.response?.name { note("response", a.response?.name ?? "null", b.response?.name ?? "null") }
        if a.alert != b.alert { note("alert", TraceChecker.show(a.response), TraceChecker.show(b.response)) }
        if a.resetAt != b.resetAt { note("resetAt", a.resetAt.map { "\($0)" } ?? "null", b.resetAt.map { "\($0)" } ?? "null") }
        if a.upgrade != b.upgrade { note("upgrade", offer(a.upgrade), offer(b.upgrade)) }
        let wellFormed = isWellFormed(a) && isWellFormed(b)
        if wellFormed {
            for (meter, id) in policy.meters.enumerated() {
                for window in shownWindows[meter] where a.counts[meter][window] != b.counts[meter][window] {
                    note("meters.\(id).used.\(window.name)", "\(a.counts[meter][window])", "\(b.counts[meter][window])")
                }
                if policy.hasCredits(meter: meter), a.counts.credits(of: meter) != b.counts.credits(of: meter) {
                    note("meters.\(id).credits", "\(a.counts.credits(of: meter))", "\(b.counts.credits(of: meter))")
                }
            }
            if a.plan != b.plan || a.counts != b.counts || a.entitlement != b.entitlement || a.zone != b.zone {
                let (x, y) = (renderer.screens(of: a), renderer.screens(of: b))
                for (position, screen) in policy.screens.enumerated() where x[position] != y[position] {
                    note("screens.\(screen.name)", ReplayLine.screenValue(x[position]), ReplayLine.screenValue(y[position]))
                }
            }
        } else {
            note("meters", "\(a.counts.count) meters", "\(b.counts.count) meters")
        }
        return found
    }

    /// Whether an output's indices are the policy's, so it can be rendered.
    private func isWellFormed(_ output: Output) -> Bool {
        output.counts.count == policy.meters.count
            && output.plan.map { policy.plans.indices.contains($0) } ?? true
            && output.entitlement.map { policy.products.indices.contains($0.product) } ?? true
    }

    private func name(_ plan: Int?) -> String {
        guard let plan else { return "none" }
        return policy.plans.indices.contains(plan) ? policy.plans[plan].id : "plan #\(plan)"
    }

    private func offer(_ offer: PlanSet?) -> String {
        guard let offer else { return "null" }
        return "[" + offer.map(name).joined(separator: ", ") + "]"
    }
}
