import SubscriptionModel
import SimulatorCore

/// The flagship's hand-specialised rules (meal-capture's v1 path).
public enum FlagshipRules: RuleSet {
    /// The flagship's events (install, capture, set-entitlement, set-zone, reinstall, look).
    public typealias Event = SubscriptionModel.FlagshipEvent
    /// A v1 timeline.
    public typealias Timeline = FlagshipTimeline
    /// What the flagship's rules answer to an event.
    public typealias Output = SubscriptionModel.FlagshipOutput
    /// The flagship's invariants.
    public typealias Invariant = FlagshipInvariant
    /// The flagship's mutants each declare the smallest counterexample per invariant.
    public static var huntShrinksToAnyInvariant: Bool { false }
}

extension FlagshipInvariant: RuleInvariant {}

extension FlagshipTimeline: ShrinkableTimeline {}

extension FlagshipEvent: ShrinkableStep {
    package func withSimplerZones(_ simpler: (TimeZoneRules) -> [TimeZoneRules]) -> [FlagshipEvent] {
        guard let zone = zoneSet else { return [] }
        return simpler(zone).map { FlagshipEvent(at: at, .setZone($0)) }
    }

    package var zoneSet: TimeZoneRules? {
        if case .setZone(let zone) = action { zone } else { nil }
    }

    /// Unlimited to Premium, then to none; every capture a meal; a reinstall a look.
    package var simpler: [FlagshipEvent] {
        let actions: [Action] = switch action {
        case .setEntitlement(.unlimited?): [.setEntitlement(.premium), .setEntitlement(nil)]
        case .setEntitlement(.premium?): [.setEntitlement(nil)]
        case .capture(let kind) where kind != .meal: [.capture(.meal)]
        case .reinstall: [.look]
        default: []
        }
        return actions.map { FlagshipEvent(at: at, $0) }
    }
}

extension FlagshipTimelineCheck: TimelineChecking {
    package typealias Rules = FlagshipRules
    package mutating func firstViolation(zone: TimeZoneRules, events: UnsafeBufferPointer<FlagshipEvent>) -> Violation<FlagshipInvariant>? {
        check(zone: zone, events: events).violation
    }
    package mutating func firstViolation(_ timeline: FlagshipTimeline) -> Violation<FlagshipInvariant>? {
        check(zone: timeline.zone, events: timeline.events).violation
    }
}

extension FlagshipTimelineGenerator: UserGenerating {
    package typealias Rules = FlagshipRules
    package func makeBuffer() -> FlagshipEventBuffer { FlagshipEventBuffer() }
    package func draw(seed: UInt64, user: Int, into buffer: FlagshipEventBuffer) -> TimeZoneRules {
        generate(seed: seed, user: user, into: buffer).zone
    }
    package func timeline(zone: TimeZoneRules, events: [FlagshipEvent]) -> FlagshipTimeline { FlagshipTimeline(zone: zone, events: events) }
    package func generatedUser(seed: UInt64, user: Int) -> (persona: Persona, timeline: FlagshipTimeline) {
        let generated = self.user(seed: seed, user: user)
        return (generated.persona, generated.timeline)
    }
}

extension EdgeCategory {
    /// The category an entitlement change of `kind` counts under, if any.
    package static func of(_ kind: FlagshipEntitlementChange.Kind) -> EdgeCategory? {
        switch kind {
        case .purchase, .resubscription: .purchase
        case .upgrade: .upgrade
        case .downgrade: .downgradeAtRenewal
        case .cancellation: .cancellation
        case .lapse: .lapse
        case .refund: .refund
        case .renewal, .recovery: nil
        }
    }
}
