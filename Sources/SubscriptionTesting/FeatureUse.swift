import Foundation

/// One use of a feature the harness asks the team's code to perform: which feature, by
/// its id in the policy, and for a feature with a history window (a diary, X3) the day
/// the use is for.
public struct FeatureUse: Hashable, Sendable {
    /// The feature's id in the policy (`view-card`, `add-person`, ...).
    public var feature: String
    /// For a history feature: the diary day asked for, as calendar date components
    /// (year, month, day); nil otherwise.
    public var diaryDay: DateComponents?

    /// Creates a use.
    public init(feature: String, diaryDay: DateComponents? = nil) {
        self.feature = feature
        self.diaryDay = diaryDay
    }
}
