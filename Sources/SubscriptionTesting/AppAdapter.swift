import SubscriptionModel

/// A team's own quota code, described in a few lines so the harness can play simulated
/// users through it: how to make the app object on a device, a closure per feature use
/// that performs it and says what happened, a hook for the app's moments (launch,
/// reinstall, sign-in, a look, a zone change, new entitlements), and how to read the
/// texts of the policy's screens.
///
/// ```swift
/// let adapter = AppAdapter { device in QuotaManager(device: device) }
///     .use("view-card") { quota, _ in quota.viewCard() ? .allowed : .blocked(.day, showing: .paywall) }
///     .lifecycle { quota, moment in if moment.isLaunch { quota.resetDailyCountIfNeeded() } }
///     .screen("cards") { quota in .text(quota.cardsLabel) }
/// ```
///
/// Every closure may be synchronous or `async`, and isolated to an actor
/// (`{ @MainActor quota, _ in ... }`); the harness awaits each before the next event.
/// Features and screens are named by their ids in the policy; `SubscriptionHarness`
/// refuses an adapter that lacks a feature of the policy, names a feature or screen it
/// does not have, or gives a feature, a screen or the lifecycle hook twice.
/// What the adapter does not report is not judged (`docs/testing-your-app.md`).
public struct AppAdapter<App>: Sendable {
    /// Makes the app object on a device: at the first install, and again at each
    /// reinstall and relaunch (a new process: nothing the old object held in memory
    /// survives).
    let make: AdapterCall<SimulatedDevice, App>
    /// Per feature id, the closure that performs a use.
    private(set) var uses: [String: AdapterCall<(App, FeatureUse), UseResult>] = [:]
    /// The hook for the app's moments, if any.
    private(set) var hook: AdapterCall<(App, AppMoment), Void>?
    /// The screens read, in the order they were added.
    private(set) var screens: [(name: String, read: AdapterCall<App, ScreenValue>)] = []
    /// How failure messages name the code under test.
    public var name: String
    /// The calls given more than once (`.screen("plan")`), in order: the harness refuses
    /// the adapter rather than keep one of them silently.
    private(set) var repeated: [String] = []

    /// An adapter whose app object `make` builds on the simulated device.
    public init(name: String? = nil, _ make: @escaping @Sendable (SimulatedDevice) throws -> App) {
        self.make = .sync(make)
        self.name = name ?? "\(App.self)"
    }

    /// An adapter whose app object is built asynchronously or on an actor
    /// (`{ @MainActor device in QuotaModel(device: device) }`).
    public init(name: String? = nil, _ make: @escaping @Sendable (SimulatedDevice) async throws -> App) {
        self.make = .async(make)
        self.name = name ?? "\(App.self)"
    }

    /// An adapter whose app object is built on the main actor
    /// (`{ @MainActor device in QuotaModel(device: device) }`).
    public init(name: String? = nil, _ make: @escaping @MainActor @Sendable (SimulatedDevice) throws -> App) where App: Sendable {
        self.make = .mainActor(make)
        self.name = name ?? "\(App.self)"
    }

    /// Performs a use of `feature` and says what happened: allowed, or blocked and why.
    public func use(_ feature: String, _ perform: @escaping @Sendable (App, FeatureUse) throws -> UseResult) -> Self {
        adding(use: feature, .sync { try perform($0.0, $0.1) })
    }

    /// The same, for an `async` or actor-isolated closure.
    public func use(_ feature: String, _ perform: @escaping @Sendable (App, FeatureUse) async throws -> UseResult) -> Self {
        adding(use: feature, .async { try await perform($0.0, $0.1) })
    }

    /// The same, for a closure isolated to the main actor.
    public func use(_ feature: String, _ perform: @escaping @MainActor @Sendable (App, FeatureUse) throws -> UseResult) -> Self where App: Sendable {
        adding(use: feature, .mainActor { try perform($0.0, $0.1) })
    }

    /// Tells the app about a moment of its life (`AppMoment`): a launch (install,
    /// reinstall, relaunch), a look, a sign-in, a zone change, new entitlements, a trip
    /// to the background and back, a timer.
    public func lifecycle(_ hook: @escaping @Sendable (App, AppMoment) throws -> Void) -> Self {
        adding(hook: .sync { try hook($0.0, $0.1) })
    }

    /// The same, for an `async` or actor-isolated hook.
    public func lifecycle(_ hook: @escaping @Sendable (App, AppMoment) async throws -> Void) -> Self {
        adding(hook: .async { try await hook($0.0, $0.1) })
    }

    /// The same, for a hook isolated to the main actor.
    public func lifecycle(_ hook: @escaping @MainActor @Sendable (App, AppMoment) throws -> Void) -> Self where App: Sendable {
        adding(hook: .mainActor { try hook($0.0, $0.1) })
    }

    /// Reads the value the app shows for the policy's screen `name` (`.text("3 cards
    /// remaining today")`), after every event.
    public func screen(_ name: String, _ read: @escaping @Sendable (App) throws -> ScreenValue) -> Self {
        adding(screen: name, .sync(read))
    }

    /// The same, for an `async` or actor-isolated reader.
    public func screen(_ name: String, _ read: @escaping @Sendable (App) async throws -> ScreenValue) -> Self {
        adding(screen: name, .async(read))
    }

    /// The same, for a reader isolated to the main actor.
    public func screen(_ name: String, _ read: @escaping @MainActor @Sendable (App) throws -> ScreenValue) -> Self where App: Sendable {
        adding(screen: name, .mainActor(read))
    }

    private func adding(use feature: String, _ call: AdapterCall<(App, FeatureUse), UseResult>) -> Self {
        var copy = self
        if copy.uses.updateValue(call, forKey: feature) != nil { copy.repeated.append(".use(\"\(feature)\")") }
        return copy
    }

    private func adding(hook call: AdapterCall<(App, AppMoment), Void>) -> Self {
        var copy = self
        if copy.hook != nil { copy.repeated.append(".lifecycle") }
        copy.hook = call
        return copy
    }

    private func adding(screen name: String, _ call: AdapterCall<App, ScreenValue>) -> Self {
        var copy = self
        if copy.screens.contains(where: { $0.name == name }) { copy.repeated.append(".screen(\"\(name)\")") }
        copy.screens.append((name, call))
        return copy
    }

    /// Names the code under test in failure messages.
    public func named(_ name: String) -> Self {
        var copy = self
        copy.name = name
        return copy
    }

    /// The strictest isolation any of the closures needs.
    var isolation: AdapterIsolation {
        ([make.isolation, hook?.isolation ?? .none] + uses.values.map(\.isolation) + screens.map(\.read.isolation)).max()!
    }
}
