/// What the app shows for a blocked use (G7): the sheet that sells plans, or an alert.
public enum BlockResponse: Hashable, Sendable {
    /// The paywall: the sheet that sells the paid plans.
    case paywall
    /// An alert with a title and an optional message.
    case alert(Alert)

    /// The response's name in the replay output: `paywall` or `alert`.
    public var name: String {
        switch self {
        case .paywall: "paywall"
        case .alert: "alert"
        }
    }

    /// The alert, for an `alert` response.
    public var alert: Alert? {
        if case .alert(let alert) = self { return alert }
        return nil
    }
}

/// The texts of an alert response.
///
/// The texts are held interned (`ShownText`, as the v1 outputs hold theirs): an alert is
/// copied, compared and hashed as two integers, so outputs that carry one are plain
/// memory that no step retains or releases, whatever thread the engine runs on.
public struct Alert: Hashable, Sendable, CustomStringConvertible {
    /// The title, interned.
    package var titleText: ShownText
    /// The message, interned; nil when the alert has none.
    package var messageText: ShownText?

    /// The alert's title.
    public var title: String {
        get { titleText.string }
        set { titleText = ShownText(newValue) }
    }

    /// The alert's message; nil when the alert has none.
    public var message: String? {
        get { messageText?.string }
        set { messageText = newValue.map { ShownText($0) } }
    }

    /// Creates an alert.
    public init(title: String, message: String?) {
        self.titleText = ShownText(title)
        self.messageText = message.map { ShownText($0) }
    }

    /// Title and message, as a reader of a failure wants them.
    public var description: String {
        "Alert(title: \(String(reflecting: title)), message: \(message.map { String(reflecting: $0) } ?? "nil"))"
    }
}
