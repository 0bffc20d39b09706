import Foundation
import Simulator
import SubscriptionModel

/// A hand-written timeline under a policy, one line per event, as the invariant tests
/// write their breaking traces.
struct InvariantScript {
    let policy: SubscriptionPolicy
    let zone: TimeZoneRules
    private(set) var events: [Event] = []

    /// What a line does.
    enum Step {
        case install, reinstall, look, signIn
        case zone(String)
        case use(String)
        case track(String, day: String)
        case entitle(String?, expires: String? = nil, renews: Bool = true)
        case purchase(String), refund(String)
    }

    init(_ policy: SubscriptionPolicy, zone name: String) {
        self.init(policy, zone: InvariantScript.zone(name))
    }

    /// A script whose device starts in `zone` (a made-up table, say).
    init(_ policy: SubscriptionPolicy, zone: TimeZoneRules) {
        self.policy = policy
        self.zone = zone
    }

    /// Adds one event at `at` and returns its index.
    @discardableResult
    mutating func callAsFunction(_ at: String, _ step: Step) -> Int {
        let action: Event.Action
        switch step {
        case .install: action = .install
        case .reinstall: action = .reinstall
        case .look: action = .look
        case .signIn: action = .signIn
        case .zone(let name): action = .setZone(Self.zone(name))
        case .use(let id): action = .use(feature: feature(id), day: nil)
        case .track(let id, let day): action = .use(feature: feature(id), day: Self.date(day))
        case .entitle(let product, let expires, let renews):
            action = .setEntitlement(product.map { id in
                guard let index = policy.productIndex(id) else { fatalError("\(policy.name) sells no \(id)") }
                return Entitlement(product: index, expires: expires.map(Self.instant), renews: renews)
            })
        case .purchase(let id), .refund(let id):
            guard let pack = policy.packIndex(id) else { fatalError("\(policy.name) sells no credit pack \(id)") }
            if case .purchase = step { action = .purchase(pack: pack) } else { action = .refund(pack: pack) }
        }
        events.append(Event(at: Self.instant(at), action))
        return events.count - 1
    }

    /// `count` uses of `feature`, one minute apart from `first`; returns the last index.
    @discardableResult
    mutating func repeated(_ count: Int, _ step: Step, from first: String) -> Int {
        let start = Self.instant(first)
        for n in 0..<count { self(start.adding(milliseconds: Int64(n) * Milliseconds.minute).description, step) }
        return events.count - 1
    }

    func feature(_ id: String) -> Int {
        guard let index = policy.featureIndex(id) else { fatalError("\(policy.name) has no feature \(id)") }
        return index
    }

    func plan(_ id: String) -> Int {
        guard let index = policy.planIndex(id) else { fatalError("\(policy.name) has no plan \(id)") }
        return index
    }

    func meter(_ id: String) -> Int {
        guard let index = policy.meterIndex(id) else { fatalError("\(policy.name) has no meter \(id)") }
        return index
    }

    /// The plans of an offer, by id.
    func offer(_ ids: String...) -> PlanSet {
        var set = PlanSet()
        for id in ids { set.insert(plan(id)) }
        return set
    }

    var timeline: Timeline { Timeline(policy: policy, zone: zone, events: events) }

    /// The reference engine's outputs of the script.
    var referenceOutputs: [Output] { SubscriptionMachine(policy: policy).replay(zone: zone, events: events) }

    static func zone(_ name: String) -> TimeZoneRules {
        guard let rules = TimeZoneRules.named(name) else { fatalError("unknown zone \(name)") }
        return rules
    }

    static func instant(_ text: String) -> Instant {
        guard case .success(let value) = InstantParser.parse(text) else { fatalError("bad instant \(text)") }
        return value
    }

    static func date(_ text: String) -> LocalDate {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        return LocalDate(year: parts[0], month: parts[1], day: parts[2])
    }
}

/// Ways to feed a script to the checker.
enum InvariantRun {
    /// The first violation the trace checker finds when the reference's outputs of the
    /// script are fed to it with `tamper` applied to output `index` (and with `screens`
    /// as the values shown there, when given).
    static func doctored(_ script: InvariantScript, at index: Int, screens: [ScreenValue]? = nil,
                         tamper: (inout Output) -> Void = { _ in }) -> Violation<Invariant>? {
        var outputs = script.referenceOutputs
        tamper(&outputs[index])
        var checker = TraceChecker(policy: script.policy)
        checker.start(zone: script.zone)
        for (position, (event, output)) in zip(script.events, outputs).enumerated() {
            let violation = position == index && screens != nil ? checker.check(event, output, screens: screens!) : checker.check(event, output)
            if let violation { return violation }
        }
        return nil
    }

    /// The first violation a timeline check of `make`'s implementation finds on the script.
    static func implementation<I: SubscriptionImplementation>(_ script: InvariantScript, comparingWithReference: Bool = false,
                                                        _ make: () -> I) -> Violation<Invariant>? {
        var check = TimelineCheck(policy: script.policy, comparingWithReference: comparingWithReference, make)
        return check.check(script.timeline).violation
    }
}

/// The folder of the policy example timelines.
enum InvariantExamples {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios/Examples/policies")

    /// Every example timeline file, sorted by name.
    static var files: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }
}
