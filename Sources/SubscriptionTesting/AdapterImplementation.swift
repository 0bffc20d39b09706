import SimulatorCore
import SubscriptionModel

/// A team's app, as recorded by `AppDriver`, replayed as a `SubscriptionImplementation` so the
/// simulator's checker, shadow and shrinker judge it like any other implementation.
///
/// The output of each event is built from what the app **reported**: the outcome
/// always, the reason and the paywall or alert when the app gave them, and the screens
/// it reads. Everything else of the output (the plan, the usage day, the counts, the
/// reset instant, the upgrade offer, any field the app left out, the screens it does not
/// read) is the reference engine's, stepped on the same events.
///
/// Why that is honest (`docs/testing-your-app.md`): the checker compares the fields in
/// the order plan, day, outcome, reason, response, reset instant, upgrade, counts,
/// screens, and stops at the first event that breaks anything. Until then the app's
/// reported outcomes equal the reference's, so the reference has lived the same user and
/// its fields are the ones the checker's own oracle expects: a filled field can never
/// break an invariant, and never hides a wrong reported one, because the first reported
/// field that differs is compared before any filled field that follows from it (a wrong
/// outcome is caught at the outcome, before the counts it would change).
struct AdapterImplementation: SubscriptionImplementation {
    /// Where the recordings come from.
    let recordings: RecordingQueue
    /// The recording of the current timeline.
    private var recording: AppRecording?
    /// The reference engine, on the same events.
    private var reference = ReferenceImplementation()
    /// Renders the screens the app does not show.
    private let renderer: SubscriptionMachine
    /// The screens after the last event: the app's where read, else the rendering.
    private var shown: [ScreenValue] = []
    /// The index of the next event.
    private var index = 0
    /// Set when the events handed in are not the recording's (a harness bug).
    private(set) var mismatch: String?

    /// An implementation replaying `recordings` under `policy`.
    init(policy: SubscriptionPolicy, recordings: RecordingQueue) {
        self.recordings = recordings
        self.renderer = SubscriptionMachine(policy: policy)
    }

    /// The app's own screens, read after every event (unread ones rendered).
    static var showsOwnScreens: Bool { true }

    /// Takes the next recording: a new user on a new device.
    mutating func start(policy: SubscriptionPolicy, zone: TimeZoneRules) {
        recording = recordings.next()
        mismatch = recording == nil ? "no recording for a timeline" : nil
        reference.start(policy: policy, zone: zone)
        shown = []
        index = 0
    }

    /// The screens after the event just handled.
    func screens(of output: Output, policy: SubscriptionPolicy) -> [ScreenValue] {
        shown
    }

    /// The app's report of the next event, the rest from the reference.
    mutating func handle(_ event: Event) -> Output {
        defer { index += 1 }
        let expected = reference.handle(event)
        guard let recording, index < recording.events.count, recording.events[index] == event else {
            if mismatch == nil { mismatch = "event \(index) is not the recording's" }
            return passThrough(expected)
        }
        // Past the event at which the app could not be played further (the harness
        // reports that instead of judging the rest).
        guard index < recording.reports.count else { return passThrough(expected) }
        let report = recording.reports[index]
        var output = expected
        switch report.result {
        case nil:
            break
        case .allowed?:
            output.outcome = .allowed
            output.reason = nil
            output.response = nil
            output.resetAt = nil
            output.upgrade = nil
        case .blocked(let reason, let showing)?:
            output.outcome = .blocked
            output.reason = reason ?? expected.reason
            output.response = showing ?? expected.response
        }
        let rendered = report.screens.contains(nil) ? renderer.screens(of: output) : []
        shown = report.screens.indices.map { report.screens[$0] ?? rendered[$0] }
        return output
    }

    private mutating func passThrough(_ output: Output) -> Output {
        shown = renderer.screens(of: output)
        return output
    }
}
