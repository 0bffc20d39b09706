/// The outcome of a run, before shrinking.
public struct FlagshipCampaignResult: Sendable {
    /// What was simulated.
    public var options: CampaignOptions
    /// Everything counted.
    public var tally: CampaignTally
    /// Wall-clock time of the simulation (the one figure that varies between identical runs).
    public var runSeconds: Double

    /// Simulated user-years.
    package var userYears: Double { Self.userYears(milliseconds: tally.simulatedMilliseconds) }
    /// Simulated user-years of `milliseconds` of simulated time (Julian years).
    package static func userYears(milliseconds: Int64) -> Double { Double(milliseconds) / (365.25 * 86_400_000) }

    /// The edge categories below their floor.
    package var unexercised: [EdgeCategory] { tally.coverage.unexercised(users: tally.users, years: options.years) }

    /// The calendar edges of the analyses' day window below their floor.
    package var unexercisedCalendarEdges: [CalendarEdge] { tally.coverage.unexercisedCalendarEdges(users: tally.users, years: options.years) }

    /// Whether the run passed: no invariant broke and every edge category and calendar edge reached its floor.
    public var passed: Bool { brokenInvariants.isEmpty && unexercised.isEmpty && unexercisedCalendarEdges.isEmpty }

    /// The invariants this run checked: the trace invariants, and `matches-reference`
    /// when an implementation other than the model was compared with it.
    package var reportedInvariants: [FlagshipInvariant] {
        FlagshipInvariant.allCases.filter { $0 != .matchesReference || tally.checks[$0] > 0 }
    }

    /// The invariants that broke, in declaration order.
    public var brokenInvariants: [FlagshipInvariant] {
        FlagshipInvariant.allCases.filter { tally.violations[$0] > 0 }
    }
}
