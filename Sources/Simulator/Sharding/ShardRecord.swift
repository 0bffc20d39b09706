import SimulatorCore
/// What a shard's `report.json` records besides the report of its share (`shard`):
/// which shard it is, the whole run's command, and the exact figures `simulate merge`
/// needs that the report itself shows only rounded or not at all.
///
/// The report's `options` are the whole run's (`users` is the whole run's size) and
/// its `counts`, invariants, coverage and behaviour are the share's. A whole run's
/// report and a merged one have no shard record.
package struct ShardRecord: Codable, Equatable, Sendable {
    /// This shard's number, from 1.
    package var index: Int
    /// How many shards the run is split into.
    package var count: Int
    /// The whole run's command (what the merged report names); the report's own
    /// `options.command` adds `--shard I/N`.
    package var command: String
    /// Simulated time of the share's users in milliseconds (the report's user-years are
    /// rounded to a tenth, which does not add up across shards).
    package var simulatedMilliseconds: Int64
    /// A kill matrix's: the user whose timeline killed each killed mutant, by name.
    package var killUsers: [String: Int]?
    /// A kill matrix's: the events of each of the shard's users in order, as far as
    /// its longest hunt went, so a merge can count every user's events before a kill.
    package var eventsPerUser: [Int]?

    /// The record of shard `shard` of the run `command`.
    package init(shard: Shard, command: String, simulatedMilliseconds: Int64) {
        self.index = shard.index
        self.count = shard.count
        self.command = command
        self.simulatedMilliseconds = simulatedMilliseconds
    }

    /// The shard, if the numbers make one.
    package var shard: Shard? { Shard(index: index, count: count) }
}
