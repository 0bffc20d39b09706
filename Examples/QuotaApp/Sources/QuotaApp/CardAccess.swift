/// What the app does when the user asks for the next card.
public enum CardAccess: Equatable, Sendable {
    /// The card is shown.
    case granted
    /// The paywall sheet is shown instead ("After viewing 5 cards, paywall appears").
    case paywall
}
