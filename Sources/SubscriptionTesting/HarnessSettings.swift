import SimulatorCore

/// The seed, size and span of a check: the caller's, unless the environment overrides
/// them, so a failure seen in CI is replayed, or a check widened, without editing a test:
///
///     SIMULATE_SEED=42 SIMULATE_USERS=20000 swift test --filter QuotaTests
public struct HarnessSettings: Hashable, Sendable {
    /// The seed every user's timeline is drawn from.
    public var seed: UInt64
    /// How many users are played (users 0 to `users` - 1).
    public var users: Int
    /// The longest timeline, in years (a user depends on seed, index and years).
    public var years: Int

    /// The environment variable that overrides the seed.
    public static let seedVariable = "SIMULATE_SEED"
    /// The environment variable that overrides the number of users.
    public static let usersVariable = "SIMULATE_USERS"

    /// The settings the caller asked for, overridden by `SIMULATE_SEED` and
    /// `SIMULATE_USERS` when `environment` sets them; throws naming a malformed value.
    public init(seed: UInt64, users: Int, years: Int, environment: [String: String]) throws(HarnessError) {
        var seed = seed, users = users
        if let text = environment[Self.seedVariable] {
            guard let value = UInt64(text) else {
                throw HarnessError("\(Self.seedVariable)=\"\(text)\" is not a seed: expected an integer from 0 to \(UInt64.max)")
            }
            seed = value
        }
        if let text = environment[Self.usersVariable] {
            guard let value = Int(text), CampaignOptions.userRange.contains(value) else {
                throw HarnessError("\(Self.usersVariable)=\"\(text)\" is not a number of users: expected an integer from 1 to \(CampaignOptions.userRange.upperBound) (as simulate run's --users)")
            }
            users = value
        }
        guard CampaignOptions.userRange.contains(users) else { throw HarnessError("users: \(users), expected 1 to \(CampaignOptions.userRange.upperBound)") }
        guard (1...60).contains(years) else { throw HarnessError("years: \(years), expected 1 to 60") }
        self.seed = seed
        self.users = users
        self.years = years
    }
}
