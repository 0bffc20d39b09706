import SimulatorCore
/// One way a StoreKit configuration and a policy disagree about a product (S1–S6 of
/// `docs/storekit.md`): printed as one line naming the product id and what differs.
package struct StoreKitFinding: Hashable, Sendable, CustomStringConvertible {
    /// The product the finding is about.
    package var product: String
    /// Which rule it breaks.
    package var aspect: Aspect
    /// What differs, in a reviewer's words.
    package var detail: String

    /// What a finding is about, by the rule of `docs/storekit.md` it breaks.
    package enum Aspect: String, Hashable, Sendable, CaseIterable {
        /// S1: the policy sells the product, the file does not list it.
        case onlyInPolicy = "only in the policy"
        /// S1: the file lists the product, the policy does not sell it.
        case onlyInFile = "only in the file"
        /// S2: auto-renewable, non-consumable, consumable or non-renewing differ.
        case kind
        /// S3: the billing periods differ.
        case period
        /// S4: the policy's subscriptions are split over groups.
        case group
        /// S5: the levels do not follow the plans' ranks.
        case level
        /// S6: the introductory offer differs from the one the policy declares.
        case introductoryOffer = "introductory offer"

        /// The rule's id in `docs/storekit.md`.
        package var rule: String {
            switch self {
            case .onlyInPolicy, .onlyInFile: "S1"
            case .kind: "S2"
            case .period: "S3"
            case .group: "S4"
            case .level: "S5"
            case .introductoryOffer: "S6"
            }
        }
    }

    /// Creates a finding.
    package init(product: String, aspect: Aspect, detail: String) {
        self.product = product
        self.aspect = aspect
        self.detail = detail
    }

    /// `com.app.monthly: period: the policy renews it every P1M, the file every P1W`.
    package var description: String { "\(Self.shown(product)): \(aspect.rawValue): \(detail)" }

    /// A product id as a line shows it: as it is when it is plain (letters, digits and
    /// `._-`, at most `ErrorText.valueLimit` of them), else quoted, escaped and cut, so an
    /// odd or a huge id cannot break the line or fill it.
    package static func shown(_ id: String) -> String {
        let plain = !id.isEmpty && id.unicodeScalars.count <= ErrorText.valueLimit && id.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
        return plain ? id : ErrorText.quoted(id)
    }
}
