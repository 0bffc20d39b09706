import Foundation
import Simulator
import SubscriptionModel

/// Plays users through a team's adapter, in order, on the calling thread (the harness's
/// own, never a cooperative or the main thread: the app's `async` code may need those),
/// until the first user whose trace breaks a policy invariant; then shrinks that user's
/// timeline with the same adapter and plays the shrunk timeline once more to show, event
/// by event, what the app reported and what the rules say.
///
/// Each user is checked as `simulate run --policy` checks the reference
/// (`PolicyTimelineCheck`): every trace invariant at every event, and G11 in lockstep
/// against a second app on a second device that never sees the looks and reinstalls.
struct HarnessRun<App> {
    /// The adapter, fitted to the policy.
    let binding: AdapterBinding<App>

    /// Users 0 to `settings.users - 1` of the policy's generator, stopping at the first failure.
    func hunt(_ settings: HarnessSettings) -> HarnessReport {
        let clock = ContinuousClock(), started = clock.now
        var report = HarnessReport(adapterName: binding.adapter.name, policyName: binding.policy.name, settings: settings,
                                   screensRead: binding.screensRead)
        play(settings, into: &report)
        report.seconds = Self.seconds(started.duration(to: clock.now))
        return report
    }

    private func play(_ settings: HarnessSettings, into report: inout HarnessReport) {
        let policy = binding.policy
        let generator = PolicyTimelineGenerator(policy: policy, maxYears: settings.years)
        let buffer = PolicyEventBuffer()
        var check = makeCheck()
        for user in 0..<settings.users {
            let drawn = generator.generate(seed: settings.seed, user: user, into: buffer)
            let verdict = check.check(zone: drawn.zone, events: buffer.events)
            report.users += 1
            report.events += buffer.events.count
            report.tally = tally(of: check)
            if let problem = problem(of: check) {
                report.problem = "user \(user) of seed \(settings.seed): " + problem
                return
            }
            guard let violation = verdict.violation else { continue }
            let timeline = PolicyTimeline(policy: policy, zone: drawn.zone, events: buffer.array)
            report.failure = failure(violation, on: timeline, user: user, persona: drawn.persona, settings: settings, tally: report.tally)
            return
        }
    }

    /// One given timeline (a pasted regression test), not shrunk.
    func check(_ timeline: PolicyTimeline) -> HarnessReport {
        let clock = ContinuousClock(), started = clock.now
        var check = makeCheck()
        let verdict = check.check(timeline)
        var report = HarnessReport(adapterName: binding.adapter.name, policyName: binding.policy.name, settings: nil,
                                   screensRead: binding.screensRead)
        report.users = 1
        report.events = timeline.events.count
        report.tally = tally(of: check)
        if let problem = problem(of: check) {
            report.problem = problem
        } else if let violation = verdict.violation {
            report.failure = HarnessFailure(adapterName: binding.adapter.name, policyName: binding.policy.name, invariant: violation.invariant,
                                            found: nil, violation: violation, timeline: timeline,
                                            trace: trace(of: timeline, violation: violation), observed: observedSummary(report.tally))
        }
        report.seconds = Self.seconds(started.duration(to: clock.now))
        return report
    }

    // MARK: Parts

    private func makeCheck() -> PolicyTimelineCheck<AdapterImplementation<App>> {
        let binding = self.binding
        return PolicyTimelineCheck(policy: binding.policy) { AdapterImplementation(binding) }
    }

    /// Why the last user could not be judged: the app threw or hung, or the system's tz
    /// data disagree with the harness's tables.
    private func problem(of check: PolicyTimelineCheck<AdapterImplementation<App>>) -> String? {
        if let problem = check.implementation.problem ?? check.shadow.problem { return problem }
        if let disagreement = check.implementation.device.clockDisagreement ?? check.shadow.device.clockDisagreement {
            return "the harness cannot judge dates on this machine: \(disagreement); the app would see other dates than the rules are checked on"
        }
        return nil
    }

    /// What the app under check reported (the shadow's reports are compared with it, not counted).
    private func tally(of check: PolicyTimelineCheck<AdapterImplementation<App>>) -> ObservationTally {
        check.implementation.tally
    }

    /// Shrinks the failing user's timeline (keeping the same invariant broken) and
    /// describes it.
    private func failure(_ violation: PolicyViolation, on timeline: PolicyTimeline, user: Int, persona: Persona,
                         settings: HarnessSettings, tally: ObservationTally) -> HarnessFailure {
        var shrinkCheck = makeCheck()
        var shrinker = Shrinker<PolicyTimeline, PolicyViolation>(invariant: violation.invariant) { candidate in
            let verdict = shrinkCheck.check(candidate)
            // A candidate on which the app threw or hung does not reproduce the finding.
            return problem(of: shrinkCheck) == nil ? verdict.violation : nil
        }
        let shrunk = shrinker.shrink(timeline)
        var final = makeCheck()
        let shrunkViolation = final.check(shrunk).violation ?? violation
        let found = HarnessFailure.Found(seed: settings.seed, user: user, users: settings.users, years: settings.years, persona: persona,
                                         originalEvents: timeline.events.count, originalViolation: violation, shrinkAttempts: shrinker.attempts)
        return HarnessFailure(adapterName: binding.adapter.name, policyName: binding.policy.name, invariant: violation.invariant,
                              found: found, violation: shrunkViolation, timeline: shrunk,
                              trace: trace(of: shrunk, violation: shrunkViolation), observed: observedSummary(tally))
    }

    /// The shrunk timeline played once more, recording what the app reported at each
    /// event beside what the reference engine gives, up to the violating event.
    private func trace(of timeline: PolicyTimeline, violation: PolicyViolation) -> [String] {
        var check = makeCheck()
        check.implementation.recording = []
        _ = check.check(timeline)
        let reports = check.implementation.recording ?? []
        var reference = PolicyReferenceImplementation()
        reference.start(policy: timeline.policy, zone: timeline.zone)
        let renderer = PolicyMachine(policy: timeline.policy)
        var zone = timeline.zone
        var lines: [String] = []
        for (index, event) in timeline.events.enumerated() where index <= violation.eventIndex {
            if case .setZone(let next) = event.action { zone = next }
            let rules = reference.handle(event)
            let screens = renderer.screens(of: rules)
            let report = index < reports.count ? reports[index] : nil
            var line = "#\(index) \(PolicyTimelineWriter.instant(event.at, in: zone)) \(HarnessText.event(event, policy: timeline.policy))"
            if let report {
                let app = HarnessText.reported(report, policy: timeline.policy)
                let expected = HarnessText.expected(rules, screens: screens, comparedWith: report, policy: timeline.policy)
                if !app.isEmpty || !expected.isEmpty { line += " | app: \(app.isEmpty ? "-" : app) | rules: \(expected.isEmpty ? "-" : expected)" }
            }
            if index == violation.eventIndex { line += "   <- \(violation.invariant.rawValue)" }
            lines.append(line)
        }
        return lines
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Which fields the app's reports covered, and which were not judged.
    private func observedSummary(_ tally: ObservationTally) -> String {
        HarnessText.observed(tally, screensRead: binding.screensRead, policy: binding.policy)
    }
}
