/// What one event leads to, observed right after it: one line of the replay contract.
///
/// Texts are the policy's strings as they would be shown (interned as `ShownText`),
/// so an implementation under test can be compared field by field with the model.
/// Every field is plain data: an output copies like a few integers.
public struct Output: Hashable, Sendable {
    /// The usage day (U3).
    public var day: LocalDate
    /// The plan in force (P1, P2).
    public var plan: Plan
    /// For a capture: what the attempt did; nil for every other event.
    public var outcome: Outcome?
    /// For a `limitAlert` outcome: the alert shown.
    public var alert: Alert?
    /// Analyses counted on the usage day.
    public var used: Int
    /// The plan's daily limit, nil under `.none`.
    public var limit: Int?
    /// The home-screen text (L1).
    public var label: ShownText
    /// What PlanView's usage box shows (L2), nil under `.none`.
    public var planView: PlanViewBox?

    /// Creates an output.
    @inlinable
    public init(day: LocalDate, plan: Plan, outcome: Outcome?, alert: Alert?, used: Int, limit: Int?, label: ShownText, planView: PlanViewBox?) {
        self.day = day
        self.plan = plan
        self.outcome = outcome
        self.alert = alert
        self.used = used
        self.limit = limit
        self.label = label
        self.planView = planView
    }

    /// What a capture attempt did (the capture table).
    public enum Outcome: String, Hashable, Sendable, CaseIterable {
        /// The analysis ran and was counted.
        case captured
        /// The PlanView sheet opened instead (Trial at the limit, or None).
        case planSheet = "plan-sheet"
        /// The limit alert was shown (Premium or Unlimited at the limit).
        case limitAlert = "limit-alert"
    }

    /// The limit alert's texts.
    public struct Alert: Hashable, Sendable {
        /// The alert's title.
        public var title: ShownText
        /// The line under it, if any.
        public var message: ShownText?

        /// Creates an alert.
        @inlinable
        public init(title: ShownText, message: ShownText?) {
            self.title = title
            self.message = message
        }
    }

    /// PlanView's usage box (L2).
    public enum PlanViewBox: Hashable, Sendable {
        /// The bar: `used` of `limit`.
        case bar(used: Int, limit: Int)
        /// A text instead of the bar.
        case text(ShownText)
    }
}
