import Dispatch
import Synchronization
import SimulatorCore

/// The mutant campaign: every catalogued mutant hunted over the same users, in
/// parallel (one mutant per worker), and the kill matrix it yields.
package enum FlagshipKillMatrix {
    /// Hunts every mutant of the catalogue; rows in catalogue order.
    package static func run(options: CampaignOptions) -> [RunReport.MutantEntry] {
        hunt(options: options).rows
    }

    /// Hunts every mutant of the catalogue (over `options.shard`'s users when sharded):
    /// the rows in catalogue order, and what merging shards needs. `progress` is given
    /// the mutants hunted so far, once a second while they are hunted.
    package static func hunt(options: CampaignOptions, progress: (@Sendable (Int) -> Void)? = nil) -> KillMatrixResult {
        let catalogue = FlagshipMutantCatalogue.all
        return KillMatrixResult(Workers.rows(count: catalogue.count, jobs: options.jobs, progress: progress) { index in
            let entry = catalogue[index]
            let result = entry.hunt(options)
            return (KillHunt.entry(name: entry.name, mistake: entry.mistake, constructor: entry.constructor, result: result), result.user, result.eventsPerUser)
        })
    }
}
