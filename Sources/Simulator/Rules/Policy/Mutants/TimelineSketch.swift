import SubscriptionModel
import SimulatorCore

/// A policy timeline written by hand, one line per event with its instant as the
/// timeline format writes it: how each mutant states its smallest counterexample.
///
///     TimelineSketch.timeline("daily-quip", zone: "UTC", [
///         ("2026-01-10T23:00:00Z", .install),
///         ("2026-01-10T23:00:00Z", .use("view-card")),
///         ("2026-01-11T01:00:00Z", .look),
///     ])
///
/// A sketch names shipped policies, real zones and ids the policy has; a typo is a bug
/// in the package and stops the program.
package enum TimelineSketch {
    /// One line of a sketch.
    package enum Step: Sendable {
        /// The first install, a reinstall, a look at the screens, the guest's sign-in.
        case install, reinstall, look, signIn
        /// The device moves to the zone of this identifier.
        case zone(String)
        /// A use of the feature of this id.
        case use(String)
        /// `count` uses of a feature, one minute apart from the line's instant.
        case uses(Int, String)
        /// A use of a history feature for diary day `YYYY-MM-DD`.
        case track(String, day: String)
        /// StoreKit reports this product (nil: none), with its display details.
        case entitle(String?, expires: String? = nil, renews: Bool = true)
        /// The user buys the credit pack of this product id.
        case purchase(String)
        /// Apple refunds a purchase of the credit pack of this product id.
        case refund(String)
    }

    /// The timeline of these lines under the built-in policy `policy` (shipped, or an
    /// example), starting in `zone`.
    package static func timeline(_ policy: String, zone: String, _ lines: [(String, Step)]) -> Timeline {
        guard let rules = PolicyLoader.builtIn(policy) else { fatalError("no built-in policy \(policy)") }
        var events: [Event] = []
        for (text, step) in lines {
            let at = instant(text)
            switch step {
            case .install: events.append(Event(at: at, .install))
            case .reinstall: events.append(Event(at: at, .reinstall))
            case .look: events.append(Event(at: at, .look))
            case .signIn: events.append(Event(at: at, .signIn))
            case .zone(let name): events.append(Event(at: at, .setZone(Self.zone(name))))
            case .use(let feature): events.append(Event(at: at, .use(feature: index(feature, rules), day: nil)))
            case .uses(let count, let feature):
                for n in 0..<count {
                    events.append(Event(at: at.adding(milliseconds: Int64(n) * Milliseconds.minute), .use(feature: index(feature, rules), day: nil)))
                }
            case .track(let feature, let day):
                events.append(Event(at: at, .use(feature: index(feature, rules), day: date(day))))
            case .entitle(let product, let expires, let renews):
                let entitlement = product.map { id in
                    guard let product = rules.productIndex(id) else { fatalError("\(policy) sells no \(id)") }
                    return Entitlement(product: product, expires: expires.map(instant), renews: renews)
                }
                events.append(Event(at: at, .setEntitlement(entitlement)))
            case .purchase(let id), .refund(let id):
                guard let pack = rules.packIndex(id) else { fatalError("\(policy) sells no credit pack \(id)") }
                if case .purchase = step { events.append(Event(at: at, .purchase(pack: pack))) } else { events.append(Event(at: at, .refund(pack: pack))) }
            }
        }
        return Timeline(policy: rules, zone: Self.zone(zone), events: events)
    }

    /// An instant as the timeline format writes it.
    package static func instant(_ text: String) -> Instant {
        guard case .success(let instant) = InstantParser.parse(text) else { fatalError("not an instant: \(text)") }
        return instant
    }

    /// A date `YYYY-MM-DD`.
    package static func date(_ text: String) -> LocalDate {
        TimeZoneRules.utc.localDate(at: instant(text + "T00:00:00Z"))
    }

    static func zone(_ name: String) -> TimeZoneRules {
        guard let zone = TimeZoneRules.named(name) else { fatalError("no zone \(name)") }
        return zone
    }

    static func index(_ feature: String, _ policy: SubscriptionPolicy) -> Int {
        guard let index = policy.featureIndex(feature) else { fatalError("\(policy.name) has no feature \(feature)") }
        return index
    }
}
