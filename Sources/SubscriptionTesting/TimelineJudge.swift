import SimulatorCore
import SubscriptionModel

/// Judges one timeline: plays it through the team's app (`AppDriver`) and, when it has
/// looks, reinstalls or moments of the app's own life (relaunches, trips to the
/// background, timers), through a second app on a second device without them (G11's
/// shadow), then checks the recorded trace with `TimelineCheck` (every trace
/// invariant, and the shadow in lockstep) and says why the app could not be judged, if
/// it could not.
struct TimelineJudge<App> {
    let driver: AppDriver<App>
    let recordings = RecordingQueue()
    var check: TimelineCheck<AdapterImplementation>

    init(binding: AdapterBinding<App>) {
        driver = AppDriver(binding: binding)
        let recordings = self.recordings, policy = binding.policy
        check = TimelineCheck(policy: policy) { AdapterImplementation(policy: policy, recordings: recordings) }
    }

    /// Plays `events` through the app (and the shadow app) on devices starting in `zone`, and checks the trace.
    mutating func judge(zone: TimeZoneRules, events: [Event]) -> TimelineJudgeVerdict {
        let app = driver.record(zone: zone, events: events)
        // An app that threw or hung is not judged: its second device is not played (a hang
        // would take the whole time limit again).
        if let problem = app.problem { return TimelineJudgeVerdict(app: app, violation: nil, problem: problem) }
        var loaded = [app]
        let without = events.contains { $0.action.changesNothing } ? events.filter { !$0.action.changesNothing } : nil
        if let without { loaded.append(driver.record(zone: zone, events: without)) }
        recordings.load(loaded)
        let verdict = check.check(zone: zone, events: events)
        var judged = TimelineJudgeVerdict(app: app, violation: verdict.violation)
        if loaded.count == 2, let first = loaded[0].firstApp?.object, let second = loaded[1].firstApp?.object { judged.sharedApp = first === second }
        if let problem = loaded.lazy.compactMap(\.problem).first {
            judged.problem = problem
        } else if let disagreement = loaded.lazy.compactMap(\.clockDisagreement).first {
            judged.problem = "the harness cannot judge dates on this machine: \(disagreement); the app would see other dates than the rules are checked on"
        } else if let mismatch = check.implementation.mismatch ?? check.shadow.mismatch ?? (recordings.isEmpty ? nil : "a recording was not replayed") {
            judged.problem = "internal: the checked events are not the recorded ones (\(mismatch))"
        } else if let violation = verdict.violation, violation.invariant == .lookAndReinstallChangeNothing, !judged.sharedApp, let without {
            // Which side broke the rules: the first play passed every invariant up to
            // here, so check the second device's play alone, up to the same event.
            recordings.load([loaded[1]])
            if let alone = check.check(zone: zone, events: without).violation,
               let index = events.indices.lazy.filter({ !events[$0].action.changesNothing }).dropFirst(alone.eventIndex).first,
               index <= violation.eventIndex {
                judged.brokenWithout = Violation(invariant: alone.invariant, eventIndex: index, detail: alone.detail)
            }
        }
        return judged
    }
}
