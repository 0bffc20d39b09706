import SubscriptionModel
import SimulatorCore

/// What the rules did across a run: outcomes, labels and plans by persona, outcomes
/// by plan, and when attempts fell in local time. The behaviour baseline compares
/// these, so a rule change shows up as moved counts.
package struct BehaviourCounts: Hashable, Sendable {
    /// The home labels, plus anything else an implementation showed.
    package enum LabelKind: String, CaseIterable, Sendable {
        /// `Below limit`.
        case belowLimit = "Below limit"
        /// `Limit reached`.
        case limitReached = "Limit reached"
        /// `No limit`.
        case noLimit = "No limit"
        /// Any other text.
        case other
    }

    /// Outcomes per persona: `[persona][outcome]`.
    package var outcomes = [[Int]](repeating: [Int](repeating: 0, count: FlagshipOutput.Outcome.allCases.count), count: Persona.allCases.count)
    /// Labels shown after events, per persona: `[persona][label]`.
    package var labels = [[Int]](repeating: [Int](repeating: 0, count: LabelKind.allCases.count), count: Persona.allCases.count)
    /// Plans in force after events, per persona: `[persona][plan]`.
    package var plans = [[Int]](repeating: [Int](repeating: 0, count: FlagshipPlan.allCases.count), count: Persona.allCases.count)
    /// Attempt outcomes per plan: `[plan][outcome]`.
    package var outcomesByPlan = [[Int]](repeating: [Int](repeating: 0, count: FlagshipOutput.Outcome.allCases.count), count: FlagshipPlan.allCases.count)
    /// Attempts by local minute from 23:00 to 00:59 (120 minutes, 23:00 first).
    package var attemptsAroundMidnight = [Int](repeating: 0, count: 120)
    /// Attempts by local hour of day.
    package var attemptsByHour = [Int](repeating: 0, count: 24)

    /// All zero.
    package init() {}

    /// Adds another run's or worker's counts.
    package mutating func add(_ other: BehaviourCounts) {
        func sum(_ a: inout [[Int]], _ b: [[Int]]) {
            for i in a.indices { for j in a[i].indices { a[i][j] += b[i][j] } }
        }
        sum(&outcomes, other.outcomes)
        sum(&labels, other.labels)
        sum(&plans, other.plans)
        sum(&outcomesByPlan, other.outcomesByPlan)
        for i in attemptsAroundMidnight.indices { attemptsAroundMidnight[i] += other.attemptsAroundMidnight[i] }
        for i in attemptsByHour.indices { attemptsByHour[i] += other.attemptsByHour[i] }
    }
}

extension FlagshipPlan {
    /// The plan's position in `allCases`.
    var position: Int {
        switch self {
        case .trial: 0
        case .premium: 1
        case .unlimited: 2
        case .none: 3
        }
    }
}

extension Optional where Wrapped == FlagshipOutput.Outcome {
    /// 0 for no outcome (an event that is not a capture), else the outcome's position + 1.
    var slot: Int { map { $0.position &+ 1 } ?? 0 }

    /// How many slots there are: the outcomes and none. A literal, so hot paths read a
    /// constant (`allCases` builds an array); `FlagshipRunObserver`'s initializer checks it
    /// against the enum.
    static var slots: Int { 4 }
}

extension FlagshipOutput.Outcome {
    /// The outcome's position in `allCases`.
    var position: Int {
        switch self {
        case .captured: 0
        case .planSheet: 1
        case .limitAlert: 2
        }
    }
}
