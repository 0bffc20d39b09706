/// Writes instants the way the timeline format reads them.
///
/// Lives in the model (not the simulator) because `Instant.description` uses it;
/// parsing, which needs error reporting, lives with the timeline reader.
public enum InstantText {
    /// `YYYY-MM-DDTHH:MM:SS[.mmm]` followed by `Z` (offset 0) or `±HH:MM`.
    ///
    /// The fraction is written only when the instant has one, always as 3 digits.
    public static func format(_ instant: Instant, offsetSeconds: Int) -> String {
        let local = instant.millisecondsSince1970 + Int64(offsetSeconds) * Milliseconds.second
        let date = LocalDate(localMilliseconds: local)
        let msOfDay = Int(local - Int64(date.daysSince1970) * Milliseconds.twentyFourHours)
        let seconds = msOfDay / 1000, millis = msOfDay % 1000
        var text = date.description + "T" + LocalDate.pad(seconds / 3600, 2) + ":"
            + LocalDate.pad(seconds / 60 % 60, 2) + ":" + LocalDate.pad(seconds % 60, 2)
        if millis != 0 { text += "." + LocalDate.pad(millis, 3) }
        if offsetSeconds == 0 { return text + "Z" }
        let sign = offsetSeconds < 0 ? "-" : "+"
        let minutes = abs(offsetSeconds) / 60
        return text + sign + LocalDate.pad(minutes / 60, 2) + ":" + LocalDate.pad(minutes % 60, 2)
    }
}
