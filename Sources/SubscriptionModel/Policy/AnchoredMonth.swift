/// Months that start on a given day of each calendar month (format 10's months from the
/// purchase), as the engine, the generator and the coverage tracker count them: a month
/// anchored on day `anchor` starts on that day, or on a shorter month's last day (anchor
/// 31: 31 January, 28 or 29 February, 31 March, 30 April). Anchor 1 gives calendar months.
/// (The checker finds month starts its own way, walking the days:
/// `Oracle.nextMonthStart(_:anchor:)`, so a mistake here is caught, not shared.)
package enum AnchoredMonth {
    /// The month `date` is in: its number (`year * 12 + month` of the calendar month it
    /// starts in) and its first day and the next month's, in days since 1970. (Out of line:
    /// a usage day enters another month once a month at most.)
    @inline(never)
    package static func of(_ date: LocalDate, anchor: Int) -> (number: Int, start: Int, next: Int) {
        let (year, month, day) = date.components
        func start(_ number: Int) -> Int {
            let (y, m) = ((number &- 1) / 12, (number &- 1) % 12 &+ 1)
            return LocalDate.days(year: y, month: m, day: min(anchor, LocalDate.daysInMonth(year: y, month: m)))
        }
        let number = year &* 12 &+ month &- (day < min(anchor, LocalDate.daysInMonth(year: year, month: month)) ? 1 : 0)
        return (number, start(number), start(number &+ 1))
    }
}
