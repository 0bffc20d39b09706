/// Durations used by the rules, in milliseconds of elapsed time.
///
/// Named so that no rule multiplies `60 * 60 * 1000` inline: an hour here is always
/// 3 600 000 ms of real time, never "a local hour", which DST can stretch or skip.
public enum Milliseconds {
    /// One second.
    public static let second: Int64 = 1_000
    /// One minute.
    public static let minute: Int64 = 60 * second
    /// One hour of elapsed time.
    public static let hour: Int64 = 60 * minute
    /// Twenty-four hours of elapsed time: not a calendar day (see `LocalDate`).
    public static let twentyFourHours: Int64 = 24 * hour
}
