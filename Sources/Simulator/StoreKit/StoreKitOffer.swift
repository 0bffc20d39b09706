import SimulatorCore
/// One offer of an auto-renewable subscription, as `simulate storekit FILE` lists it:
/// which list of the file it comes from, how it is paid, for how long and at what price
/// (`docs/storekit.md`). Only a free introductory offer counts as a trial
/// (`StoreKitFreeTrial`); the others are listed, never simulated.
package struct StoreKitOffer: Hashable, Sendable {
    /// The list an offer comes from.
    package enum Kind: String, Hashable, Sendable {
        /// `introductoryOffer` or `introductoryOffers`.
        case introductory = "introductory offer"
        /// `adHocOffers` (promotional offers).
        case promotional = "promotional offer"
        /// `codeOffers`.
        case code = "offer code"
        /// `winbackOffers`.
        case winBack = "win-back offer"
    }

    /// Where the file lists it.
    package var kind: Kind
    /// `free`, `payAsYouGo` or `payUpFront`.
    package var paymentMode: String
    /// The offer's `subscriptionPeriod` (`P1W`), if given.
    package var period: String?
    /// `numberOfPeriods` (1 when not given).
    package var periods: Int
    /// The offer's `displayPrice`, as shown (`StoreKitPrice.shown`), if given.
    package var price: String?

    /// Creates an offer.
    package init(kind: Kind, paymentMode: String, period: String?, periods: Int = 1, price: String? = nil) {
        self.kind = kind
        self.paymentMode = paymentMode
        self.period = period
        self.periods = periods
        self.price = price
    }

    /// `introductory offer: free 2 × P1W`, `promotional offer: pay as you go 3 × P1M at 0.99`,
    /// `offer code: pay up front P3M at 1.99`.
    package var shown: String {
        let mode = switch paymentMode {
        case "payAsYouGo": "pay as you go"
        case "payUpFront": "pay up front"
        default: paymentMode
        }
        var text = "\(kind.rawValue): \(mode)"
        if let period { text += periods == 1 ? " \(period)" : " \(periods) × \(period)" }
        if let price, paymentMode != "free" { text += " at \(price)" }
        return text
    }
}

/// A subscription's billing plan (`billingPlans`, format 5.0 on): how its price is
/// billed. `BILLED_UPFRONT` is the ordinary one (the whole period's price at its start);
/// another type, such as `MONTHLY`, bills a part of a longer commitment each month.
package struct StoreKitBillingPlan: Hashable, Sendable {
    /// `billingPlanType` as shown (`BILLED_UPFRONT`, `MONTHLY`).
    package var type: String
    /// `displayPrice` as shown, if given.
    package var price: String?
    /// `commitmentDisplayPrice` as shown: what the whole commitment costs, if given.
    package var commitment: String?
    /// `isEnabled` (true when not given).
    package var enabled: Bool

    /// Creates a billing plan.
    package init(type: String, price: String?, commitment: String?, enabled: Bool = true) {
        self.type = type
        self.price = price
        self.commitment = commitment
        self.enabled = enabled
    }

    /// `billing plan MONTHLY: 0.5, commitment 6.00`.
    package var shown: String {
        var parts: [String] = []
        if let price { parts.append(price) }
        if let commitment { parts.append("commitment \(commitment)") }
        if !enabled { parts.append("disabled") }
        return "billing plan \(type)" + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
    }
}

/// How a price or another short text the file gives is shown.
enum StoreKitPrice {
    /// A price as the file writes it when it is plain (digits, one `.` or `,` between
    /// them), else quoted, escaped and cut, so a line stays one short line.
    static func shown(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let digits = scalars.filter { ("0"..."9").contains($0) }.count
        let separators = scalars.filter { $0 == "." || $0 == "," }.count
        let plain = !scalars.isEmpty && scalars.count <= 20 && digits + separators == scalars.count && separators <= 1
            && ("0"..."9").contains(scalars.first!) && ("0"..."9").contains(scalars.last!)
        return plain ? text : ErrorText.quoted(text)
    }

    /// A type name (`BILLED_UPFRONT`) as it is when plain (letters, digits and `_`), else quoted.
    static func word(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.count <= 40 && text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
        }
        return plain ? text : ErrorText.quoted(text)
    }
}
