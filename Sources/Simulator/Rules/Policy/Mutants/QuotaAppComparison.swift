import SubscriptionModel
import SimulatorCore

/// Replays a policy timeline through a `QuotaApp` and through `SubscriptionMachine` and
/// compares what a user observes after each event (`AppObservation`): how a mutant's
/// counterexample is shown to fail, and how the straightforward app is shown to agree.
package enum QuotaAppComparison {
    /// Where an app first differs from the reference engine.
    package struct Difference: Hashable, Sendable, CustomStringConvertible {
        /// The index of the first event whose observation differs.
        package var index: Int
        /// The reference engine's observation.
        package var expected: AppObservation
        /// The app's observation.
        package var actual: AppObservation

        /// Both observations, for a failure message.
        package var description: String {
            "event \(index): expected \(expected)\n         got      \(actual)"
        }
    }

    /// What the reference engine's user observes after each event.
    package static func reference(_ timeline: Timeline) -> [AppObservation] {
        let machine = SubscriptionMachine(policy: timeline.policy)
        return machine.replay(zone: timeline.zone, events: timeline.events).map { output in
            AppObservation(output: output, screens: machine.screens(of: output), policy: timeline.policy)
        }
    }

    /// The outputs and screens of `app` after each event of `timeline`, for a new user.
    package static func run<App: QuotaApp>(_ app: inout App, _ timeline: Timeline) -> [(output: Output, screens: [ScreenValue])] {
        app.start(policy: timeline.policy, zone: timeline.zone)
        return timeline.events.map { event in
            let output = app.handle(event)
            return (output, app.screens(of: output, policy: timeline.policy))
        }
    }

    /// Whose screens an observation shows.
    package enum Screens: Sendable {
        /// The app's own (`screens(of:policy:)`): what the app shows.
        case own
        /// The engine's, rendered from the app's output: what a checker sees that asks an
        /// implementation for its output only.
        case engine
    }

    /// What `app`'s user observes after each event of `timeline`, with `screens`' screens.
    package static func observations<App: QuotaApp>(_ app: inout App, _ timeline: Timeline, screens: Screens = .own) -> [AppObservation] {
        let machine = SubscriptionMachine(policy: timeline.policy)
        return run(&app, timeline).map { step in
            let shown = screens == .own ? step.screens : machine.screens(of: step.output)
            return AppObservation(output: step.output, screens: shown, policy: timeline.policy)
        }
    }

    /// The first event after which `app`'s user observes something other than the
    /// reference engine's (with `screens`' screens), or nil when they agree throughout.
    package static func firstDifference<App: QuotaApp>(_ app: inout App, _ timeline: Timeline, screens: Screens = .own) -> Difference? {
        let actual = observations(&app, timeline, screens: screens), expected = reference(timeline)
        guard let index = expected.indices.first(where: { expected[$0] != actual[$0] }) else { return nil }
        return Difference(index: index, expected: expected[index], actual: actual[index])
    }
}
