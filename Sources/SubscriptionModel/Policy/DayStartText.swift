/// A day start as a policy file writes it (`"04:00"`): one spelling for the file, the
/// shifted zone's identifier and `simulate policy show`.
package enum DayStartText {
    /// `HH:MM` for `minutes` after midnight (0 to 1439).
    package static func text(minutes: Int) -> String {
        let hours = minutes / 60, rest = minutes % 60
        return (hours < 10 ? "0" : "") + String(hours) + ":" + (rest < 10 ? "0" : "") + String(rest)
    }
}
