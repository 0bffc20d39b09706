/// What the app shows for a blocked use (G7): the sheet that sells plans, or an alert.
public enum PolicyResponse: Hashable, Sendable {
    /// The paywall: the sheet that sells the paid plans.
    case paywall
    /// An alert with a title and an optional message.
    case alert(PolicyAlert)

    /// The response's name in the replay output: `paywall` or `alert`.
    public var name: String {
        switch self {
        case .paywall: "paywall"
        case .alert: "alert"
        }
    }

    /// The alert, for an `alert` response.
    public var alert: PolicyAlert? {
        if case .alert(let alert) = self { return alert }
        return nil
    }
}

/// The texts of an alert response.
public struct PolicyAlert: Hashable, Sendable {
    /// The alert's title.
    public var title: String
    /// The alert's message; nil when the alert has none.
    public var message: String?

    /// Creates an alert.
    public init(title: String, message: String?) {
        self.title = title
        self.message = message
    }
}
