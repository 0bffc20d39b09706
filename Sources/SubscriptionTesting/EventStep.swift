import SubscriptionModel

/// The calls one event makes into the team's code: the factory (at a launch), the hook,
/// the feature's closure, then every screen reader, in that order.
struct EventStep<App>: @unchecked Sendable {
    /// What the calls returned.
    struct Report {
        /// The use's result, for a use.
        var result: UseResult?
        /// Per screen, the value read, or nil where none is read.
        var screens: [PolicyScreenValue?]
    }

    /// A call that threw, named by which it was.
    struct CallFailure: Error, CustomStringConvertible {
        /// `make`, `lifecycle(MOMENT)`, `use(FEATURE)` or `screen(NAME)`.
        var call: String
        /// What it threw.
        var error: any Error
        /// Where and what.
        var description: String { "\(call) threw \(String(reflecting: error))" }
    }

    let binding: AdapterBinding<App>
    let app: AppBox<App>
    let device: SimulatedDevice
    var moment: AppMoment?
    var use: (feature: Int, use: FeatureUse)?

    init(binding: AdapterBinding<App>, app: AppBox<App>, device: SimulatedDevice) {
        self.binding = binding
        self.app = app
        self.device = device
    }

    /// Makes every call synchronously (every closure of the adapter is synchronous).
    func runSync() throws -> Report {
        if moment?.isLaunch == true {
            app.value = try named("make") { try binding.adapter.make.callSync(device) }
        }
        guard let current = app.value else { throw CallFailure(call: "the app", error: NotLaunched()) }
        if let moment, let hook = binding.adapter.hook {
            try named("lifecycle(\(moment.rawValue))") { try hook.callSync((current, moment)) }
        }
        var result: UseResult?
        if let use {
            result = try named("use(\(use.use.feature))") { try binding.uses[use.feature].callSync((current, use.use)) }
        }
        var screens: [PolicyScreenValue?] = []
        for (index, read) in binding.screens.enumerated() {
            screens.append(try read.map { read in try named("screen(\(binding.policy.screens[index].name))") { try read.callSync(current) } })
        }
        return Report(result: result, screens: screens)
    }

    /// Makes every call, awaiting the asynchronous ones.
    func run() async throws -> Report {
        if moment?.isLaunch == true {
            let made = try await namedAsync("make") { try await binding.adapter.make.call(device) }
            app.value = made
        }
        guard let current = app.value else { throw CallFailure(call: "the app", error: NotLaunched()) }
        if let moment, let hook = binding.adapter.hook {
            try await namedAsync("lifecycle(\(moment.rawValue))") { try await hook.call((current, moment)) }
        }
        var result: UseResult?
        if let use {
            result = try await namedAsync("use(\(use.use.feature))") { try await binding.uses[use.feature].call((current, use.use)) }
        }
        var screens: [PolicyScreenValue?] = []
        for (index, read) in binding.screens.enumerated() {
            if let read {
                screens.append(try await namedAsync("screen(\(binding.policy.screens[index].name))") { try await read.call(current) })
            } else {
                screens.append(nil)
            }
        }
        return Report(result: result, screens: screens)
    }

    private func named<T>(_ call: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw CallFailure(call: call, error: error) }
    }

    private func namedAsync<T>(_ call: String, _ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch { throw CallFailure(call: call, error: error) }
    }

    /// An event came before the app was ever launched (a timeline must start with `install`).
    struct NotLaunched: Error, CustomStringConvertible {
        var description: String { "no app: the timeline does not start with an install" }
    }
}
