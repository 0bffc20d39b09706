import Foundation
import SubscriptionModel
import SubscriptionTesting

/// An app whose quota code is the reference engine, driven only by what it reads from
/// the simulated device (its clock, zone, entitlements and keychain), as an app would
/// be: what the harness says about it is what it says about a right app under any
/// policy.
final class EngineApp: @unchecked Sendable {
    let device: SimulatedDevice
    let policy: SubscriptionPolicy
    let machine: SubscriptionMachine
    private var lastOutput: Output?
    /// A planted mistake: the consumable transactions already credited are remembered in
    /// the app object, not the keychain, so a launch credits every one of them again.
    let transactionsInMemory: Bool
    private var handledInMemory: [UInt64: Bool] = [:]
    /// Another: a subscription StoreKit reports with an introductory offer is taken for
    /// none ("not paying yet"), so a user in a free week keeps the free plan.
    let offerAsNone: Bool
    /// Where the offer of each entitlements report is written, if anywhere.
    let offers: OfferLog?
    /// Another: under months that run from the purchase, a subscription is taken to begin
    /// when the app hears of it (a launch later, when it was bought in the background),
    /// not at its `purchaseDate`.
    let monthFromHearing: Bool

    init(device: SimulatedDevice, policy: SubscriptionPolicy, transactionsInMemory: Bool = false, offerAsNone: Bool = false, offers: OfferLog? = nil,
         monthFromHearing: Bool = false) {
        self.offers = offers
        self.monthFromHearing = monthFromHearing
        self.device = device
        self.policy = policy
        self.machine = SubscriptionMachine(policy: policy)
        self.transactionsInMemory = transactionsInMemory
        self.offerAsNone = offerAsNone
    }

    /// The engine's state lives in the keychain, so it survives a reinstall (G1).
    private var state: SubscriptionState {
        get { device.keychain.object(forKey: "engine") as? SubscriptionState ?? machine.initialState(zone: zone) }
        set { device.keychain.set(newValue, forKey: "engine") }
    }

    private var zone: TimeZoneRules { TimeZoneRules.named(device.timeZone.identifier)! }

    private func apply(_ action: Event.Action, at instant: Instant? = nil) -> Output {
        var state = self.state
        let output = machine.apply(Event(at: instant ?? device.currentInstant, action), to: &state)
        self.state = state
        lastOutput = output
        return output
    }

    func moment(_ moment: AppMoment) {
        switch moment {
        case .install: _ = apply(.install)
        case .reinstall: _ = apply(.reinstall)
        case .look: _ = apply(.look)
        case .relaunch: _ = apply(.relaunch)
        case .background: _ = apply(.background)
        case .foreground: _ = apply(.foreground)
        case .timer, .dayChanged: _ = apply(.timer)
        case .signIn: _ = apply(.signIn)
        case .timeZoneChanged: _ = apply(.setZone(zone))
        case .entitlementsChanged:
            offers?.add(device.currentEntitlements.first?.offerType)
            let reported = device.currentEntitlements.first { !offerAsNone || $0.offerType == nil }
            let entitlement = reported.map { reported in
                Entitlement(product: policy.productIndex(reported.productID)!,
                                  expires: reported.expirationDate.map(SimulatedDevice.instant),
                                  renews: reported.productType == .nonConsumable || reported.willAutoRenew)
            }
            // Months from the purchase: a subscription the app hears of late (a launch after
            // StoreKit reported it) began when StoreKit says it did, so the engine hears of it
            // at that instant; a look now brings the output the screens read to the present.
            if policy.monthsFromPurchase, !monthFromHearing, entitlement?.product != state.entitlement?.product,
               let began = reported?.purchaseDate.map(SimulatedDevice.instant), began < device.currentInstant {
                _ = apply(.setEntitlement(entitlement), at: began)
                _ = apply(.look)
            } else {
                _ = apply(.setEntitlement(entitlement))
            }
        case .consumablesChanged:
            // Each transaction credited once, and taken back once when revoked (kept
            // in the keychain with the engine's state).
            var handled = transactionsInMemory ? handledInMemory : device.keychain.object(forKey: "transactions") as? [UInt64: Bool] ?? [:]
            for transaction in device.consumableTransactions {
                guard let pack = policy.packIndex(transaction.productID) else { continue }
                if handled[transaction.id] == nil {
                    _ = apply(.purchase(pack: pack))
                    handled[transaction.id] = false
                }
                if transaction.revocationDate != nil, handled[transaction.id] == false {
                    _ = apply(.refund(pack: pack))
                    handled[transaction.id] = true
                }
            }
            if transactionsInMemory { handledInMemory = handled } else { device.keychain.set(handled, forKey: "transactions") }
        }
    }

    func use(_ use: FeatureUse) -> UseResult {
        let day = use.diaryDay.map { LocalDate(year: $0.year!, month: $0.month!, day: $0.day!) }
        let output = apply(.use(feature: policy.featureIndex(use.feature)!, day: day))
        return output.outcome == .allowed ? .allowed : .blocked(output.reason, showing: output.response)
    }

    func screen(_ index: Int) -> ScreenValue {
        machine.screens(of: lastOutput!)[index]
    }

    /// The adapter: every feature, every screen.
    static func adapter(_ policy: SubscriptionPolicy, transactionsInMemory: Bool = false, offerAsNone: Bool = false,
                        offers: OfferLog? = nil, monthFromHearing: Bool = false) -> AppAdapter<EngineApp> {
        var adapter = AppAdapter { device in
            EngineApp(device: device, policy: policy, transactionsInMemory: transactionsInMemory, offerAsNone: offerAsNone, offers: offers,
                      monthFromHearing: monthFromHearing)
        }
            .lifecycle { app, moment in app.moment(moment) }
        for feature in policy.features {
            adapter = adapter.use(feature.id) { app, use in app.use(use) }
        }
        for (index, screen) in policy.screens.enumerated() {
            adapter = adapter.screen(screen.name) { app in app.screen(index) }
        }
        return adapter.named(transactionsInMemory ? "EngineApp(transactionsInMemory)" : offerAsNone ? "EngineApp(offerAsNone)"
                             : monthFromHearing ? "EngineApp(monthFromHearing)" : "EngineApp")
    }
}

/// The offers an app read from StoreKit's entitlements reports, in order (nil: none).
final class OfferLog: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [DeviceEntitlement.OfferType?] = []

    func add(_ offer: DeviceEntitlement.OfferType?) { lock.withLock { seen.append(offer) } }
    var offers: [DeviceEntitlement.OfferType?] { lock.withLock { seen } }
}
