import Simulator
import SubscriptionModel
import Testing

/// The entitlement reports follow StoreKit's rules for each product's kind
/// (`StoreKitLifecycle`), and every move of each kind the policy sells occurs.
@Suite("Policy generator: StoreKit lifecycle")
struct GenerationLifecycleTests {
    static let users = 1_000

    @Test("renewal dates keep the purchase's day of the month, clamped to shorter months; weeks and years too")
    func periods() {
        func at(_ y: Int, _ m: Int, _ d: Int, hour: Int64 = 15) -> Instant {
            Instant(millisecondsSince1970: Int64(LocalDate.days(year: y, month: m, day: d)) * Milliseconds.twentyFourHours + hour * Milliseconds.hour)
        }
        let month = ProductPeriod(iso: "P1M")!, year = ProductPeriod(iso: "P1Y")!, week = ProductPeriod(iso: "P1W")!
        #expect(month.end(after: at(2028, 1, 31), count: 1) == at(2028, 2, 29))
        #expect(month.end(after: at(2028, 1, 31), count: 2) == at(2028, 3, 31))
        #expect(month.end(after: at(2099, 11, 30), count: 1) == at(2099, 12, 30))
        #expect(year.end(after: at(2028, 2, 29), count: 1) == at(2029, 2, 28))
        #expect(year.end(after: at(2028, 2, 29), count: 4) == at(2032, 2, 29))
        #expect(week.end(after: at(2037, 12, 29), count: 2) == at(2038, 1, 12))
        #expect(ProductPeriod(iso: "P3M") == ProductPeriod(months: 3) && ProductPeriod(iso: "P30D") == ProductPeriod(days: 30))
        for bad in ["", "P", "PM", "P0M", "1M", "P1H", "PT1H", "P1Y2M", "p1m"] { #expect(ProductPeriod(iso: bad) == nil, "\(bad)") }
    }

    /// The moves seen, by name.
    struct Moves {
        var counts: [String: Int] = [:]
        mutating func saw(_ move: String) { counts[move, default: 0] += 1 }
    }

    @Test("reports are consistent with the lifecycle, and every move of every kind sold occurs", arguments: ["meal-capture", "daa-tiers", "oxalate", "daily-quip", "face-recall"])
    func lifecycle(name: String) {
        let policy = GenerationSettings.policy(name)
        let generator = GenerationSettings.generator(policy)
        let buffer = EventBuffer()
        var moves = Moves()
        for user in 0..<Self.users {
            let drawn = generator.generate(seed: GenerationSettings.seed, user: user, into: buffer)
            if let problem = Self.check(buffer.events, policy: policy, habits: drawn.swarm.habits, moves: &moves) {
                Issue.record("\(problem): \(GenerationSettings.reproduce(policy, user: user))")
                return
            }
        }
        var expected = ["bought", "restore-nothing", "restore-same"]
        let kinds = Set(policy.products.map { CoverageCategory.ProductKind($0.kind) })
        if kinds.contains(.autoRenewable) { expected += ["renewed", "cancelled", "refunded", "period-ended", "re-enabled", "heard-early"] }
        if kinds.contains(.nonConsumable) { expected += ["bought-lifetime", "refunded-lifetime"] }
        let subscriptions = policy.products.filter { CoverageCategory.ProductKind($0.kind) == .autoRenewable }
        if Set(subscriptions.map(\.plan)).count > 1 { expected += ["upgrade", "downgrade"] }
        if Set(subscriptions.map(\.plan)).count < subscriptions.count { expected += ["crossgrade"] }
        if policy.trial != nil { expected += ["lost-in-trial"] }
        for move in expected {
            #expect(moves.counts[move, default: 0] > 0, "\(name): no \(move) in \(Self.users) users of seed \(GenerationSettings.seed); seen \(moves.counts)")
        }
    }

    /// The first report that breaks StoreKit's rules in `events`, or nil; counts the moves
    /// seen. Only a user `offlineAtPeriodEnd` may hear of a move at a period's end after
    /// it, and only a user whose clock is behind (`clockBehind`) before it, by two
    /// minutes at most. (An end of access heard early would read as a refund here, which
    /// it cannot be told from; the generator never makes one.)
    static func check(_ events: UnsafeBufferPointer<Event>, policy: SubscriptionPolicy, habits: Swarm.Habits, moves: inout Moves) -> String? {
        let offlineAtPeriodEnd = habits.contains(.offlineAtPeriodEnd)
        let skew = habits.contains(.clockBehind) ? 2 * Milliseconds.minute : 0
        /// Whether a report at `at` of a change due at `due` comes when it may.
        func heardInTime(_ at: Instant, due: Instant, moves: inout Moves) -> Bool {
            if at < due { moves.saw("heard-early") }
            return at == due || (offlineAtPeriodEnd && at > due) || (at < due && due.millisecondsSince1970 - at.millisecondsSince1970 <= skew)
        }
        var current: Entitlement?
        var anchor = Instant(millisecondsSince1970: 0), periods = 0
        let installed = events[0].at
        for (index, event) in events.enumerated() {
            guard case .setEntitlement(let next) = event.action else { continue }
            let at = event.at
            defer { current = next }
            if next == current {
                moves.saw(next == nil ? "restore-nothing" : "restore-same")
                continue
            }
            if let next, case .nonConsumable = policy.products[next.product].kind {
                guard next.expires == nil, !next.renews else { return "event \(index): a lifetime purchase with an expiry or renewing" }
                guard current == nil else { return "event \(index): a lifetime purchase over another entitlement" }
                moves.saw("bought-lifetime")
                continue
            }
            guard let old = current else {
                // A purchase, or access back after a failed renewal: a new period from now.
                let next = next!
                guard next.renews, next.expires == period(next.product, policy).end(after: at, count: 1) else {
                    return "event \(index): bought, but expires \(String(describing: next.expires)) is not one period after \(at)"
                }
                anchor = at; periods = 1
                moves.saw("bought")
                continue
            }
            let oldIsLifetime = policy.products[old.product].kind == .nonConsumable
            guard let next else {
                if oldIsLifetime {
                    moves.saw("refunded-lifetime")
                } else if at < old.expires! {
                    moves.saw("refunded")
                } else {
                    moves.saw("period-ended")
                }
                if let trial = policy.trial, installed.milliseconds(to: at) < trial.lengthMilliseconds { moves.saw("lost-in-trial") }
                continue
            }
            guard !oldIsLifetime else { return "event \(index): a lifetime purchase replaced by another product" }
            let expires = old.expires!
            if next.product == old.product {
                if next.expires == old.expires {
                    guard next.renews != old.renews else { return "event \(index): an unexplained report" }
                    moves.saw(next.renews ? "re-enabled" : "cancelled")
                    continue
                }
                // Reported at the period's end, later (to a device offline then, or a billing retry
                // that succeeded), or a moment before it by a clock behind, but within the new period.
                guard old.renews, at >= expires || heardInTime(at, due: expires, moves: &moves) else {
                    return "event \(index): renewed before the period ended or after a cancellation"
                }
                guard at < next.expires! else { return "event \(index): a renewal reported after the period it starts had ended" }
                periods += 1
                guard next.expires == period(next.product, policy).end(after: anchor, count: periods) else {
                    return "event \(index): renewal \(periods) of a period from \(anchor) expires \(String(describing: next.expires))"
                }
                moves.saw("renewed")
                continue
            }
            let from = policy.products[old.product].plan, to = policy.products[next.product].plan
            if to > from {
                guard at < expires, next.expires == period(next.product, policy).end(after: at, count: 1) else {
                    return "event \(index): an upgrade must take effect within the period and start a new one"
                }
                anchor = at; periods = 1
                moves.saw("upgrade")
            } else {
                // The new product's period starts at the old one's end, whenever the app hears of it.
                guard old.renews, heardInTime(at, due: expires, moves: &moves),
                      next.expires == period(next.product, policy).end(after: expires, count: 1), at < next.expires! else {
                    return "event \(index): a downgrade or crossgrade must wait for the period's end"
                }
                anchor = expires; periods = 1
                moves.saw(to < from ? "downgrade" : "crossgrade")
            }
        }
        return nil
    }

    static func period(_ product: Int, _ policy: SubscriptionPolicy) -> ProductPeriod {
        guard case .autoRenewable(let text) = policy.products[product].kind else { return ProductPeriod(months: 1) }
        return ProductPeriod(iso: text)!
    }
}
