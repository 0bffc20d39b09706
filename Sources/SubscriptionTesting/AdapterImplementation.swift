import Foundation
import Simulator
import SubscriptionModel

/// A team's code behind an `AppAdapter` as a `PolicyImplementation`, so the simulator's
/// checker, shadow and shrinker judge it like any other implementation.
///
/// At each event it moves the simulated device (clock, zone, reinstall, entitlements),
/// calls the team's code (the factory at a launch, the hook, the feature's closure, the
/// screen readers) and builds the output from what the code **reported**: the outcome
/// always, the reason and the paywall or alert when the code gave them, and the screens
/// it reads. Everything else of the output (the plan, the usage day, the counts, the
/// reset instant, the upgrade offer, and any field the code left out) is the reference
/// engine's, stepped beside the app on the same events.
///
/// Why that is honest (`docs/testing-your-app.md`): the checker compares the fields in
/// the order plan, day, outcome, reason, response, reset instant, upgrade, counts,
/// screens, and stops at the first event that breaks anything. Until then the app's
/// reported outcomes equal the reference's, so the reference has lived the same user
/// and its fields are the ones the checker's own oracle expects: a filled field can
/// never break an invariant, and can never hide a wrong reported one, because the first
/// reported field that differs is compared before any filled field that depends on it
/// (a wrong outcome is caught at the outcome, before the counts that follow from it).
struct AdapterImplementation<App>: PolicyImplementation {
    /// The adapter, fitted to the policy.
    let binding: AdapterBinding<App>
    /// The device of the current user.
    private(set) var device: SimulatedDevice
    /// The app object of the current launch.
    private var app = AppBox<App>()
    /// The reference engine, beside the app on the same events.
    private var reference = PolicyReferenceImplementation()
    /// Renders the screens the app is not asked for.
    private let renderer: PolicyMachine
    /// The screens after the last event: the app's where read, else the rendering.
    private var shown: [PolicyScreenValue] = []
    /// The index of the next event of the current user.
    private var eventIndex = 0
    /// Why the app could not be played further (a closure threw or hung); once set, the
    /// rest of the timeline is the reference's and the harness reports this instead.
    private(set) var problem: String?
    /// What the code reported, summed over every user played.
    private(set) var tally = ObservationTally()
    /// When not nil, each event's report is appended (the failure message's trace).
    var recording: [AppReport]?

    /// An implementation of `binding`'s adapter.
    init(_ binding: AdapterBinding<App>) {
        self.binding = binding
        self.renderer = PolicyMachine(policy: binding.policy)
        self.device = SimulatedDevice(at: Instant(millisecondsSince1970: 0), zone: .utc)
    }

    /// The app's own screens, read after every event (unread ones rendered).
    static var showsOwnScreens: Bool { true }

    /// A new user on a new device in `zone`: nothing of the last user survives.
    mutating func start(policy: SubscriptionPolicy, zone: TimeZoneRules) {
        precondition(policy == binding.policy, "an adapter fitted to \(binding.policy.name) started under \(policy.name)")
        device = SimulatedDevice(at: Instant(millisecondsSince1970: 0), zone: zone)
        app = AppBox()
        reference.start(policy: policy, zone: zone)
        shown = []
        eventIndex = 0
        problem = nil
        if recording != nil { recording = [] }
    }

    /// The screens after the event just handled.
    func screens(of output: PolicyOutput, policy: SubscriptionPolicy) -> [PolicyScreenValue] {
        shown
    }

    /// Plays one event through the device and the app.
    mutating func handle(_ event: PolicyEvent) -> PolicyOutput {
        defer { eventIndex += 1 }
        device.set(instant: event.at)
        let expected = reference.handle(event)
        var step = EventStep(binding: binding, app: app, device: device)
        switch event.action {
        case .install:
            step.moment = .install
        case .reinstall:
            device.reinstall()
            step.moment = .reinstall
        case .look:
            step.moment = .look
        case .setZone(let zone):
            device.setZone(zone)
            step.moment = .timeZoneChanged
        case .signIn:
            step.moment = .signIn
        case .setEntitlement(let entitlement):
            device.setEntitlements(entitlement.map { [DeviceEntitlement($0, policy: binding.policy)] } ?? [])
            step.moment = .entitlementsChanged
        case .use(let feature, let day):
            step.use = (feature, FeatureUse(feature: binding.policy.features[feature].id,
                                            diaryDay: day.map { DateComponents(year: $0.components.year, month: $0.components.month, day: $0.components.day) }))
        }
        guard problem == nil else { return passThrough(expected) }

        let result: Result<EventStep<App>.Report, any Error>?
        if binding.isSync {
            result = Result { try step.runSync() }
        } else {
            let step = step
            result = AsyncBridge.wait { try await step.run() }
        }
        let report: EventStep<App>.Report
        switch result {
        case nil:
            problem = "\(binding.adapter.name) did not return within \(Int(AsyncBridge.timeoutSeconds)) s at event \(eventIndex) (\(event.action.name) at \(event.at))"
            return passThrough(expected)
        case .failure(let error)?:
            problem = "\(binding.adapter.name) threw at event \(eventIndex) (\(event.action.name) at \(event.at)): \(error)"
            return passThrough(expected)
        case .success(let value)?:
            report = value
        }

        var output = expected
        tally.events += 1
        if let used = report.result {
            tally.uses += 1
            switch used {
            case .allowed:
                output.outcome = .allowed
                output.reason = nil
                output.response = nil
                output.resetAt = nil
                output.upgrade = nil
            case .blocked(let reason, let showing):
                tally.blocked += 1
                if reason != nil { tally.reasons += 1 }
                if showing != nil { tally.responses += 1 }
                output.outcome = .blocked
                output.reason = reason ?? expected.reason
                output.response = showing ?? expected.response
            }
        }
        var screens: [PolicyScreenValue] = []
        let rendered = report.screens.contains(nil) ? renderer.screens(of: output) : []
        for index in report.screens.indices {
            if let value = report.screens[index] {
                tally.screenReads += 1
                screens.append(value)
            } else {
                screens.append(rendered[index])
            }
        }
        shown = screens
        recording?.append(AppReport(result: report.result, screens: report.screens))
        return output
    }

    /// The reference's output and screens, once the app can no longer be played.
    private mutating func passThrough(_ output: PolicyOutput) -> PolicyOutput {
        shown = renderer.screens(of: output)
        recording?.append(AppReport(result: nil, screens: shown.map { _ in nil }))
        return output
    }
}
