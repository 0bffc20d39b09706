/// A point in real (elapsed) time: milliseconds since 1970-01-01T00:00:00Z.
///
/// The replay contract makes instants exact to the millisecond, so an integer is
/// exact where `Date`'s `Double` would round. Trial arithmetic (T2) and ordering are
/// plain integer operations; nothing here knows about zones or calendars.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since the Unix epoch (negative before 1970).
    public var millisecondsSince1970: Int64

    /// Creates an instant from milliseconds since the Unix epoch.
    @inlinable
    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// Creates an instant from whole seconds since the Unix epoch.
    @inlinable
    public init(secondsSince1970: Int64) {
        self.millisecondsSince1970 = secondsSince1970 * 1000
    }

    /// Orders instants by elapsed time.
    @inlinable
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    /// The instant `milliseconds` later (earlier when negative).
    @inlinable
    public func adding(milliseconds: Int64) -> Instant {
        Instant(millisecondsSince1970: millisecondsSince1970 + milliseconds)
    }

    /// Milliseconds from `self` to `other` (positive when `other` is later).
    @inlinable
    public func milliseconds(to other: Instant) -> Int64 {
        other.millisecondsSince1970 - millisecondsSince1970
    }

    /// The instant in UTC, `YYYY-MM-DDTHH:MM:SS[.mmm]Z`, as the timeline format writes it.
    public var description: String { InstantText.format(self, offsetSeconds: 0) }
}
