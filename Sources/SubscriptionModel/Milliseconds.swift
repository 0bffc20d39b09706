/// Durations used by the rules, in milliseconds of elapsed time.
///
/// Named so that no rule multiplies `60 * 60 * 1000` inline: an hour here is always
/// 3 600 000 ms of real time, never "a local hour", which DST can stretch or skip.
/// Inlinable constants rather than stored globals, so the hot paths fold them.
@usableFromInline package enum Milliseconds {
    /// One second.
    @inlinable package static var second: Int64 { 1_000 }
    /// One minute.
    @inlinable package static var minute: Int64 { 60_000 }
    /// One hour of elapsed time.
    @inlinable package static var hour: Int64 { 3_600_000 }
    /// Twenty-four hours of elapsed time: not a calendar day (see `LocalDate`).
    @inlinable package static var twentyFourHours: Int64 { 86_400_000 }
}
