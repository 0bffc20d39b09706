#if SIMULATE_STAGE_SWITCHES
import Foundation
#endif

/// Stages of a simulation that a scratch build can skip, to weigh each stage in time:
/// `scripts/stage-times` builds `simulate` with `-DSIMULATE_STAGE_SWITCHES` and runs
/// `simulate bench` with `SIMULATE_SKIP` set to a comma-separated list of `checker`,
/// `screens`, `observer`, `digest`, `shadow` and `step`.
///
/// A normal build compiles none of it: every switch is the constant `false`, and the
/// checks that read one fold away (`FlagshipTimelineCheck`, in another module, keeps
/// constants of its own). With a stage skipped, a run's verdicts, coverage and digest
/// are not a real run's: the switches are for timing, never for results. A name the
/// list does not know is ignored.
package enum StageSwitches {
    #if SIMULATE_STAGE_SWITCHES
    private static let names = Set((ProcessInfo.processInfo.environment["SIMULATE_SKIP"] ?? "").split(separator: ",").map(String.init))
    /// The trace checker's step (the invariants).
    package static let skipsChecker = names.contains("checker")
    /// The policy checker's screens (G10).
    package static let skipsScreens = names.contains("screens")
    /// The observer: coverage and behaviour.
    package static let skipsObserver = names.contains("observer")
    /// The digest of the outputs.
    package static let skipsDigest = names.contains("digest")
    /// The shadow that never sees the events that change nothing.
    package static let skipsShadow = names.contains("shadow")
    /// The implementation's step (and with it everything after it).
    package static let skipsStep = names.contains("step")
    #else
    /// The trace checker's step (the invariants): never skipped in this build.
    @inlinable package static var skipsChecker: Bool { false }
    /// The policy checker's screens (G10): never skipped in this build.
    @inlinable package static var skipsScreens: Bool { false }
    /// The observer, coverage and behaviour: never skipped in this build.
    @inlinable package static var skipsObserver: Bool { false }
    /// The digest of the outputs: never skipped in this build.
    @inlinable package static var skipsDigest: Bool { false }
    /// The shadow: never skipped in this build.
    @inlinable package static var skipsShadow: Bool { false }
    /// The implementation's step: never skipped in this build.
    @inlinable package static var skipsStep: Bool { false }
    #endif

    /// Every switch but the screens', read once: what a check keeps, rather than read a
    /// switch at every event (in a build with the switches, each is a lazy global; across
    /// modules, even the constant `false` is a call).
    package struct Skipped: Sendable {
        package var checker, observer, digest, shadow, step: Bool
    }

    /// The switches as this process has them.
    package static var skipped: Skipped {
        Skipped(checker: skipsChecker, observer: skipsObserver, digest: skipsDigest, shadow: skipsShadow, step: skipsStep)
    }
}
