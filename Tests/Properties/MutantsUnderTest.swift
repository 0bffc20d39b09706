import Foundation
@testable import Simulator
@testable import SimulatorCore
import SubscriptionModel
import Testing

/// A catalogued mutant as the property written once sees it, whatever its rule set:
/// how to hunt it, check it on one timeline, and what its kill matrix row says.
protocol MutantUnderTest: Sendable, CustomTestStringConvertible {
    /// The rules it breaks.
    associatedtype Rules: RuleSet where Rules.Timeline: ShrinkableTimeline
    /// Its name, with its policy's for a policy mutant.
    var testDescription: String { get }
    /// A hunt over `options`' users.
    func hunt(_ options: CampaignOptions) -> KillHunt<Rules>.Result
    /// The first violation it shows on `timeline`, compared with the reference.
    func check(_ timeline: Rules.Timeline) -> Violation<Rules.Invariant>?
    /// Whether the reference passes `timeline`.
    func referencePasses(_ timeline: Rules.Timeline) -> Bool
    /// The smallest timeline that shows its bug through `invariant`, in events.
    func smallestCounterexample(through invariant: Rules.Invariant) -> Int
    /// Its kill matrix row for `result`, with the regression test to paste.
    func row(_ result: KillHunt<Rules>.Result) -> RunReport.MutantEntry
    /// A timeline embedded in a regression test, read back.
    func read(_ embedded: String) throws -> Rules.Timeline
    /// `timeline` as its file's text.
    func text(_ timeline: Rules.Timeline) -> String
    /// The Swift expression that constructs it, as its regression test writes it.
    var constructor: String { get }
    /// The command that hunts it again over `options`' users.
    func reproduce(_ options: CampaignOptions) -> String
}

/// A mutant of the flagship's catalogue.
struct FlagshipMutantUnderTest: MutantUnderTest {
    typealias Rules = FlagshipRules
    let entry: FlagshipMutantCatalogue.Entry
    var testDescription: String { entry.name }
    var constructor: String { entry.constructor }
    func hunt(_ options: CampaignOptions) -> KillHunt<FlagshipRules>.Result { entry.hunt(options) }
    func check(_ timeline: FlagshipTimeline) -> Violation<FlagshipInvariant>? { entry.check(timeline) }
    func referencePasses(_ timeline: FlagshipTimeline) -> Bool {
        var reference = FlagshipTimelineCheck { FlagshipReferenceImplementation() }
        return reference.check(zone: timeline.zone, events: timeline.events).violation == nil
    }
    func smallestCounterexample(through invariant: FlagshipInvariant) -> Int { entry.smallestCounterexampleThrough(invariant) }
    func row(_ result: KillHunt<FlagshipRules>.Result) -> RunReport.MutantEntry {
        KillHunt.entry(name: entry.name, mistake: entry.mistake, constructor: entry.constructor, result: result)
    }
    func read(_ embedded: String) throws -> FlagshipTimeline { try FlagshipTimelineReader().read(data: Data(embedded.utf8)) }
    func text(_ timeline: FlagshipTimeline) -> String { FlagshipTimelineWriter().text(timeline) }
    func reproduce(_ options: CampaignOptions) -> String {
        "swift run -c release simulate mutants --seed \(options.seed) --users \(options.users)"
    }

    /// Every mutant of the flagship's catalogue.
    static let all: [FlagshipMutantUnderTest] = FlagshipMutantCatalogue.all.map(FlagshipMutantUnderTest.init)
}

/// A mutant of a policy's catalogue.
struct ShippedPolicyMutantUnderTest: MutantUnderTest {
    typealias Rules = PolicyRules
    let entry: MutantCatalogue.Entry
    var testDescription: String { "\(entry.policy)/\(entry.name)" }
    var constructor: String { entry.constructor }
    var policy: SubscriptionPolicy { PolicyLoader.builtIn(entry.policy)! }
    func hunt(_ options: CampaignOptions) -> KillHunt<PolicyRules>.Result {
        entry.visit(KillMatrix.Hunt(options: options, policy: policy, swarm: true))
    }
    func check(_ timeline: Timeline) -> Violation<Invariant>? { entry.visit(Recheck(timeline: timeline)) }
    func referencePasses(_ timeline: Timeline) -> Bool {
        var reference = TimelineCheck(policy: timeline.policy) { ReferenceImplementation() }
        return reference.check(timeline).violation == nil
    }
    /// A policy mutant's hunt keeps any violation, so its bound is the smallest through any.
    func smallestCounterexample(through invariant: Invariant) -> Int { entry.smallestCounterexample }
    func row(_ result: KillHunt<PolicyRules>.Result) -> RunReport.MutantEntry {
        KillMatrix.row(for: entry, result: result, policyName: entry.policy)
    }
    func read(_ embedded: String) throws -> Timeline { try TimelineReader().read(data: Data(embedded.utf8)) }
    func text(_ timeline: Timeline) -> String { TimelineWriter().text(timeline, about: nil) }
    func reproduce(_ options: CampaignOptions) -> String {
        "swift run -c release simulate mutants --policy \(entry.policy) --seed \(options.seed) --users \(options.users)"
    }

    /// Every mutant of every policy's catalogue (meal-capture's on the generic engine
    /// included, which the command line does not hunt: `--policy meal-capture` is the
    /// v1 path and its own mutants).
    static let all: [ShippedPolicyMutantUnderTest] = MutantCatalogue.all.map(ShippedPolicyMutantUnderTest.init)

    /// The first violation of mutant type `M` on a timeline, compared with the reference.
    struct Recheck: MutantVisitor {
        let timeline: Timeline
        func visit<M: Mutant>(_ type: M.Type) -> Violation<Invariant>? {
            var check = TimelineCheck(policy: timeline.policy, comparingWithReference: true) { M() }
            return check.check(timeline).violation
        }
    }
}
