import Foundation
import Simulator
import SubscriptionModel
import TestSupport

/// The seed and sizes of the policy generator's property tests: fixed by default so
/// `swift test` is repeatable, changed through the environment to hunt further:
///
///     POLICY_SEED=42 POLICY_USERS=20000 POLICY_COVERAGE_USERS=20000 swift test -c release --filter PolicyGeneration
///
/// With the campaign-sized tests on (`SIMULATE_CAMPAIGN_TESTS=1`, as in `.ci/run`) the
/// validity and replay checks take about three times the users.
enum GenerationSettings {
    static let seed: UInt64 = ProcessInfo.processInfo.environment["POLICY_SEED"].flatMap(UInt64.init) ?? 20_261_122
    /// Users per shipped policy checked for validity (generation only, over up to
    /// `validityYears` years: the span matters less than the number of lives).
    static let users: Int = ProcessInfo.processInfo.environment["POLICY_USERS"].flatMap(Int.init) ?? (CampaignTests.enabled ? 1_500 : 500)
    static let validityYears: Int = ProcessInfo.processInfo.environment["POLICY_USERS"] == nil ? 1 : years
    /// Users per shipped policy replayed through the engine, and written and read back
    /// (the reader takes about 25 µs an event in a debug build).
    static let replayedUsers: Int = ProcessInfo.processInfo.environment["POLICY_USERS"].flatMap(Int.init).map { $0 / 4 } ?? (CampaignTests.enabled ? 100 : 40)
    static let roundTripUsers: Int = ProcessInfo.processInfo.environment["POLICY_USERS"].flatMap(Int.init).map { $0 / 4 } ?? 20
    /// Users per shipped policy whose coverage is counted against the floors (a debug
    /// build replays about 10^5 events a second; the figures' size in a release build).
    static let coverageUsers: Int = ProcessInfo.processInfo.environment["POLICY_COVERAGE_USERS"].flatMap(Int.init) ?? 150
    static let years = 3

    /// The shipped policies' names: the tests' arguments.
    static let names = SubscriptionPolicy.shippedNames
    /// The shipped policies and the built-in examples (`scan-credits`: credit packs; `photo-units`: uses costing several units; `night-owl`: a day starting at 04:00).
    static let builtInNames = SubscriptionPolicy.shippedNames + ExamplePolicies.names

    static func policy(_ name: String) -> SubscriptionPolicy { PolicyLoader.builtIn(name)! }

    static func generator(_ policy: SubscriptionPolicy, years: Int = years, swarm: Bool = true, personas: [Persona] = Persona.allCases) -> TimelineGenerator {
        TimelineGenerator(policy: policy, maxYears: years, personas: personas, swarm: swarm)
    }

    /// What a failing property prints: the policy, seed, user, and the command that writes the timeline.
    static func reproduce(_ policy: SubscriptionPolicy, user: Int, years: Int = years, swarm: Bool = true, personas: [Persona] = Persona.allCases) -> String {
        "policy \(policy.name), seed \(seed), user \(user) (years \(years), swarm \(swarm ? "on" : "off")); reproduce with: "
            + "swift run -c release simulate replay --policy \(policy.name) --seed \(seed) --user \(user) --years \(years)\(swarm ? "" : " --no-swarm")"
            + "\(CampaignOptions.personasFlag(personas)) --out user\(user).json"
    }
}
