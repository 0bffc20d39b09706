import Foundation
import Simulator
import SubscriptionModel
import Testing

/// One user's life under a policy, driven event by event through the generic engine,
/// with the outputs read back by the ids and names the rules use.
struct ScriptedUser {
    let policy: SubscriptionPolicy
    let machine: SubscriptionMachine
    var state: SubscriptionState
    private(set) var outputs: [Output] = []
    /// The events applied so far.
    private(set) var events: [Event] = []
    /// The zone the user starts in.
    let startZone: TimeZoneRules

    /// What a scenario line does.
    enum Step {
        case install, reinstall, look, signIn
        case zone(String)
        case use(String)
        case track(String, day: String)
        case entitle(String?, expires: String? = nil, renews: Bool = true)
        case purchase(String), refund(String)
    }

    init(_ policy: SubscriptionPolicy, zone name: String) {
        self.policy = policy
        self.machine = SubscriptionMachine(policy: policy)
        self.startZone = zone(name)
        self.state = machine.initialState(zone: startZone)
    }

    /// The user's life so far, as a timeline the harness can check.
    var timeline: Timeline { Timeline(policy: policy, zone: startZone, events: events) }

    /// Applies one event at `at` and returns its output.
    @discardableResult
    mutating func callAsFunction(_ at: String, _ step: Step) -> Output {
        let action: Event.Action
        switch step {
        case .install: action = .install
        case .reinstall: action = .reinstall
        case .look: action = .look
        case .signIn: action = .signIn
        case .zone(let name): action = .setZone(zone(name))
        case .use(let feature): action = .use(feature: featureIndex(feature), day: nil)
        case .track(let feature, let day): action = .use(feature: featureIndex(feature), day: date(day))
        case .entitle(let product, let expires, let renews):
            action = .setEntitlement(product.map { id in
                guard let index = policy.productIndex(id) else { fatalError("\(policy.name) sells no \(id)") }
                return Entitlement(product: index, expires: expires.map(instant), renews: renews)
            })
        case .purchase(let id): action = .purchase(pack: packIndex(id))
        case .refund(let id): action = .refund(pack: packIndex(id))
        }
        let event = Event(at: instant(at), action)
        let output = machine.apply(event, to: &state)
        events.append(event)
        outputs.append(output)
        return output
    }

    /// `count` uses of `feature`, one minute apart from `first`; returns the last output.
    @discardableResult
    mutating func repeated(_ count: Int, _ feature: String, from first: String) -> Output {
        let start = instant(first)
        var last: Output?
        for n in 0..<count { last = self(start.adding(milliseconds: Int64(n) * Milliseconds.minute).description, .use(feature)) }
        return last!
    }

    func packIndex(_ id: String) -> Int {
        guard let index = policy.packIndex(id) else { fatalError("\(policy.name) sells no credit pack \(id)") }
        return index
    }

    func featureIndex(_ id: String) -> Int {
        guard let index = policy.featureIndex(id) else { fatalError("\(policy.name) has no feature \(id)") }
        return index
    }

    /// The plan id in force after an event.
    func plan(_ output: Output) -> String { policy.planID(output.plan) }

    /// The upgrade offer as plan ids.
    func upgrade(_ output: Output) -> [String]? { output.upgrade.map { $0.map { policy.plans[$0].id } } }

    /// A count in force.
    func used(_ output: Output, _ meter: String, _ window: LimitWindow) -> Int {
        output.counts[policy.meterIndex(meter)!][window]
    }

    /// A screen value.
    func screen(_ output: Output, _ name: String) -> ScreenValue {
        let values = machine.screens(of: output)
        guard let index = policy.screens.firstIndex(where: { $0.name == name }) else { fatalError("\(policy.name) has no screen \(name)") }
        return values[index]
    }
}
