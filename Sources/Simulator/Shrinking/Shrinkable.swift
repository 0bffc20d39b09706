import SubscriptionModel

/// A timeline the `Shrinker` can reduce: a starting zone and events in order, and a
/// check that a candidate is still a valid timeline.
public protocol ShrinkableTimeline {
    /// The timeline's events.
    associatedtype Step: ShrinkableStep
    /// The device's zone when the timeline starts.
    var zone: TimeZoneRules { get set }
    /// The events, in order.
    var events: [Step] { get set }
    /// Whether the timeline obeys the contract's structural rules.
    var isValid: Bool { get }
}

/// An event the `Shrinker` can move in time and simplify.
public protocol ShrinkableStep {
    /// When it happens.
    var at: Instant { get set }
    /// When it sets the device's zone: the same event with each of the zones `simpler`
    /// offers for its zone instead; otherwise none.
    func withSimplerZones(_ simpler: (TimeZoneRules) -> [TimeZoneRules]) -> [Self]
    /// Simpler events in its place, simplest first (fewer or lower entitlements, a
    /// plainer kind of use, a look for a reinstall); none when it is as simple as it gets.
    var simpler: [Self] { get }
}

/// A failure found at one event of a timeline, of a named rule.
public protocol LocatedFailure {
    /// The kind of rule a failure breaks.
    associatedtype Rule: Equatable
    /// The rule broken.
    var invariant: Rule { get }
    /// The event at which it was found.
    var eventIndex: Int { get }
}

extension Timeline: ShrinkableTimeline {}
extension Violation: LocatedFailure {}

extension Event: ShrinkableStep {
    public func withSimplerZones(_ simpler: (TimeZoneRules) -> [TimeZoneRules]) -> [Event] {
        guard case .setZone(let zone) = action else { return [] }
        return simpler(zone).map { Event(at: at, .setZone($0)) }
    }

    /// Unlimited to Premium, then to none; every capture a meal; a reinstall a look.
    public var simpler: [Event] {
        let actions: [Action] = switch action {
        case .setEntitlement(.unlimited?): [.setEntitlement(.premium), .setEntitlement(nil)]
        case .setEntitlement(.premium?): [.setEntitlement(nil)]
        case .capture(let kind) where kind != .meal: [.capture(.meal)]
        case .reinstall: [.look]
        default: []
        }
        return actions.map { Event(at: at, $0) }
    }
}

extension PolicyTimeline: ShrinkableTimeline {}

extension PolicyEvent: ShrinkableStep {
    public func withSimplerZones(_ simpler: (TimeZoneRules) -> [TimeZoneRules]) -> [PolicyEvent] {
        guard case .setZone(let zone) = action else { return [] }
        return simpler(zone).map { PolicyEvent(at: at, .setZone($0)) }
    }

    /// An entitlement without its billing details, then none at all (a product of a
    /// lower plan is tried by the product's index: the policy lists products in plan
    /// order); a reinstall or a sign-in a look.
    public var simpler: [PolicyEvent] {
        let actions: [Action] = switch action {
        case .setEntitlement(let entitlement?):
            (entitlement.expires != nil || !entitlement.renews ? [.setEntitlement(PolicyEntitlement(product: entitlement.product))] : [])
                + (0..<entitlement.product).map { .setEntitlement(PolicyEntitlement(product: $0)) }
                + [.setEntitlement(nil)]
        case .reinstall, .signIn: [.look]
        default: []
        }
        return actions.map { PolicyEvent(at: at, $0) }
    }
}
extension PolicyViolation: LocatedFailure {}
