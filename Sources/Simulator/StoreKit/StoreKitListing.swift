import SimulatorCore
/// What `simulate storekit FILE` prints without `--policy`: what the file sells.
extension StoreKitConfiguration {
    /// A header naming the file, its format and how many products and groups it has;
    /// then each group (subscription groups, then suite groups) with its subscriptions,
    /// then the products outside groups. A product's line gives its kind, a
    /// subscription's period and level, and its price; each offer and billing plan
    /// follows on a line of its own. Warnings are not part of it (a command prints them
    /// on stderr).
    ///
    /// ```text
    /// app.storekit (StoreKit configuration 6.3): 3 products, 2 groups
    /// group "Pro"
    ///   pro.monthly: auto-renewable P1M, level 1, 4.99
    ///     introductory offer: free P1W
    /// products outside groups
    ///   pro.lifetime: non-consumable, 99.99
    /// ```
    package func listing(file: String) -> String {
        var lines = ["\(file) (StoreKit configuration \(versionText)): \(Figures.count(products.count, "product")), \(Figures.count(groups.count, "group"))"]
        func line(_ product: StoreKitProduct) -> [String] {
            var what = product.kindText
            if let subscription = product.subscription ?? product.suiteSubscription { what += ", level \(subscription.level)" }
            if let price = product.price { what += ", \(price)" }
            return ["  \(StoreKitFinding.shown(product.id)): \(what)"] + product.offers.map { "    " + $0.shown } + product.billingPlans.map { "    " + $0.shown }
        }
        for (index, group) in groups.enumerated() {
            lines.append(group.shown(index: index))
            let members = products.filter { ($0.subscription ?? $0.suiteSubscription)?.group == index }
            lines += members.isEmpty ? ["  no subscriptions"] : members.flatMap(line)
        }
        let outside = products.filter { $0.subscription == nil && $0.suiteSubscription == nil }
        if !outside.isEmpty {
            lines.append("products outside groups")
            lines += outside.flatMap(line)
        }
        return lines.joined(separator: "\n")
    }
}

extension StoreKitProduct {
    /// The suite's subscription details, when the product is a subscription suite.
    package var suiteSubscription: StoreKitSubscription? {
        if case .suite(let subscription) = kind { return subscription }
        return nil
    }
}
