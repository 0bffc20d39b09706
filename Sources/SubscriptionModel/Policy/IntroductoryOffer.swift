/// An introductory offer StoreKit sells with an auto-renewable product (a policy file's
/// `introductoryOffer`, format 2): a free trial, or a reduced price paid period by
/// period or at once, for a new subscriber of the product's group. StoreKit decides who
/// is eligible (once per subscription group) and reports the subscription during the
/// offer as at any other time, so the product's plan applies throughout: the offer
/// changes what the user pays, not what the rules allow. A trial the app grants itself
/// from the install (the policy's `trial`) is another thing, which StoreKit never sees.
package struct IntroductoryOffer: Hashable, Sendable, CustomStringConvertible {
    /// How the offer is paid.
    package enum Payment: String, Hashable, Sendable, CaseIterable {
        /// Nothing: a free trial.
        case free
        /// A reduced price every period, for `periods` periods.
        case payAsYouGo = "pay-as-you-go"
        /// A reduced price once, for the whole period.
        case payUpFront = "pay-up-front"
    }

    /// How it is paid.
    package var payment: Payment
    /// One period of the offer, ISO 8601 with one unit (`P3D`, `P1W`, `P1M`).
    package var period: String
    /// How many periods it lasts (more than one only when paid as you go).
    package var periods: Int

    /// An offer of `periods` × `period`, paid as `payment` says.
    package init(payment: Payment, period: String, periods: Int = 1) {
        self.payment = payment
        self.period = period
        self.periods = periods
    }

    /// `free P3D`, `pay-as-you-go 3 × P1M`, as a reviewer reads it.
    package var description: String { "\(payment.rawValue) " + (periods == 1 ? period : "\(periods) × \(period)") }
}
