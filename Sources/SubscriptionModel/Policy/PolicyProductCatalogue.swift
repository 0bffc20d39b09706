extension SubscriptionPolicy {
    /// The same rules with another product catalogue: the products, their kinds and
    /// periods, and which plan each gives, as an App Store configuration states them
    /// (`simulate run --storekit`), while every plan, limit, response and screen stays as
    /// the policy file wrote it; with `packs`, those credit packs instead of the policy's.
    ///
    /// Which plans are paid does not change (G9 offers the same plans), so every paid
    /// plan must keep at least one product, and no free plan may gain one. A `byProduct`
    /// screen keeps its branch for a product id both catalogues hold; a product new to
    /// the policy gets the screen's `else` branch, as the file reader gives any product
    /// the file leaves out. The caller checks these conditions (the StoreKit mapping
    /// refuses a catalogue that breaks them, with a message naming the product); here
    /// they are preconditions.
    package func selling(_ catalogue: [StoreProduct], packs: [CreditPack]? = nil) -> SubscriptionPolicy {
        precondition(Set(catalogue.map(\.id)).count == catalogue.count, "a product id is sold twice")
        for product in catalogue {
            precondition(plans.indices.contains(product.plan) && plans[product.plan].isPaid, "product \(product.id) gives no paid plan")
        }
        for plan in paidPlans {
            precondition(catalogue.contains { $0.plan == plan }, "paid plan \(plans[plan].id) would sell nothing")
        }
        let old = products
        // Each product's slot in the old catalogue (or the else slot, for a new product).
        let oldSlots = catalogue.map { product in old.firstIndex { $0.id == product.id } ?? old.count } + [old.count]
        // Each written branch is remapped once and stays shared by the slots that show it.
        func remap(_ expression: ScreenExpression) -> ScreenExpression {
            switch expression {
            case .byProduct(let branches):
                return .byProduct(ScreenBranches(picks: oldSlots.map { branches.picks[$0] }, from: branches.expressions.map(remap)))
            case .byPlan(let branches):
                return .byPlan(ScreenBranches(picks: branches.picks, from: branches.expressions.map(remap)))
            case .meter(var meter):
                meter.below = remap(meter.below)
                meter.warning = meter.warning.map(remap)
                meter.reached = remap(meter.reached)
                meter.unlimited = remap(meter.unlimited)
                return .meter(meter)
            default:
                return expression
            }
        }
        var policy = SubscriptionPolicy(name: name, about: about, calendar: calendar, dayStart: dayStart, firstWeekday: firstWeekday, rollingLength: rollingLength,
                                        trial: trial, grace: grace, guestDefault: guestDefault, registeredDefault: registeredDefault, meters: meters,
                                        features: features, plans: plans, products: catalogue, creditPacks: packs ?? creditPacks, noPlanResponse: noPlanResponse,
                                        screens: screens.map { Screen(name: $0.name, value: remap($0.value)) })
        policy.otherProducts = otherProducts
        policy.monthsFromPurchase = monthsFromPurchase
        policy.source = source // still read from the same file (its digest names the rules a report ran)
        return policy
    }
}
