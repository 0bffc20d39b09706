import SimulatorCore
/// A subscription's free introductory offer (`paymentMode` `free`), as older files
/// state it: the offer S6 compares when the file lists no introductory offers
/// (`StoreKitComparison.introductoryOffer`, `docs/storekit.md`).
package struct StoreKitFreeTrial: Hashable, Sendable {
    /// The offer's `subscriptionPeriod`, as the file writes it (`P3D`, `P1W`, `P1M`).
    package var period: String
    /// How many periods the offer lasts (`numberOfPeriods`; 1 when not given).
    package var periods: Int

    /// Creates a free trial of `periods` times `period`.
    package init(period: String, periods: Int = 1) {
        self.period = period
        self.periods = periods
    }

    /// Its whole length in days, or nil when it is counted in calendar months (a month
    /// is no fixed number of days, so it never equals a trial of so many hours).
    package var days: Int? {
        guard let unit = ProductPeriod(iso: period), unit.months == 0 else { return nil }
        return unit.days * periods
    }

    /// `P3D`, or `2 × P1W` for an offer of several periods.
    package var shown: String { periods == 1 ? period : "\(periods) × \(period)" }
}
