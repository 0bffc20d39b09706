import Foundation
import SubscriptionModel

/// The straightforward way to get a local date: ask Foundation's `Calendar` at every
/// event. Kept as the baseline that `simulate bench` measures the zone tables
/// against, and as a second, independent path for cross-checking them.
package struct CalendarDates: LocalDateSource {
    private let calendars: [String: Calendar]

    /// A source with a Gregorian calendar for every zone of `catalog`.
    package init(catalog: ZoneCatalog = .standard) {
        var calendars: [String: Calendar] = [:]
        for zone in catalog.all {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: zone.identifier)!
            calendars[zone.identifier] = calendar
        }
        self.calendars = calendars
    }

    /// The date `Calendar` gives for `instant` in `zone`.
    package func localDate(at instant: Instant, in zone: TimeZoneRules) -> LocalDate {
        let calendar = calendars[zone.identifier] ?? {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: zone.identifier)!
            return calendar
        }()
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(instant.millisecondsSince1970) / 1000))
        return LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)
    }
}
