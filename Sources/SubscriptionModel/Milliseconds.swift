/// Durations used by the rules, in milliseconds of elapsed time.
///
/// Named so that no rule multiplies `60 * 60 * 1000` inline: an hour here is always
/// 3 600 000 ms of real time, never "a local hour", which DST can stretch or skip.
/// Inlinable constants rather than stored globals, so the hot paths fold them.
public enum Milliseconds {
    /// One second.
    @inlinable public static var second: Int64 { 1_000 }
    /// One minute.
    @inlinable public static var minute: Int64 { 60_000 }
    /// One hour of elapsed time.
    @inlinable public static var hour: Int64 { 3_600_000 }
    /// Twenty-four hours of elapsed time: not a calendar day (see `LocalDate`).
    @inlinable public static var twentyFourHours: Int64 { 86_400_000 }
}
