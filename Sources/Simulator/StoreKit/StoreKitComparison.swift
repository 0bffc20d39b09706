import SubscriptionModel
import SimulatorCore

/// Where a StoreKit configuration and a policy disagree (`simulate storekit`, rules
/// S1–S6 of `docs/storekit.md`): products one side has and the other lacks, a
/// product's kind or period, subscriptions split over groups, levels that do not follow
/// the plans' ranks, and each subscription's introductory offer against the one the
/// policy declares for it (a trial the app grants from the install is not compared).
///
/// Pure: it compares two values already read, and its findings come in a fixed order
/// (the policy's products in rank order, then the file's extra products in file
/// order), so the same inputs always print the same lines.
package struct StoreKitComparison: Sendable {
    /// The policy compared.
    package let policy: SubscriptionPolicy
    /// The configuration compared.
    package let configuration: StoreKitConfiguration
    /// Every disagreement, one per product and rule at most.
    package let findings: [StoreKitFinding]
    /// What StoreKit does otherwise than the policy means without the two disagreeing,
    /// each of which Apple allows: subscriptions in several groups (S4), one plan's
    /// products at two levels of a group (S5).
    package let warnings: [String]
    /// The policy's auto-renewable products the file lists as auto-renewable (`matches`).
    let matched: [Match]

    /// Compares `configuration` with `policy`.
    package init(policy: SubscriptionPolicy, configuration: StoreKitConfiguration) {
        self.policy = policy
        self.configuration = configuration
        let matched = Self.matches(policy: policy, configuration: configuration)
        self.matched = matched
        self.findings = Self.findings(policy: policy, configuration: configuration, matched: matched)
        self.warnings = Self.groupSplits(matched, configuration: configuration).map(Self.warning)
            + StoreKitProductMapping.levelWarnings(matched, policy: policy, configuration: configuration,
                                                   switching: "the policy means a switch between them")
            + Self.lifetimeSplits(policy: policy, configuration: configuration).map(Self.warning)
    }

    /// The warning line of an S4 finding (two products a user could hold at once).
    package static func warning(_ split: StoreKitFinding) -> String {
        "warning: \(split.product): \(split.detail); the app reports one of them to the rules (say, the higher plan's)"
    }

    /// Whether they agree on everything compared.
    package var agrees: Bool { findings.isEmpty }

    /// A policy product the file lists as auto-renewable too, with what the file says of it.
    package struct Match: Hashable, Sendable {
        /// The policy's product.
        package var product: StoreProduct
        /// The file's subscription of the same id.
        package var subscription: StoreKitSubscription
    }

    /// The policy's auto-renewable products that the file lists as auto-renewable, in
    /// the policy's order (plans in rank order).
    package static func matches(policy: SubscriptionPolicy, configuration: StoreKitConfiguration) -> [Match] {
        policy.products.compactMap { product in
            guard case .autoRenewable = product.kind, let subscription = configuration.product(product.id)?.subscription else { return nil }
            return Match(product: product, subscription: subscription)
        }
    }

    // MARK: Rules

    static func findings(policy: SubscriptionPolicy, configuration: StoreKitConfiguration, matched: [Match]) -> [StoreKitFinding] {
        var findings: [StoreKitFinding] = []
        // S1–S3: each product the policy sells.
        for product in policy.products {
            let plan = policy.plans[product.plan].id
            guard let listed = configuration.product(product.id) else {
                findings.append(StoreKitFinding(product: product.id, aspect: .onlyInPolicy,
                                                detail: "plan \(plan) sells it (\(product.kind)); the file does not list it"))
                continue
            }
            switch (product.kind, listed.kind) {
            case (.autoRenewable(let period), .autoRenewable(let subscription)):
                if !samePeriod(period, subscription.period) {
                    findings.append(StoreKitFinding(product: product.id, aspect: .period,
                                                    detail: "the policy renews it every \(period), the file every \(subscription.period)"))
                }
            case (.nonConsumable, .nonConsumable):
                break
            default:
                findings.append(StoreKitFinding(product: product.id, aspect: .kind,
                                                detail: "the policy sells it as \(product.kind) (plan \(plan)), the file lists it as \(listed.kindText)"))
            }
        }
        // S1–S2: each credit pack the policy sells is a consumable of the file.
        for pack in policy.creditPacks {
            guard let listed = configuration.product(pack.id) else {
                findings.append(StoreKitFinding(product: pack.id, aspect: .onlyInPolicy,
                                                detail: "a credit pack of \(pack.credits) for \(policy.meters[pack.meter]); the file does not list it"))
                continue
            }
            if case .consumable = listed.kind { continue }
            findings.append(StoreKitFinding(product: pack.id, aspect: .kind,
                                            detail: "the policy sells it as a credit pack (consumable), the file lists it as \(listed.kindText)"))
        }
        // S1–S2: each of the policy's other products (tips, non-renewing subscriptions,
        // suites: no rule reads them) is in the file, as the kind the policy says.
        for other in policy.otherProducts {
            guard let listed = configuration.product(other.id) else {
                findings.append(StoreKitFinding(product: other.id, aspect: .onlyInPolicy, detail: "an other product (\(other.kind.rawValue)); the file does not list it"))
                continue
            }
            if Self.otherKind(listed) != other.kind {
                findings.append(StoreKitFinding(product: other.id, aspect: .kind,
                                                detail: "the policy lists it as an other product (\(other.kind.rawValue)), the file lists it as \(listed.kindText)"))
            }
        }
        // S1: each product only the file lists.
        for listed in configuration.products
        where policy.productIndex(listed.id) == nil && policy.packIndex(listed.id) == nil && !policy.otherProducts.contains(where: { $0.id == listed.id }) {
            var what = listed.kindText
            if let subscription = listed.subscription {
                what += ", level \(subscription.level) of \(configuration.groups[subscription.group].shown(index: subscription.group))"
            }
            findings.append(StoreKitFinding(product: listed.id, aspect: .onlyInFile, detail: "\(what); the policy does not sell it"))
        }
        // (S4, the policy's subscriptions in more than one group, is a warning: `groupSplits`.)
        // S5: levels follow the plans' ranks within a group.
        for (index, match) in matched.enumerated() {
            if let conflict = levelConflict(match, earlier: matched[..<index], policy: policy, configuration: configuration) {
                findings.append(StoreKitFinding(product: match.product.id, aspect: .level, detail: conflict))
            }
        }
        // S6: the introductory offer against the one the policy declares.
        for match in matched {
            let listed = configuration.product(match.product.id).flatMap(introductoryOffer)
            if let problem = offerProblem(listed, declared: match.product.introductoryOffer) {
                findings.append(StoreKitFinding(product: match.product.id, aspect: .introductoryOffer, detail: problem))
            }
        }
        return findings
    }

    /// The kind of other product a listed product is, or nil for one that gives a plan.
    static func otherKind(_ listed: StoreKitProduct) -> OtherProduct.Kind? {
        switch listed.kind {
        case .consumable: .consumable
        case .nonRenewing: .nonRenewing
        case .suite: .subscriptionSuite
        case .autoRenewable, .nonConsumable: nil
        }
    }

    /// S4: each of the policy's subscriptions in another group than its first one's. Apple
    /// allows several groups (5 of the 33 real files have them), and a user may hold a
    /// subscription in each at once, where a policy has one entitlement at a time: so a
    /// comparison warns of it, and a simulation of the file (`StoreKitProductMapping`)
    /// refuses it.
    static func groupSplits(_ matched: [Match], configuration: StoreKitConfiguration) -> [StoreKitFinding] {
        guard let first = matched.first else { return [] }
        let home = first.subscription.group
        return matched.filter { $0.subscription.group != home }.map { match in
            StoreKitFinding(product: match.product.id, aspect: .group, detail:
                "in \(groupName(match.subscription.group, configuration)), apart from \(StoreKitFinding.shown(first.product.id)) in \(groupName(home, configuration)): a user could hold both at once, where the policy's plans are one entitlement at a time")
        }
    }

    /// S4 for lifetime purchases: each of the policy's non-consumables the file lists that
    /// a user could own beside a product of another plan. A purchase is never given up,
    /// so a user who owns Remove Ads and buys Themes, or owns a lifetime plan and
    /// subscribes to another, holds both at once, where the policy's plans are one
    /// entitlement at a time. A warning, as `groupSplits` are.
    package static func lifetimeSplits(policy: SubscriptionPolicy, configuration: StoreKitConfiguration) -> [StoreKitFinding] {
        let listed = policy.products.filter { configuration.product($0.id) != nil }
        return listed.compactMap { product in
            guard case .nonConsumable = product.kind, let other = listed.first(where: { $0.plan != product.plan }) else { return nil }
            return StoreKitFinding(product: product.id, aspect: .group, detail:
                "a lifetime purchase of plan \(policy.plans[product.plan].id), which a user keeps beside \(StoreKitFinding.shown(other.id)) of plan \(policy.plans[other.plan].id): a user could hold both at once, where the policy's plans are one entitlement at a time")
        }
    }

    /// Whether two ISO 8601 periods are the same length of billing (`P7D` is `P1W`,
    /// `P12M` is `P1Y`).
    static func samePeriod(_ a: String, _ b: String) -> Bool {
        guard let x = ProductPeriod(iso: a), let y = ProductPeriod(iso: b) else { return a == b }
        return x == y
    }

    static func groupName(_ index: Int, _ configuration: StoreKitConfiguration) -> String {
        configuration.groups[index].shown(index: index)
    }

    /// What is wrong with `match`'s level against the first earlier product of the same
    /// group it contradicts (S5): a plan ranked higher needs a lower level number (one
    /// plan's products at two levels are a warning, `warnings`). Nil when nothing
    /// contradicts it.
    static func levelConflict(_ match: Match, earlier: ArraySlice<Match>, policy: SubscriptionPolicy, configuration: StoreKitConfiguration) -> String? {
        let level = match.subscription.level, plan = match.product.plan
        let place = "\(level) in \(groupName(match.subscription.group, configuration))"
        for other in earlier where other.subscription.group == match.subscription.group {
            let otherLevel = other.subscription.level, otherPlan = other.product.plan
            let otherID = StoreKitFinding.shown(other.product.id)
            if plan > otherPlan, level >= otherLevel {
                return "\(place), not above \(otherID) at \(otherLevel), though plan \(policy.plans[plan].id) ranks above \(policy.plans[otherPlan].id); a higher plan needs a better (lower) level"
            }
            if plan < otherPlan, level <= otherLevel {
                return "\(place), not below \(otherID) at \(otherLevel), though plan \(policy.plans[plan].id) ranks below \(policy.plans[otherPlan].id); a higher plan needs a better (lower) level"
            }
        }
        return nil
    }

    /// The introductory offer the file sells with `listed`: its first listed
    /// introductory offer, else its free trial (an older file's single offer), else nil.
    package static func introductoryOffer(_ listed: StoreKitProduct) -> IntroductoryOffer? {
        if let offer = listed.offers.first(where: { $0.kind == .introductory }), let period = offer.period {
            let payment: IntroductoryOffer.Payment = switch offer.paymentMode {
            case "free": .free
            case "payAsYouGo": .payAsYouGo
            default: .payUpFront
            }
            return IntroductoryOffer(payment: payment, period: period, periods: offer.periods)
        }
        return listed.subscription?.freeTrial.map { IntroductoryOffer(payment: .free, period: $0.period, periods: $0.periods) }
    }

    /// What is wrong with the introductory offer the file sells (`listed`) against the
    /// one the policy declares for the product (S6), or nil when they are the same
    /// (`sameOffer`).
    package static func offerProblem(_ listed: IntroductoryOffer?, declared: IntroductoryOffer?) -> String? {
        switch (listed, declared) {
        case (nil, nil):
            return nil
        case (let listed?, nil):
            return "the file sells one (\(listed)); the policy declares none for the product"
        case (nil, let declared?):
            return "the policy declares one (\(declared)); the file sells none"
        case (let listed?, let declared?):
            if sameOffer(listed, declared) { return nil }
            return "the file sells \(listed), the policy declares \(declared)"
        }
    }

    /// Whether two offers are paid alike for as long: a pay-as-you-go offer bills the
    /// same period as often; a free or paid-up-front one lasts as long in all (`P7D` is
    /// `P1W`, and a free `3 × P1D` is a free `P3D`).
    package static func sameOffer(_ a: IntroductoryOffer, _ b: IntroductoryOffer) -> Bool {
        guard a.payment == b.payment else { return false }
        if a.payment == .payAsYouGo { return a.periods == b.periods && samePeriod(a.period, b.period) }
        guard let x = ProductPeriod(iso: a.period), let y = ProductPeriod(iso: b.period) else { return a == b }
        return ProductPeriod(months: x.months * a.periods, days: x.days * a.periods) == ProductPeriod(months: y.months * b.periods, days: y.days * b.periods)
    }

    /// `plan trial for 72 hours (P3D) from the install`.
    static func trialText(_ trial: TimedPlan, policy: SubscriptionPolicy) -> String {
        "plan \(policy.plans[trial.plan].id) for \(lengthText(trial.lengthMilliseconds)) from the install"
    }

    /// `72 hours (P3D)`; the ISO form only when the length is whole days.
    static func lengthText(_ milliseconds: Int64) -> String {
        let hours = Int(milliseconds / Milliseconds.hour)
        let text = milliseconds % Milliseconds.hour == 0 ? Figures.count(hours, "hour") : "\(milliseconds / Milliseconds.minute) minutes"
        return milliseconds % Milliseconds.twentyFourHours == 0 ? text + " (P\(milliseconds / Milliseconds.twentyFourHours)D)" : text
    }

    // MARK: Output

    /// What `simulate storekit` prints: a header naming both sides, then one line per
    /// finding; when they agree, a short summary of what was compared.
    package func text(file: String, policyName: String) -> String {
        let header = "\(file) (StoreKit configuration \(configuration.versionText)) and policy \(policyName)"
        guard agrees else {
            return (["disagrees: \(header): \(Figures.count(findings.count, "finding"))"] + findings.map(\.description)).joined(separator: "\n")
        }
        var lines = ["agrees: \(header)"]
        let products = policy.products.map { "\(StoreKitFinding.shown($0.id)) (\($0.kind), plan \(policy.plans[$0.plan].id))" }
        lines.append("  products  \(products.count) in both, each of the same kind and period: " + (products.isEmpty ? "none" : products.joined(separator: ", ")))
        if !policy.creditPacks.isEmpty {
            let packs = policy.creditPacks.map { "\(StoreKitFinding.shown($0.id)) (\($0.credits) \(policy.meters[$0.meter]))" }
            lines.append("  packs     \(packs.count) in both, each a consumable: " + packs.joined(separator: ", "))
        }
        if !policy.otherProducts.isEmpty {
            let others = policy.otherProducts.map { "\(StoreKitFinding.shown($0.id)) (\($0.kind.rawValue))" }
            lines.append("  others    \(others.count) in both, each of the same kind, which no rule reads: " + others.joined(separator: ", "))
        }
        if !matched.isEmpty {
            // Each group's levels, the groups in the order their first product comes.
            var groups: [(group: Int, levels: [String])] = []
            for match in matched {
                let entry = "\(policy.plans[match.product.plan].id) at level \(match.subscription.level)"
                guard let index = groups.firstIndex(where: { $0.group == match.subscription.group }) else {
                    groups.append((match.subscription.group, [entry]))
                    continue
                }
                if !groups[index].levels.contains(entry) { groups[index].levels.append(entry) }
            }
            let shown = groups.map { "\(Self.groupName($0.group, configuration)): \($0.levels.joined(separator: ", "))" }
            lines.append("  levels    \(shown.joined(separator: "; ")), as the plans rank" + (groups.count > 1 ? " within each group" : ""))
        } else {
            lines.append("  levels    no subscriptions to rank")
        }
        let offers = matched.compactMap { match in match.product.introductoryOffer.map { "\(StoreKitFinding.shown(match.product.id)) \($0)" } }
        lines.append("  offers    " + (offers.isEmpty ? "no introductory offers on either side" : "the same introductory offers: " + offers.joined(separator: ", ")))
        if let trial = policy.trial {
            lines.append("  trial     the app's own, \(Self.trialText(trial, policy: policy)): not a StoreKit offer, not compared")
        }
        return lines.joined(separator: "\n")
    }
}
