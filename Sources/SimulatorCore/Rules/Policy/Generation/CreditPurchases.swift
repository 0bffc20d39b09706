import SubscriptionModel

/// The purchases and refunds of credit packs laid over a user's drawn events, under a
/// policy that sells packs: a buyer buys a pack of the meter the moment a limit blocks a
/// use (so with fewer credits held than the use costs: G13 would have paid), and about one purchase
/// in eight is refunded between an hour and 20 days later, its credits spent or not.
///
/// The events are followed through the reference engine, so a purchase comes exactly
/// where a limit stopped the user, whatever the zones, days and plans did meanwhile.
/// Four users in ten buy packs at all (one stop in seven, in three, or four in five); a
/// policy without packs never gets here, so its users draw nothing more.
struct CreditPurchases {
    /// A stream of its own, split from the user's.
    var random: SeededRandom
    /// The engine and the policy's packs, built once per generator.
    let engine: Engine

    /// What every user of one policy is followed with, built once per generator and held
    /// by reference: the engine, each feature's meter when a pack is for it (else −1),
    /// and each meter's packs.
    final class Engine: Sendable {
        let machine: SubscriptionMachine
        let meterOf: [Int]
        let packsOf: [[Int]]

        init(policy: SubscriptionPolicy) {
            machine = SubscriptionMachine(policy: policy)
            meterOf = policy.creditMeterOfFeature
            packsOf = policy.meters.indices.map { meter in policy.creditPacks.indices.filter { policy.creditPacks[$0].meter == meter } }
        }
    }

    /// `events` with the purchases and refunds, appended to `buffer` (emptied first).
    mutating func lay(_ events: [Event], zone: TimeZoneRules, into buffer: EventBuffer) {
        buffer.removeAll()
        let machine = engine.machine, meterOf = engine.meterOf, packsOf = engine.packsOf
        let buys = random.chance(0.4) ? random.pick([0.15, 0.4, 0.8]) : 0
        guard buys > 0 else {
            for event in events { buffer.append(event) }
            return
        }
        var state = machine.initialState(zone: zone)
        var refunds: [Event] = [] // due, in the order drawn (each later than its purchase)
        for event in events {
            // The refunds due by now, at their own instants (after everything laid out before).
            while let due = refunds.indices.min(by: { refunds[$0].at < refunds[$1].at }), refunds[due].at <= event.at {
                let refund = refunds.remove(at: due)
                _ = machine.apply(refund, to: &state)
                buffer.append(refund)
            }
            let output = machine.apply(event, to: &state)
            buffer.append(event)
            guard case .use(let feature, _) = event.action, meterOf[feature] >= 0, output.outcome == .blocked,
                  output.reason?.isLimit == true, random.chance(buys) else { continue }
            let purchase = Event(at: event.at, .purchase(pack: random.pick(packsOf[meterOf[feature]])))
            _ = machine.apply(purchase, to: &state)
            buffer.append(purchase)
            if random.chance(0.12), case .purchase(let pack) = purchase.action {
                refunds.append(Event(at: event.at.adding(milliseconds: random.int64(in: Milliseconds.hour...20 * Milliseconds.twentyFourHours)),
                                     .refund(pack: pack)))
            }
        }
        // A refund due after the timeline's last event never comes.
    }
}
