import SubscriptionModel

/// An adapter fitted to one policy: its feature closures by feature index and its screen
/// readers by screen index, checked once before any user is played.
struct AdapterBinding<App>: Sendable {
    /// The adapter.
    let adapter: AppAdapter<App>
    /// The rules.
    let policy: SubscriptionPolicy
    /// Per feature index, its closure.
    let uses: [AdapterCall<(App, FeatureUse), UseResult>]
    /// Per screen index, the app's reader, or nil where the app's screen is not read.
    let screens: [AdapterCall<App, ScreenValue>?]
    /// Where the calls must run.
    let isolation: AdapterIsolation

    /// Fits `adapter` to `policy`; throws when a feature of the policy has no closure, or
    /// the adapter names a feature or screen the policy does not have.
    init(_ adapter: AppAdapter<App>, policy: SubscriptionPolicy) throws(HarnessError) {
        let featureIDs = policy.features.map(\.id), screenNames = policy.screens.map(\.name)
        if let repeated = adapter.repeated.first {
            throw HarnessError("the adapter gives \(repeated) more than once: the harness would keep one and drop the other; keep the one your app means")
        }
        if let unknown = adapter.uses.keys.sorted().first(where: { !featureIDs.contains($0) }) {
            throw HarnessError("the adapter handles feature \"\(unknown)\", which \(policy.name) does not have (its features: \(featureIDs.joined(separator: ", ")))")
        }
        let missing = featureIDs.filter { adapter.uses[$0] == nil }
        if !missing.isEmpty {
            throw HarnessError("the adapter has no closure for \(policy.name)'s feature\(missing.count == 1 ? "" : "s") \(missing.map { "\"\($0)\"" }.joined(separator: ", ")): add .use(\"\(missing[0])\") { app, use in ... }")
        }
        if let unknown = adapter.screens.first(where: { !screenNames.contains($0.name) }) {
            throw HarnessError("the adapter reads screen \"\(unknown.name)\", which \(policy.name) does not have (its screens: \(screenNames.isEmpty ? "none" : screenNames.joined(separator: ", ")))")
        }
        self.adapter = adapter
        self.policy = policy
        self.uses = featureIDs.map { adapter.uses[$0]! }
        self.screens = screenNames.map { name in adapter.screens.first { $0.name == name }?.read }
        self.isolation = adapter.isolation
    }

    /// The names of the screens the adapter reads, in the policy's order.
    var screensRead: [String] {
        policy.screens.indices.filter { screens[$0] != nil }.map { policy.screens[$0].name }
    }

    /// The names of the screens the adapter does not read, in the policy's order.
    var screensNotRead: [String] {
        policy.screens.indices.filter { screens[$0] == nil }.map { policy.screens[$0].name }
    }
}
