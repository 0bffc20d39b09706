import Dispatch
import Synchronization

/// The mutant campaign: every catalogued mutant hunted over the same users, in
/// parallel (one mutant per worker), and the kill matrix it yields.
package enum FlagshipKillMatrix {
    /// Hunts every mutant of the catalogue; rows in catalogue order.
    package static func run(options: CampaignOptions) -> [RunReport.MutantEntry] {
        hunt(options: options).rows
    }

    /// Hunts every mutant of the catalogue (over `options.shard`'s users when sharded):
    /// the rows in catalogue order, and what merging shards needs.
    package static func hunt(options: CampaignOptions) -> KillMatrixResult {
        let catalogue = FlagshipMutantCatalogue.all
        return KillMatrixResult(Workers.rows(count: catalogue.count, jobs: options.jobs) { index in
            let entry = catalogue[index]
            let result = entry.hunt(options)
            return (KillHunt.entry(name: entry.name, mistake: entry.mistake, constructor: entry.constructor, result: result), result.user, result.eventsPerUser)
        })
    }

    /// Where a report's counterexamples are and how to see a mutant's bug in one, in
    /// markdown (the HTML report shows its code spans as code).
    package static let counterexampleNote = "Each killed mutant's shrunk counterexample is `failures/mutant-NAME.json` in this report's folder. "
        + "To see the bug, replay it through the mutant and through the reference and compare the two: "
        + "`simulate replay FOLDER/failures/mutant-NAME.json --mutant NAME` against the same without `--mutant`."

    /// The matrix as `simulate mutants` prints it.
    package static func text(_ rows: [RunReport.MutantEntry]) -> String {
        var lines = ["  " + Figures.left("mutant", 38) + Figures.left("", 9) + Figures.left("caught by", 34) + Figures.right("events", 12) + Figures.right("seconds", 10) + Figures.right("shrunk to", 11)]
        for row in rows {
            lines.append("  " + Figures.left(row.name, 38) + Figures.left(row.killed ? "killed" : "SURVIVED", 9) + Figures.left(row.caughtBy ?? "", 34)
                + Figures.right(row.eventsUntilKill.map(Figures.grouped) ?? "", 12) + Figures.right(row.secondsUntilKill.map { Figures.fixed($0, 3) } ?? "", 10)
                + Figures.right(row.shrunkEvents.map { Figures.count($0, "event") } ?? "", 11))
        }
        for row in rows {
            guard let broken = row.counterexampleBreaks else { continue }
            lines.append("  (\(row.name): its shrunk counterexample breaks \(broken))")
        }
        let killed = rows.filter(\.killed).count
        lines.append("")
        lines.append("\(killed) of \(rows.count) mutants killed.")
        return lines.joined(separator: "\n")
    }
}
