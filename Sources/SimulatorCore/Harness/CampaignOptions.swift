import Foundation

/// What a run simulates: `simulate run`'s flags.
public struct CampaignOptions: Hashable, Sendable {
    /// The run's seed: every user's timeline depends only on it and the user's index.
    public var seed: UInt64
    /// How many users.
    public var users: Int
    /// The longest timeline, in years.
    public var years: Int
    /// Worker threads; results never depend on it.
    public var jobs: Int
    /// The personas drawn from.
    public var personas: [Persona]

    /// The share of the users this process runs (`--shard I/N`); nil for all of them.
    /// `users` stays the whole run's size: users keep their numbers in any shard.
    package var shard: Shard?

    /// The default size of a run: useful coverage in seconds on two cores.
    public static let defaultUsers = 20_000
    /// The default longest span.
    public static let defaultYears = 3
    /// The users a run may have (`--users`, `SIMULATE_USERS`), numbered from 0, so that
    /// every user a run names is one `simulate replay --user` takes.
    package static let userRange = 1...100_000_000

    /// Creates options.
    public init(seed: UInt64, users: Int = defaultUsers, years: Int = defaultYears, jobs: Int = CampaignOptions.coreCount, personas: [Persona] = Persona.allCases) {
        self.seed = seed
        self.users = users
        self.years = years
        self.jobs = jobs
        self.personas = personas
    }

    /// Creates options for one share of a run (`--shard I/N`; nil: the whole run).
    package init(seed: UInt64, users: Int = defaultUsers, years: Int = defaultYears, jobs: Int = CampaignOptions.coreCount, personas: [Persona] = Persona.allCases,
                 shard: Shard?) {
        self.init(seed: seed, users: users, years: years, jobs: jobs, personas: personas)
        self.shard = shard
    }

    /// ` --personas A,B` when the run leaves some out, else nothing: what a command that
    /// reproduces the run, or regenerates one of its users, must repeat (with personas
    /// left out, user K is another user).
    package var personasFlag: String { Self.personasFlag(personas) }

    /// ` --personas A,B` for `personas` unless they are all of them, in their order.
    package static func personasFlag(_ personas: [Persona]) -> String {
        personas == Persona.allCases ? "" : " --personas " + personas.map(\.rawValue).joined(separator: ",")
    }

    /// How many users this process runs: all of them, or its shard's share.
    package var usersToRun: Int { shard?.size(of: users) ?? users }

    /// The whole-run number of the user at `position` (from 0) of those this process runs.
    @inline(__always)
    @usableFromInline
    package func user(at position: Int) -> Int { shard?.user(at: position) ?? position }

    /// The users this process runs, in order.
    package var usersRun: StrideTo<Int> { shard?.users(of: users) ?? stride(from: 0, to: users, by: 1) }

    /// The same run unsharded: what a merge of its shards reports.
    package var whole: CampaignOptions {
        var copy = self
        copy.shard = nil
        return copy
    }

    /// The machine's active cores.
    public static var coreCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
