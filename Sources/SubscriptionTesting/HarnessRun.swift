import Foundation
import SimulatorCore
import SubscriptionModel

/// Plays users through a team's adapter, in order, on the calling thread (the harness's
/// own, never a cooperative or the main thread: the app's `async` code may need those),
/// until the first user whose trace breaks a policy invariant; then shrinks that user's
/// timeline with the same adapter and shows, event by event, what the app reported and
/// what the rules say.
///
/// Each timeline is played through the app (`AppDriver`) and, when it has looks or
/// reinstalls, through a second app on a second device without them; then checked as
/// `simulate run --policy` checks the reference (`TimelineCheck`): every trace
/// invariant at every event, and G11 in lockstep against the second app.
struct HarnessRun<App> {
    /// The adapter, fitted to the policy.
    let binding: AdapterBinding<App>

    /// Users 0 to `settings.users - 1` of the policy's generator, stopping at the first failure.
    func hunt(_ settings: HarnessSettings) -> HarnessReport {
        let clock = ContinuousClock(), started = clock.now
        var report = HarnessReport(adapterName: binding.adapter.name, policyName: binding.policy.name, settings: settings,
                                   screensRead: binding.screensRead, screensNotRead: binding.screensNotRead)
        CrashNote.watching { play(settings, into: &report) }
        report.seconds = Self.seconds(started.duration(to: clock.now))
        return report
    }

    /// One given timeline (a pasted regression test), not shrunk.
    func check(_ timeline: Timeline) -> HarnessReport {
        let clock = ContinuousClock(), started = clock.now
        var report = HarnessReport(adapterName: binding.adapter.name, policyName: binding.policy.name, settings: nil,
                                   screensRead: binding.screensRead, screensNotRead: binding.screensNotRead)
        var judge = TimelineJudge(binding: binding)
        let judged = CrashNote.watching { CrashNote.playing(user: nil, seed: 0) { judge.judge(zone: timeline.zone, events: timeline.events) } }
        report.users = 1
        report.events = timeline.events.count
        report.tally = Self.tally(judged.app, upTo: judged.violation?.eventIndex)
        if let problem = judged.problem {
            report.problem = problem
        } else if let violation = judged.violation {
            report.failure = failure(violation, on: timeline, app: judged.app, found: nil, tally: report.tally)
            report.failure?.sharedApp = judged.sharedApp
            report.failure?.brokenWithout = judged.brokenWithout
        }
        report.seconds = Self.seconds(started.duration(to: clock.now))
        return report
    }

    // MARK: Parts

    /// Plays users on up to one thread per core (one for a main-actor app, whose calls
    /// all run on the main actor), handed out in order; every user below the first that
    /// fails is played, so the result does not depend on the number of threads.
    private func play(_ settings: HarnessSettings, into report: inout HarnessReport) {
        let binding = self.binding
        let generator = TimelineGenerator(policy: binding.policy, maxYears: settings.years, appLife: true)
        let jobs = binding.isolation == .mainActor ? 1 : max(1, min(CampaignOptions.coreCount, settings.users))
        let hunt = UserHunt(users: settings.users)
        HarnessThread.parallel(jobs) {
            CrashNote.withSlot { slot in
                let buffer = EventBuffer()
                var judge = TimelineJudge(binding: binding)
                while let user = hunt.nextUser() {
                    slot.playing(user: user, seed: settings.seed) // named on standard error if the app crashes
                    let drawn = generator.generate(seed: settings.seed, user: user, into: buffer)
                    let events = buffer.array
                    let judged = judge.judge(zone: drawn.zone, events: events)
                    let stops = judged.problem != nil || judged.violation != nil
                    hunt.record(user, UserHunt.Played(events: events.count, tally: Self.tally(judged.app, upTo: judged.violation?.eventIndex),
                                                      stop: stops ? UserHunt.Stop(judged: judged, zone: drawn.zone, persona: drawn.persona, events: events) : nil))
                }
            }
        }
        let played = hunt.playedUpToTheFirstStop
        for user in played.indices {
            report.users += 1
            report.events += played[user].events
            report.tally.add(played[user].tally)
        }
        guard let last = played.last, let stop = last.stop else { return }
        let user = played.count - 1
        if let problem = stop.judged.problem {
            report.problem = "user \(user) of seed \(settings.seed): " + problem
            report.problemUser = user
        } else if let violation = stop.judged.violation {
            let timeline = Timeline(policy: binding.policy, zone: stop.zone, events: stop.events)
            // (The shrink plays the user's timeline again.)
            report.failure = CrashNote.playing(user: user, seed: settings.seed) {
                failure(violation, on: timeline, firstPlay: stop.judged.app, user: user, persona: stop.persona, settings: settings, tally: report.tally)
            }
            report.failure?.sharedApp = stop.judged.sharedApp
            if report.failure?.playedAgain != nil { report.failure?.brokenWithout = stop.judged.brokenWithout }
        }
    }

    /// What the app reported in one recording, up to the event at `last` (the first
    /// violation, after which nothing is judged) or to its end.
    private static func tally(_ recording: AppRecording, upTo last: Int? = nil) -> ObservationTally {
        var tally = ObservationTally()
        for report in recording.reports.prefix(last.map { $0 + 1 } ?? recording.reports.count) {
            tally.events += 1
            for value in report.screens where value != nil { tally.screenReads += 1 }
            guard let result = report.result else { continue }
            tally.uses += 1
            if case .blocked(let reason, let showing) = result {
                tally.blocked += 1
                if reason != nil { tally.reasons += 1 }
                if showing != nil { tally.responses += 1 }
            }
        }
        return tally
    }

    /// Shrinks the failing user's timeline (keeping the same invariant broken) and
    /// describes it. `firstPlay` is the app's recording of the play that failed. When the
    /// shrunk timeline passes played once more (an app that answers differently from one
    /// play to the next), the failure shows the user's own timeline as that play failed,
    /// and says so.
    func failure(_ violation: Violation<Invariant>, on timeline: Timeline, firstPlay: AppRecording, user: Int, persona: Persona,
                 settings: HarnessSettings, tally: ObservationTally) -> HarnessFailure {
        var shrinkJudge = TimelineJudge(binding: binding)
        var shrinker = Shrinker<Timeline, Violation<Invariant>>(invariant: violation.invariant) { candidate in
            let judged = shrinkJudge.judge(zone: candidate.zone, events: candidate.events)
            // A candidate on which the app threw or hung does not reproduce the finding.
            return judged.problem == nil ? judged.violation : nil
        }
        let shrunk = shrinker.shrink(timeline)
        var finalJudge = TimelineJudge(binding: binding)
        let final = finalJudge.judge(zone: shrunk.zone, events: shrunk.events)
        let found = HarnessFailure.Found(seed: settings.seed, user: user, users: settings.users, years: settings.years, persona: persona,
                                         originalEvents: timeline.events.count, originalViolation: violation, shrinkAttempts: shrinker.attempts)
        if final.problem == nil, let shown = final.violation, shown.invariant == violation.invariant {
            var onShrunk = failure(shown, on: shrunk, app: final.app, found: found, tally: tally)
            onShrunk.brokenWithout = final.brokenWithout
            return onShrunk
        }
        var onWhole = failure(violation, on: timeline, app: firstPlay, found: found, tally: tally)
        let outcome: HarnessFailure.PlayedAgain.Outcome = if let problem = final.problem { .notJudged(problem) }
            else if let other = final.violation { .brokeAnother(other) } else { .passed }
        onWhole.playedAgain = HarnessFailure.PlayedAgain(shrunkEvents: shrunk.events == timeline.events && shrunk.zone == timeline.zone ? nil : shrunk.events.count, outcome: outcome)
        return onWhole
    }

    /// The failure `violation` of `timeline`, as the app's recording `app` shows it.
    private func failure(_ violation: Violation<Invariant>, on timeline: Timeline, app: AppRecording, found: HarnessFailure.Found?,
                         tally: ObservationTally) -> HarnessFailure {
        HarnessFailure(adapterName: binding.adapter.name, policyName: binding.policy.name, invariant: violation.invariant,
                       found: found, violation: violation, timeline: timeline,
                       trace: trace(of: timeline, app: app, violation: violation), observed: observedSummary(tally))
    }

    /// Each event up to the violating one: what the app reported beside what the
    /// reference engine gives for the same fields.
    private func trace(of timeline: Timeline, app: AppRecording, violation: Violation<Invariant>) -> [String] {
        var reference = ReferenceImplementation()
        reference.start(policy: timeline.policy, zone: timeline.zone)
        let renderer = SubscriptionMachine(policy: timeline.policy)
        var zone = timeline.zone
        var lines: [String] = []
        var told = app.told[...]
        for (index, event) in timeline.events.enumerated() where index <= violation.eventIndex {
            let before = told.prefix { $0.beforeReport == index }
            told = told.dropFirst(before.count)
            let between = HarnessText.told(before, in: zone)
            if case .setZone(let next) = event.action { zone = next }
            let rules = reference.handle(event)
            var line = "#\(index) \(TimelineWriter.instant(event.at, in: zone)) \(HarnessText.event(event, policy: timeline.policy))" + between
            if index < app.reports.count {
                let report = app.reports[index]
                let reported = HarnessText.reported(report, policy: timeline.policy)
                let expected = HarnessText.expected(rules, screens: renderer.screens(of: rules), comparedWith: report, policy: timeline.policy)
                if !reported.isEmpty || !expected.isEmpty {
                    line += " | app: \(reported.isEmpty ? "-" : reported) | rules: \(expected.isEmpty ? "-" : expected)"
                }
            }
            if index == violation.eventIndex { line += "   <- \(violation.invariant.rawValue)" }
            lines.append(line)
        }
        return lines
    }

    /// Which fields the app's reports covered, and which were not judged.
    private func observedSummary(_ tally: ObservationTally) -> String {
        HarnessText.observed(tally, screensRead: binding.screensRead, screensNotRead: binding.screensNotRead)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
