import Foundation
import SubscriptionModel

/// Policies built into the simulator to show a part of the policy format no product
/// document uses (`scan-credits`: credit packs; `photo-units`: uses that cost several
/// units, with a pack; `night-owl`: a day that starts at 04:00; `study-week`: calendar weeks from
/// Sunday beside a month; `ask-window`: a rolling 24-hour window; `chat-pool`: a feature
/// drawing on a daily meter, then a monthly pool; `billing-month`: months that run from the
/// purchase). They are not among the five shipped policies
/// (`SubscriptionPolicy.shippedNames`): commands and timelines find them by name
/// (`PolicyLoader`), the mutant catalogue has mutants for them, and a team copies one as
/// a starting point.
package enum ExamplePolicies {
    /// The examples' names, in the order they are listed.
    package static let names = ["scan-credits", "photo-units", "night-owl", "study-week", "ask-window", "chat-pool", "billing-month"]

    /// The example of this name, or nil.
    package static func named(_ name: String) -> SubscriptionPolicy? {
        switch name {
        case "scan-credits": scanCredits
        case "photo-units": photoUnits
        case "night-owl": nightOwl
        case "study-week": studyWeek
        case "ask-window": askWindow
        case "chat-pool": chatPool
        case "billing-month": billingMonth
        default: nil
        }
    }

    /// The file text of the example of this name, or nil.
    package static func text(_ name: String) -> [UInt8]? {
        switch name {
        case "scan-credits": PackageResources.scan_credits_json
        case "photo-units": PackageResources.photo_units_json
        case "night-owl": PackageResources.night_owl_json
        case "study-week": PackageResources.study_week_json
        case "ask-window": PackageResources.ask_window_json
        case "chat-pool": PackageResources.chat_pool_json
        case "billing-month": PackageResources.billing_month_json
        default: nil
        }
    }

    /// Three scans a day for free, Pro 200 a month, packs of 10 and 50 scan credits.
    static let scanCredits = read("scan-credits")

    /// Free 10 units a day, Pro 300 a month; uses costing 1, 3 and 5 units; packs of 25.
    static let photoUnits = read("photo-units")

    /// Five free puzzles a day and a week of the archive, the day starting at 04:00; Pro 150 a month.
    static let nightOwl = read("night-owl")

    /// Three free lessons a day and ten a week from Sunday; Pro 40 a week and 120 a month.
    static let studyWeek = read("study-week")

    /// Free 10 questions in any 24 hours; Pro 100 in any 24 hours and 1,000 a month.
    static let askWindow = read("ask-window")

    /// Free 3 messages a day, then a pool of 3 a month; Plus 30 a day, then 200.
    static let chatPool = read("chat-pool")

    /// Free 3 exports a month from the install's day of the month, Pro 60 a
    /// month from the subscription's.
    static let billingMonth = read("billing-month")

    /// The example `name`, read from its embedded file.
    private static func read(_ name: String) -> SubscriptionPolicy {
        do {
            var policy = try SubscriptionPolicy(data: Data(text(name)!), file: "\(name).json")
            policy.source = PolicySource() // named by its name, not a file
            return policy
        } catch {
            fatalError("the example policy \(name) does not read: \(error)")
        }
    }
}
