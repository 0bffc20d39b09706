import SubscriptionModel
import SimulatorCore

/// A policy whose products follow a StoreKit configuration (`simulate run --storekit`,
/// `docs/storekit.md`): the file decides which products exist, each one's period, and
/// through its level which plan a product new to the policy gives; the policy keeps its
/// plans, limits, responses, screens and trial. The generator is untouched: it buys,
/// renews, upgrades and downgrades whatever products the policy it is given sells.
///
/// - A product both sides have keeps its plan and its place, and takes the file's period.
/// - An auto-renewable product only the file has gives the plan of the policy's
///   products at the same level of the same group (a weekly beside a monthly).
/// - A product only the policy has is dropped; a paid plan left with none is refused
///   (nothing could buy it, so its coverage could never be reached).
/// - Consumables and non-renewing subscriptions the policy does not name give no plan
///   and are left out (a policy has no such kind); a consumable the policy sells as a
///   credit pack stays one, and a pack the file does not sell is dropped.
/// - Refused, naming the product: a kind the two sides disagree on (S2), subscriptions
///   split over groups (S4), levels against the plans' ranks (S5), a non-consumable or
///   a subscription the policy cannot place on a plan.
///
/// Each subscription takes the file's introductory offer (S6; noted when it is not the
/// policy's); the policy's own trial from the install stays as it is.
package struct StoreKitProductMapping: Sendable {
    /// The policy with the file's products.
    package let policy: SubscriptionPolicy
    /// What the mapping did, product by product, for the run's summary.
    package let notes: [String]

    /// Why a configuration cannot drive a policy's products: one line naming the product.
    package struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// What cannot be mapped, starting with the product id or the plan.
        package var problem: String

        /// A refusal saying `problem`.
        package init(problem: String) {
            self.problem = problem
        }

        /// The line, without `error: `.
        package var description: String { problem }
    }

    /// Maps `configuration`'s products onto `policy`'s plans, or refuses.
    package init(policy: SubscriptionPolicy, configuration: StoreKitConfiguration) throws(Refusal) {
        let comparison = StoreKitComparison(policy: policy, configuration: configuration)
        let matched = comparison.matched
        if let fatal = comparison.findings.first(where: { $0.aspect == .kind }) ?? StoreKitComparison.groupSplits(matched, configuration: configuration).first {
            throw Refusal(problem: fatal.description)
        }
        // Levels against the plans' ranks are refused; one plan's products at different
        // levels (as real apps put a monthly and a yearly) are simulated, with a warning.
        for (index, match) in matched.enumerated() {
            if let conflict = StoreKitComparison.levelConflict(match, earlier: matched[..<index], policy: policy, configuration: configuration) {
                throw Refusal(problem: StoreKitFinding(product: match.product.id, aspect: .level, detail: conflict).description)
            }
        }
        var catalogue: [StoreProduct] = []
        var notes = configuration.warnings.map { "warning: \($0.place): \($0.problem)" }
        notes += Self.levelWarnings(matched, policy: policy, configuration: configuration)
        notes += StoreKitComparison.lifetimeSplits(policy: policy, configuration: configuration).map(StoreKitComparison.warning)
        for listed in configuration.products {
            let id = StoreKitFinding.shown(listed.id)
            if let index = policy.productIndex(listed.id) {
                let old = policy.products[index]
                switch listed.kind {
                case .autoRenewable(let subscription):
                    // The file's introductory offer, said when it is not the policy's (kept as the policy writes it when it is).
                    let sold = StoreKitComparison.introductoryOffer(listed)
                    var offer = sold
                    if let declared = old.introductoryOffer, let sold, StoreKitComparison.sameOffer(declared, sold) {
                        offer = declared
                    } else if old.introductoryOffer != nil || sold != nil {
                        notes.append("\(id) sells \(sold.map { "introductory offer \($0)" } ?? "no introductory offer") (the policy: \(old.introductoryOffer.map { "\($0)" } ?? "none"))")
                    }
                    catalogue.append(StoreProduct(id: listed.id, kind: .autoRenewable(period: subscription.period), plan: old.plan, introductoryOffer: offer))
                    if case .autoRenewable(let period) = old.kind, !StoreKitComparison.samePeriod(period, subscription.period) {
                        notes.append("\(id) renews every \(subscription.period) (the policy: \(period))")
                    }
                default:
                    catalogue.append(StoreProduct(id: listed.id, kind: .nonConsumable, plan: old.plan))
                }
                continue
            }
            switch listed.kind {
            case .consumable where policy.packIndex(listed.id) != nil:
                notes.append("\(id) sold as the policy's credit pack (\(listed.kindText))")
            case .consumable, .nonRenewing:
                notes.append("\(id) left out (\(listed.kindText): gives no plan)")
            case .suite:
                notes.append("\(id) left out (\(listed.kindText): a policy has no such kind)")
            case .nonConsumable:
                throw Refusal(problem: "\(id): a non-consumable the policy does not sell, so no plan it would give; add it to a plan's products in the policy")
            case .autoRenewable(let subscription):
                let group = StoreKitComparison.groupName(subscription.group, configuration)
                if let sold = matched.first, !matched.contains(where: { $0.subscription.group == subscription.group }) {
                    // Adding it to a plan would only meet the refusal of two groups.
                    let soldGroup = StoreKitComparison.groupName(sold.subscription.group, configuration)
                    throw Refusal(problem: "\(id): auto-renewable in \(group), while the policy's subscriptions are in \(soldGroup): a user could hold one of each at once, and a policy gives one plan (G5); give --storekit a copy of the file without \(group)")
                }
                guard let peer = matched.first(where: { $0.subscription.group == subscription.group && $0.subscription.level == subscription.level }) else {
                    throw Refusal(problem: "\(id): auto-renewable at level \(subscription.level) of \(group), where the policy sells nothing, so no plan it would give; add it to a plan's products in the policy")
                }
                let plan = peer.product.plan
                catalogue.append(StoreProduct(id: listed.id, kind: .autoRenewable(period: subscription.period), plan: plan,
                                              introductoryOffer: StoreKitComparison.introductoryOffer(listed)))
                notes.append("\(id) added to plan \(policy.plans[plan].id) (\(listed.kindText), level \(subscription.level) like \(StoreKitFinding.shown(peer.product.id)))")
            }
        }
        for product in policy.products where configuration.product(product.id) == nil {
            notes.append("\(StoreKitFinding.shown(product.id)) dropped (not in the file)")
        }
        // Credit packs: those the file sells as consumables; the others are dropped.
        let packs = policy.creditPacks.filter { pack in
            if let listed = configuration.product(pack.id), case .consumable = listed.kind { return true }
            notes.append("\(StoreKitFinding.shown(pack.id)) dropped (a credit pack the file does not sell as a consumable)")
            return false
        }
        for plan in policy.paidPlans where !catalogue.contains(where: { $0.plan == plan }) {
            let sold = policy.products.filter { $0.plan == plan }.map { StoreKitFinding.shown($0.id) }.joined(separator: ", ")
            throw Refusal(problem: "plan \(policy.plans[plan].id): the file lists none of its products (\(sold)), so nothing could buy it; list one, or drop the plan from the policy")
        }
        // The reader's order, by plan in rank order; within a plan the policy's own
        // products in the policy's order, then the new ones as the file lists them, so a
        // file that agrees gives the very same policy (and the same timelines).
        func place(_ entry: (offset: Int, element: StoreProduct)) -> (Int, Int) {
            (entry.element.plan, policy.productIndex(entry.element.id) ?? policy.products.count + entry.offset)
        }
        let ordered = catalogue.enumerated().sorted { place($0) < place($1) }.map(\.element)
        self.policy = policy.selling(ordered, packs: packs)
        self.notes = notes
    }

    /// A warning for each pair of one plan's products at different levels of a group:
    /// the simulation switches between them as the policy does (a crossgrade within the
    /// plan), where StoreKit makes the move to the better level an upgrade, at once, and
    /// the move back a downgrade, at the renewal.
    static func levelWarnings(_ matched: [StoreKitComparison.Match], policy: SubscriptionPolicy, configuration: StoreKitConfiguration,
                              switching: String = "the simulation switches between them") -> [String] {
        var warnings: [String] = []
        for (index, match) in matched.enumerated() {
            guard let other = matched[..<index].first(where: {
                $0.product.plan == match.product.plan && $0.subscription.group == match.subscription.group && $0.subscription.level != match.subscription.level
            }) else { continue }
            let (better, worse) = other.subscription.level < match.subscription.level ? (other, match) : (match, other)
            let betterID = StoreKitFinding.shown(better.product.id), worseID = StoreKitFinding.shown(worse.product.id)
            warnings.append("warning: \(worseID) (level \(worse.subscription.level)) and \(betterID) (level \(better.subscription.level)) of \(StoreKitComparison.groupName(match.subscription.group, configuration)) are both plan \(policy.plans[match.product.plan].id): \(switching) as a crossgrade, where StoreKit makes \(worseID) to \(betterID) an upgrade (at once) and back a downgrade (at the renewal)")
        }
        return warnings
    }

    /// The products the run sells, for its summary: `dailyquip.weekly auto-renewable
    /// P1W (premium), ...`, then what changed.
    package var summary: String {
        let products = policy.products.map { "\(StoreKitFinding.shown($0.id)) \($0.kind) (\(policy.plans[$0.plan].id))" }.joined(separator: ", ")
        return notes.isEmpty ? products : products + "; " + notes.joined(separator: "; ")
    }
}
