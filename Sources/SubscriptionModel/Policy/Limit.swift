/// A plan's limit on one window of one meter.
///
/// A hidden limit counts like any other but is shown to the user as unlimited (like
/// meal-capture's fair-use cap of 50): hiding changes screens only, never counting.
public struct Limit: Hashable, Sendable {
    /// The most uses (or items held) the window allows; at least 0.
    public var value: Int
    /// Whether screens show the limit as unlimited.
    public var isHidden: Bool

    /// Creates a limit.
    @inlinable
    public init(_ value: Int, hidden: Bool = false) {
        self.value = value
        self.isHidden = hidden
    }
}
