import Foundation

extension SubscriptionPolicy {
    /// The names of the policies shipped with the package, in the order they are documented.
    public static let shippedNames = ["meal-capture", "daa-tiers", "oxalate", "daily-quip", "face-recall"]

    /// The shipped policy of this name, or nil for a name the package does not ship.
    ///
    /// Each is read from its policy file (`Sources/SubscriptionModel/Policies/NAME.json`,
    /// compiled into the library), the one source of truth for its rules.
    public static func named(_ name: String) -> SubscriptionPolicy? {
        switch name {
        case "meal-capture": mealCapture
        case "daa-tiers": daaTiers
        case "oxalate": oxalate
        case "daily-quip": dailyQuip
        case "face-recall": faceRecall
        default: nil
        }
    }

    /// The meal and recipe analysis rules (T1–L3; G rules as a policy).
    public static let mealCapture = shipped("meal-capture", PackageResources.meal_capture_json)
    /// Config-driven astrology plans (D1–D6).
    public static let daaTiers = shipped("daa-tiers", PackageResources.daa_tiers_json)
    /// The Oxalate Diet Tracker (X1–X5).
    public static let oxalate = shipped("oxalate", PackageResources.oxalate_json)
    /// DailyQuipAI's five cards a day (Q1).
    public static let dailyQuip = shipped("daily-quip", PackageResources.daily_quip_json)
    /// FaceRecall's stock limits and the grace for existing users (F1).
    public static let faceRecall = shipped("face-recall", PackageResources.face_recall_json)

    /// Reads a shipped file. A shipped file that does not read is a bug in the package,
    /// caught by the tests that load every shipped policy.
    private static func shipped(_ name: String, _ bytes: [UInt8]) -> SubscriptionPolicy {
        do {
            var policy = try SubscriptionPolicy(data: Data(bytes), file: name + ".json")
            policy.source = PolicySource() // named by its name, not a file
            return policy
        } catch {
            fatalError("the shipped policy \(name) does not read: \(error.message)")
        }
    }
}
