import QuotaApp
import SubscriptionModel
import SubscriptionTesting

/// The harness's simulated stores have `UserDefaults`' methods, so they are quota stores.
extension DeviceStore: QuotaStorage {}

extension QuotaEnvironment {
    /// The app's environment read from the harness's simulated device.
    static func simulated(_ device: SimulatedDevice) -> QuotaEnvironment {
        QuotaEnvironment(now: { device.now }, calendar: { device.calendar },
                         entitlements: { device.currentEntitlements.map(\.productID) },
                         defaults: device.defaults, keychain: device.keychain)
    }
}

extension DescribedQuotaManager {
    /// The described manager under the harness: its reset runs whenever the app becomes
    /// active (a launch, a return from the background, or a look).
    nonisolated static let harnessAdapter = AppAdapter { @MainActor device in DescribedQuotaManager(environment: .simulated(device)) }
        .use("view-card") { @MainActor quota, _ in quota.viewCard() == .granted ? .allowed : .blocked(.day, showing: .paywall) }
        .lifecycle { @MainActor quota, moment in
            if moment.isLaunch || moment == .foreground || moment == .look { quota.resetDailyCountIfNeeded() }
        }
        .screen("cards") { @MainActor quota in .text(quota.remainingCardsText) }
        .screen("plan") { @MainActor quota in .text(quota.planName) }
}

extension QuotaManager {
    /// The fixed manager under the harness: nothing to do when the app becomes active.
    nonisolated static let harnessAdapter = AppAdapter { @MainActor device in QuotaManager(environment: .simulated(device)) }
        .use("view-card") { @MainActor quota, _ in quota.viewCard() == .granted ? .allowed : .blocked(.day, showing: .paywall) }
        .screen("cards") { @MainActor quota in .text(quota.remainingCardsText) }
        .screen("plan") { @MainActor quota in .text(quota.planName) }
}
