import SimulatorCore
/// A kill matrix as a run found it: the rows the report shows, and what a merge of
/// sharded kill matrices needs besides (which user killed each mutant, and how many
/// events each of the shard's users had), since a mutant's events-until-kill in the
/// whole run counts every earlier user's events, whichever shard drew them.
package struct KillMatrixResult: Sendable {
    /// One row per catalogued mutant, in catalogue order.
    package var rows: [RunReport.MutantEntry]
    /// The user whose timeline killed each killed mutant, by mutant name.
    package var killUsers: [String: Int]
    /// Events of each of the run's users in order, as far as the longest hunt went
    /// (kept only in a sharded run; `KillHunt.Result.eventsPerUser`).
    package var eventsPerUser: [Int]

    /// Collects the hunts' rows and facts, in catalogue order.
    init(_ hunts: [(row: RunReport.MutantEntry, user: Int?, eventsPerUser: [Int])]) {
        rows = hunts.map(\.row)
        killUsers = Dictionary(uniqueKeysWithValues: hunts.compactMap { hunt in hunt.user.map { (hunt.row.name, $0) } })
        eventsPerUser = hunts.map(\.eventsPerUser).max { $0.count < $1.count } ?? []
    }
}

extension RunReport {
    /// Adds a kill matrix to the report of its reference run: the rows, the verdict
    /// (every mutant killed, and the reference run passed) and, in a shard's report,
    /// the kill users and events per user a merge needs.
    package mutating func add(_ matrix: KillMatrixResult) {
        mutants = matrix.rows
        passed = matrix.rows.allSatisfy(\.killed) && passed
        if shard != nil {
            shard?.killUsers = matrix.killUsers
            shard?.eventsPerUser = matrix.eventsPerUser
        }
    }
}
