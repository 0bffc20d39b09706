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

    /// The default size of a run: useful coverage in seconds on two cores.
    public static let defaultUsers = 20_000
    /// The default longest span.
    public static let defaultYears = 3

    /// Creates options.
    public init(seed: UInt64, users: Int = defaultUsers, years: Int = defaultYears, jobs: Int = CampaignOptions.coreCount, personas: [Persona] = Persona.allCases) {
        self.seed = seed
        self.users = users
        self.years = years
        self.jobs = jobs
        self.personas = personas
    }

    /// The machine's active cores.
    public static var coreCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
