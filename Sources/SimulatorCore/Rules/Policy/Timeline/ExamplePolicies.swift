import Foundation
import SubscriptionModel

/// Policies built into the simulator to show a part of the policy format no product
/// document uses (`scan-credits`: credit packs). They are not among the five shipped
/// policies (`SubscriptionPolicy.shippedNames`): commands and timelines find them by
/// name (`PolicyLoader`), the mutant catalogue has mutants for them, and a team copies
/// one as a starting point.
package enum ExamplePolicies {
    /// The examples' names, in the order they are listed.
    package static let names = ["scan-credits"]

    /// The example of this name, or nil.
    package static func named(_ name: String) -> SubscriptionPolicy? {
        name == "scan-credits" ? scanCredits : nil
    }

    /// The file text of the example of this name, or nil.
    package static func text(_ name: String) -> [UInt8]? {
        name == "scan-credits" ? PackageResources.scan_credits_json : nil
    }

    /// Three scans a day for free, Pro 200 a month, packs of 10 and 50 scan credits.
    static let scanCredits: SubscriptionPolicy = {
        do {
            var policy = try SubscriptionPolicy(data: Data(PackageResources.scan_credits_json), file: "scan-credits.json")
            policy.source = PolicySource() // named by its name, not a file
            return policy
        } catch {
            fatalError("the example policy scan-credits does not read: \(error)")
        }
    }()
}
