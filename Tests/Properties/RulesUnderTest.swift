import Simulator
import SubscriptionModel
import Synchronization
import Testing

/// A rule set as the properties written once see it: its generator, a campaign of its
/// reference, and how a failing property says to reproduce a user. A property is a
/// generic function over it, run for every case of `RuleSetCase`.
protocol RulesUnderTest: Sendable {
    /// The rules' generator.
    associatedtype Generator: UserGenerating where Generator.Rules: CampaignRules, Generator.Rules.Timeline: Equatable
    /// What a run finds.
    typealias Result = RunResult<Generator.Rules>
    /// The generator of the properties' users.
    var generator: Generator { get }
    /// A campaign of the reference over `options`.
    func reference(_ options: CampaignOptions) -> Result
    /// The summary `simulate run` prints for `result`.
    func summary(_ result: Result) -> String
    /// Each invariant a run of the reference checks (all but `matches-reference`): its
    /// name, how often `result` checked it and how many users broke it.
    func invariants(_ result: Result) -> [(name: String, checks: Int, violations: Int)]
    /// A run of the reference over the properties' users, made once and shared.
    var sharedRun: Result { get }
    /// The options of `sharedRun` (as many jobs as cores).
    var sharedOptions: CampaignOptions { get }
    /// The seed of the properties' users.
    var seed: UInt64 { get }
    /// The years the properties' users live.
    var years: Int { get }
    /// What a failing property prints for `user`: the seed and the command that writes
    /// the user's timeline.
    func reproduce(user: Int) -> String
}

/// The flagship's hand-specialised rules, with `PropertySettings`' seed and years.
struct FlagshipUnderTest: RulesUnderTest {
    var generator: FlagshipTimelineGenerator { FlagshipTimelineGenerator(maxYears: PropertySettings.years) }
    func reference(_ options: CampaignOptions) -> RunResult<FlagshipRules> {
        Campaign<FlagshipReferenceImplementation<ZoneTableDates>>(options: options).run()
    }
    func summary(_ result: RunResult<FlagshipRules>) -> String { FlagshipRunSummary.text(result) }
    func invariants(_ result: RunResult<FlagshipRules>) -> [(name: String, checks: Int, violations: Int)] {
        FlagshipInvariant.traceInvariants.map { ($0.rawValue, result.checks[$0], result.violations[$0]) }
    }
    var sharedRun: RunResult<FlagshipRules> { SharedCampaign.result }
    var sharedOptions: CampaignOptions { PropertySettings.options }
    var seed: UInt64 { PropertySettings.seed }
    var years: Int { PropertySettings.years }
    func reproduce(user: Int) -> String { PropertySettings.reproduce(user: user) }
}

/// A shipped policy on the general engine, with `GenerationSettings`' seed and years.
struct ShippedPolicyUnderTest: RulesUnderTest {
    let policy: SubscriptionPolicy
    var generator: TimelineGenerator { GenerationSettings.generator(policy) }
    func reference(_ options: CampaignOptions) -> RunResult<PolicyRules> {
        Campaign(options: options, policy: policy).run()
    }
    func summary(_ result: RunResult<PolicyRules>) -> String { RunSummary.text(result) }
    func invariants(_ result: RunResult<PolicyRules>) -> [(name: String, checks: Int, violations: Int)] {
        Invariant.allCases.filter { !$0.isCheckedInSomeRunsOnly || ($0 == .creditsKept && !policy.creditPacks.isEmpty) }.map { ($0.rawValue, result.checks[$0], result.violations[$0]) }
    }
    var sharedRun: RunResult<PolicyRules> { ShippedPolicyUnderTest.sharedRuns.withLock { runs in
        if let run = runs[policy.name] { return run }
        let run = reference(sharedOptions)
        runs[policy.name] = run
        return run
    } }
    var sharedOptions: CampaignOptions { CampaignOptions(seed: seed, users: 150, years: years) }
    /// The shared runs made so far, by policy.
    static let sharedRuns = Mutex<[String: RunResult<PolicyRules>]>([:])
    var seed: UInt64 { GenerationSettings.seed }
    var years: Int { GenerationSettings.years }
    func reproduce(user: Int) -> String { GenerationSettings.reproduce(policy, user: user) }
}

/// Every rule set a property written once runs for: the flagship's rules, each
/// shipped policy and the built-in example.
struct RuleSetCase: Sendable, CustomTestStringConvertible {
    /// The rules.
    let rules: any RulesUnderTest
    /// Its name in the test's arguments.
    let testDescription: String

    static let all: [RuleSetCase] = [RuleSetCase(rules: FlagshipUnderTest(), testDescription: "flagship")]
        + GenerationSettings.builtInNames.map { RuleSetCase(rules: ShippedPolicyUnderTest(policy: GenerationSettings.policy($0)), testDescription: $0) }
}
