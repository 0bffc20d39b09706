import SubscriptionModel

/// A timeline the `Shrinker` can reduce: a starting zone and events in order, and a
/// check that a candidate is still a valid timeline.
package protocol ShrinkableTimeline {
    /// The timeline's events.
    associatedtype Step: ShrinkableStep
    /// The device's zone when the timeline starts.
    var zone: TimeZoneRules { get set }
    /// The events, in order.
    var events: [Step] { get set }
    /// Whether the timeline obeys the contract's structural rules.
    var isValid: Bool { get }
    /// Whether every event is one the generator could have produced (what StoreKit
    /// reports, for instance): the shrinker tries no candidate that is not, so that a
    /// counterexample never changes the cause of a failure into an unreal one.
    var isRealistic: Bool { get }
    /// Simpler whole timelines, each changing many events at once (every use of one
    /// feature made a use of another), which no change of one event can reach.
    var simplerWholes: [Self] { get }
    /// The candidate with what a deletion left dangling taken out (a return to the
    /// foreground whose trip to the background was deleted), so that the shrinker can
    /// delete one end of a pair; the timeline itself when nothing dangles.
    var repaired: Self { get }
}

extension ShrinkableTimeline {
    /// None, by default.
    package var simplerWholes: [Self] { [] }
    /// Every valid timeline, by default.
    package var isRealistic: Bool { true }
    /// Nothing to repair, by default.
    package var repaired: Self { self }
}

extension Array where Element: ShrinkableStep {
    /// The contract's structural rules for any rule set's timeline: non-empty, the
    /// install first and only there, instants never decreasing.
    package func isOneLife(isInstall: (Element) -> Bool) -> Bool {
        guard let first, isInstall(first) else { return false }
        var previous = first.at
        for event in dropFirst() {
            if isInstall(event) || event.at < previous { return false }
            previous = event.at
        }
        return true
    }
}

/// An event the `Shrinker` can move in time and simplify.
package protocol ShrinkableStep: Hashable {
    /// When it happens.
    var at: Instant { get set }
    /// When it sets the device's zone: the same event with each of the zones `simpler`
    /// offers for its zone instead; otherwise none.
    func withSimplerZones(_ simpler: (TimeZoneRules) -> [TimeZoneRules]) -> [Self]
    /// The zone it sets the device to, if it is a zone change.
    var zoneSet: TimeZoneRules? { get }
    /// Simpler events in its place, simplest first (fewer or lower entitlements, a
    /// plainer kind of use, a look for a reinstall); none when it is as simple as it gets.
    var simpler: [Self] { get }
}

/// A failure found at one event of a timeline, of a named rule.
package protocol LocatedFailure {
    /// The kind of rule a failure breaks.
    associatedtype Rule: Equatable
    /// The rule broken.
    var invariant: Rule { get }
    /// The event at which it was found.
    var eventIndex: Int { get }
}

extension Timeline: ShrinkableTimeline {
    /// Every use of one feature made a use of another of the same effect on a meter with a
    /// smaller limit (its releasing feature with it): a bug shown with 20 people of 25 may
    /// show with 4 tags of 5. Only towards smaller limits, so shrinking ends.
    package var simplerWholes: [Timeline] {
        let features = policy.features
        func meter(_ feature: Feature) -> (Int, consumes: Bool)? {
            switch feature.effect {
            case .consumes(let meter): (meter, true)
            case .releases(let meter): (meter, false)
            case .gate: nil
            }
        }
        func smallestLimit(_ meter: Int) -> Int {
            policy.plans.flatMap { plan in LimitWindow.allCases.compactMap { plan.limit(meter: meter, $0)?.value } }.min() ?? .max
        }
        var used = Set<Int>()
        for event in events { if case .use(let feature, _) = event.action { used.insert(feature) } }
        var candidates: [Timeline] = []
        for from in used.sorted() {
            guard let (fromMeter, consumes) = meter(features[from]), consumes, !features[from].hasHistory else { continue }
            for to in features.indices where to != from {
                guard let (toMeter, toConsumes) = meter(features[to]), toConsumes, toMeter != fromMeter, !features[to].hasHistory,
                      smallestLimit(toMeter) < smallestLimit(fromMeter) else { continue }
                // The releasing features of the two meters follow them.
                let releaseFrom = features.indices.first { meter(features[$0]).map { $0.0 == fromMeter && !$0.consumes } ?? false }
                let releaseTo = features.indices.first { meter(features[$0]).map { $0.0 == toMeter && !$0.consumes } ?? false }
                var candidate = self
                for index in candidate.events.indices {
                    guard case .use(let feature, let day) = candidate.events[index].action else { continue }
                    if feature == from { candidate.events[index].action = .use(feature: to, day: day) }
                    if feature == releaseFrom, let releaseTo { candidate.events[index].action = .use(feature: releaseTo, day: day) }
                }
                candidates.append(candidate)
            }
        }
        return candidates
    }
}

extension Event: ShrinkableStep {
    package func withSimplerZones(_ simpler: (TimeZoneRules) -> [TimeZoneRules]) -> [Event] {
        guard let zone = zoneSet else { return [] }
        return simpler(zone).map { Event(at: at, .setZone($0)) }
    }

    package var zoneSet: TimeZoneRules? {
        if case .setZone(let zone) = action { zone } else { nil }
    }

    /// An entitlement that renews instead of a cancelled one, or with its expiry
    /// rounded down to the hour, the minute or the second (a readable counterexample),
    /// then a product of a lower plan (tried by the product's index: the policy lists
    /// products in plan order) with the same expiry, or as a lifetime purchase, then
    /// none at all; a sign-in a look; a reinstall a look, then a relaunch (which keeps
    /// what the app stored: a bug of memory shows as one); a relaunch a look. Which of
    /// these StoreKit could report for the product's kind, and whether the app is on the
    /// screen for them, the timeline says (`Timeline.isRealistic`).
    package var simpler: [Event] {
        let actions: [Action] = switch action {
        case .setEntitlement(let entitlement?):
            (entitlement.expires != nil && !entitlement.renews ? [.setEntitlement(Entitlement(product: entitlement.product, expires: entitlement.expires))] : [])
                + Self.roundedExpiries(entitlement).map { .setEntitlement($0) }
                + (0..<entitlement.product).flatMap { lower in
                    (entitlement.expires.map { [Action.setEntitlement(Entitlement(product: lower, expires: $0, renews: entitlement.renews))] } ?? [])
                        + [.setEntitlement(Entitlement(product: lower, expires: nil, renews: false))]
                }
                + [.setEntitlement(nil)]
        case .reinstall: [.look, .relaunch]
        case .signIn, .relaunch: [.look]
        default: []
        }
        return actions.map { Event(at: at, $0) }
    }
}
extension Event {
    /// The entitlement with its expiry rounded down to the hour, the minute and the
    /// second, each that differs from it (only ever earlier, so shrinking ends).
    static func roundedExpiries(_ entitlement: Entitlement) -> [Entitlement] {
        guard let expires = entitlement.expires?.millisecondsSince1970 else { return [] }
        var seen = Set([expires])
        return [Milliseconds.hour, Milliseconds.minute, Milliseconds.second].compactMap { unit in
            let rounded = roundedDown(expires, to: unit)
            guard seen.insert(rounded).inserted else { return nil }
            var simpler = entitlement
            simpler.expires = Instant(millisecondsSince1970: rounded)
            return simpler
        }
    }
}

/// `milliseconds` rounded down to a whole `unit` (towards the past, before 1970 too):
/// how the shrinker makes an instant or an expiry readable.
func roundedDown(_ milliseconds: Int64, to unit: Int64) -> Int64 {
    milliseconds - ((milliseconds % unit) + unit) % unit
}
