import Foundation
import Simulator
import SubscriptionModel

/// The seed and size of the property tests: fixed by default so `swift test` is
/// repeatable, raised or changed through the environment to hunt further:
///
///     PROPERTY_SEED=42 PROPERTY_USERS=200000 swift test --filter Properties
enum PropertySettings {
    static let seed: UInt64 = ProcessInfo.processInfo.environment["PROPERTY_SEED"].flatMap(UInt64.init) ?? 20_261_121
    static let users: Int = ProcessInfo.processInfo.environment["PROPERTY_USERS"].flatMap(Int.init) ?? 1_500
    static let years: Int = ProcessInfo.processInfo.environment["PROPERTY_YEARS"].flatMap(Int.init) ?? CampaignOptions.defaultYears

    /// What a failing property prints: the seed, the user, and the one command that reproduces it.
    static func reproduce(user: Int) -> String {
        "seed \(seed), user \(user) of \(users) (years \(years)); reproduce with: swift run -c release simulate replay --seed \(seed) --user \(user) --years \(years) --out user\(user).json"
    }

    static var options: CampaignOptions { CampaignOptions(seed: seed, users: users, years: years, jobs: CampaignOptions.coreCount) }
}

/// One campaign over the property users, shared by the tests that read its result.
enum SharedCampaign {
    static let result: RunResult<FlagshipRules> = Campaign<FlagshipReferenceImplementation<ZoneTableDates>>(options: PropertySettings.options).run()
}
