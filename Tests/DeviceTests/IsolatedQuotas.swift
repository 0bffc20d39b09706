import Foundation
import SubscriptionModel
import SubscriptionTesting

/// `CardQuota` behind the main actor, as a SwiftUI view model would hold it.
@MainActor
final class MainActorQuota {
    private let quota: CardQuota

    init(device: SimulatedDevice, mistake: CardQuota.Mistake? = nil) {
        quota = CardQuota(device: device, mistake: mistake)
    }

    func launch() { quota.launch() }
    func viewCard() -> UseResult { quota.viewCard() }
    var cardsLabel: String { quota.cardsLabel }
    var planLabel: String { quota.planLabel }

    /// Every closure isolated to the main actor.
    nonisolated static func adapter(_ mistake: CardQuota.Mistake? = nil) -> AppAdapter<MainActorQuota> {
        AppAdapter { @MainActor device in MainActorQuota(device: device, mistake: mistake) }
            .use("view-card") { @MainActor quota, _ in quota.viewCard() }
            .lifecycle { @MainActor quota, moment in if moment.isLaunch { quota.launch() } }
            .screen("cards") { @MainActor quota in .text(quota.cardsLabel) }
            .screen("plan") { @MainActor quota in .text(quota.planLabel) }
    }
}

/// `CardQuota` behind an actor of its own, with `async` methods, as a store shared by
/// several screens would be.
actor ActorQuota {
    private let quota: CardQuota

    init(device: SimulatedDevice, mistake: CardQuota.Mistake? = nil) {
        quota = CardQuota(device: device, mistake: mistake)
    }

    func launch() async { quota.launch() }
    func viewCard() async -> UseResult { quota.viewCard() }
    var cardsLabel: String { quota.cardsLabel }
    var planLabel: String { quota.planLabel }

    /// Every closure `async`, awaiting the actor.
    static func adapter(_ mistake: CardQuota.Mistake? = nil) -> AppAdapter<ActorQuota> {
        AppAdapter { device in ActorQuota(device: device, mistake: mistake) }
            .use("view-card") { quota, _ in await quota.viewCard() }
            .lifecycle { quota, moment in if moment.isLaunch { await quota.launch() } }
            .screen("cards") { quota in .text(await quota.cardsLabel) }
            .screen("plan") { quota in .text(await quota.planLabel) }
    }
}
