import SubscriptionModel
import SimulatorCore

/// The generic engine's throughput under one policy: `SubscriptionMachine.apply` alone, one
/// thread, over a realistic mix of that policy's events generated beforehand, each
/// output folded into a digest so that all of it is built (`simulate bench --policy`'s
/// model-step figure).
///
/// The mix is the policy's own: each user installs at some moment between 2018 and
/// 2031 (so a grace cut-off in those years is met on both sides), looks at the screens
/// often, uses the policy's features day after day (consuming ones most, some users up
/// to and past every limit; items added and released around a stock limit; history
/// days inside and outside the window), travels now and then, signs in, buys, renews,
/// cancels and loses the policy's products. It is seeded, so two runs step the same
/// events.
package struct Benchmark: Sendable {
    /// The rules stepped.
    package var policy: SubscriptionPolicy
    /// Seed of the generated users.
    package var seed: UInt64
    /// How many users' timelines are generated and stepped round after round.
    package var users: Int
    /// Roughly how long the measurement runs, in seconds.
    package var seconds: Double

    /// A benchmark of `policy`'s step.
    package init(policy: SubscriptionPolicy, seed: UInt64 = 1, users: Int = 1_000, seconds: Double = 1) {
        self.policy = policy
        self.seed = seed
        self.users = users
        self.seconds = seconds
    }

    /// One user's life: the device's zone at the install and the events.
    package struct Timeline: Sendable {
        /// The zone the device starts in.
        package var zone: TimeZoneRules
        /// The events, instants never decreasing, the install first.
        package var events: [Event]
    }

    /// The timelines the measurement steps.
    package func timelines() -> [Timeline] {
        let catalog = ZoneCatalog.standard
        return (0..<users).map { user in
            var random = SeededRandom(seed: seed, stream: UInt64(user))
            return Mix(policy: policy, catalog: catalog).user(&random)
        }
    }

    /// Steps the engine over the timelines until `seconds` have passed: events per
    /// second of `apply` on one thread.
    package func measureStep() -> Figure {
        let timelines = timelines()
        let machine = SubscriptionMachine(policy: policy)
        var events = 0
        var digest: UInt64 = 0xCBF2_9CE4_8422_2325
        let clock = ContinuousClock(), start = clock.now
        var elapsed = 0.0
        repeat {
            for timeline in timelines {
                var state = machine.initialState(zone: timeline.zone)
                for event in timeline.events {
                    digest = Self.fold(digest, machine.apply(event, to: &state))
                }
                events += timeline.events.count
            }
            elapsed = start.duration(to: clock.now).seconds
        } while elapsed < seconds
        precondition(digest != 0, "the digest keeps every output built")
        return Figure(events: events, seconds: elapsed)
    }

    /// Folds the fields of an output into a running fingerprint: one multiply per word.
    @inline(__always)
    static func fold(_ value: UInt64, _ output: Output) -> UInt64 {
        var word = UInt64(UInt32(bitPattern: output.day.daysSince1970)) << 32
        word ^= UInt64(bitPattern: Int64(output.plan ?? -1)) << 24
        word ^= UInt64(output.reason.map { $0.rawValue + 1 } ?? 0) << 16
        word ^= output.outcome == .blocked ? 0x100 : output.outcome == .allowed ? 0x200 : 0
        word ^= output.response == nil ? 0 : 0x400
        word ^= output.upgrade?.bits ?? 0
        word ^= UInt64(bitPattern: output.resetAt?.millisecondsSince1970 ?? 0) &* 0x9E37_79B9_7F4A_7C15
        var counts: UInt64 = 0
        for meter in output.counts {
            counts = counts &* 31 &+ UInt64(bitPattern: Int64(meter.day &+ meter.month &<< 8 &+ meter.total &<< 20 &+ meter.stock &<< 40))
        }
        var next = (value ^ word ^ counts &* 0xC2B2_AE3D_27D4_EB4F) &* 0x0000_0100_0000_01B3
        next ^= next >> 29
        return next
    }

    /// The generator of the benchmark's event mix for one policy.
    struct Mix {
        let policy: SubscriptionPolicy
        let catalog: ZoneCatalog
        /// Features that add to a meter, that give an item back, that carry a diary day, and gates.
        let consuming: [Int], releasing: [Int], history: [Int], gates: [Int]

        init(policy: SubscriptionPolicy, catalog: ZoneCatalog) {
            self.policy = policy
            self.catalog = catalog
            var consuming: [Int] = [], releasing: [Int] = [], history: [Int] = [], gates: [Int] = []
            for (index, feature) in policy.features.enumerated() {
                if feature.hasHistory, !feature.isReleasing {
                    history.append(index)
                    continue
                }
                switch feature.effect {
                case .consumes: consuming.append(index)
                case .releases: releasing.append(index)
                case .gate: gates.append(index)
                }
            }
            self.consuming = consuming
            self.releasing = releasing
            self.history = history
            self.gates = gates
        }

        func user(_ random: inout SeededRandom) -> Timeline {
            let zone = catalog.draw(&random)
            let day = Milliseconds.twentyFourHours
            // 2018-01-01 to 2031-01-01.
            var now = Instant(millisecondsSince1970: random.int64(in: 1_514_764_800_000...1_924_992_000_000))
            var events = [Event(at: now, .install)]
            let days = random.int(in: 20...400)
            // Uses per active day: most users a few, heavy ones past any daily limit.
            let heavy = random.below(4) == 0
            let perDay = heavy ? random.int(in: 8...60) : random.int(in: 1...6)
            let activeShare = random.int(in: 30...100)
            var registered = false
            var entitled: Entitlement?
            for _ in 0..<days {
                // To the next day's waking hours (elapsed time; the zone decides the date).
                now = now.adding(milliseconds: day - random.int64(in: 0...(4 * Milliseconds.hour)) + random.int64(in: 0...(8 * Milliseconds.hour)))
                guard random.below(100) < activeShare else { continue }
                var at = now
                for _ in 0..<random.int(in: 1...perDay) {
                    at = at.adding(milliseconds: random.int64(in: 0...(40 * Milliseconds.minute)))
                    events.append(Event(at: at, action(&random, at: at, zone: zone)))
                }
                switch random.below(100) {
                case 0..<2: events.append(Event(at: at, .setZone(catalog.draw(&random))))
                case 2..<3: events.append(Event(at: at, .reinstall))
                case 3..<5 where !registered:
                    registered = true
                    events.append(Event(at: at, .signIn))
                case 5..<9 where !policy.products.isEmpty:
                    entitled = entitlement(&random, at: at, current: entitled)
                    events.append(Event(at: at, .setEntitlement(entitled)))
                default: break
                }
            }
            return Timeline(zone: zone, events: events)
        }

        /// One event of an active day: mostly uses and looks, by the policy's kinds of feature.
        func action(_ random: inout SeededRandom, at: Instant, zone: TimeZoneRules) -> Event.Action {
            let roll = random.below(100)
            if roll < 15 { return .look }
            if roll < 25, !releasing.isEmpty { return .use(feature: releasing[random.below(releasing.count)], day: nil) }
            if roll < 35, !history.isEmpty {
                let today = zone.localDate(at: at)
                let back = Int32(random.int(in: -1...8))
                return .use(feature: history[random.below(history.count)], day: LocalDate(daysSince1970: today.daysSince1970 - back))
            }
            if roll < 42, !gates.isEmpty { return .use(feature: gates[random.below(gates.count)], day: nil) }
            if !consuming.isEmpty { return .use(feature: consuming[random.below(consuming.count)], day: nil) }
            return .use(feature: random.below(policy.features.count), day: nil)
        }

        /// A purchase, a renewal, a cancellation or a lapse, as StoreKit reports it.
        func entitlement(_ random: inout SeededRandom, at: Instant, current: Entitlement?) -> Entitlement? {
            let month = 30 * Milliseconds.twentyFourHours
            if var current, random.below(3) > 0 {
                if random.below(2) == 0 {
                    current.renews = false // cancelled: lasts to the end of the period
                } else {
                    current.expires = current.expires.map { $0.adding(milliseconds: month) } // renewed
                }
                return current
            }
            if current != nil, random.below(2) == 0 { return nil } // lapsed or refunded
            let product = random.below(policy.products.count)
            switch policy.products[product].kind {
            case .nonConsumable: return Entitlement(product: product, expires: nil, renews: false)
            case .autoRenewable: return Entitlement(product: product, expires: at.adding(milliseconds: month), renews: true)
            }
        }
    }

    /// The rounds of (b), (c) and the flagship's (b), in the order they ran.
    package struct SimulationRounds: Sendable {
        /// (b) the full simulation on the zone tables.
        package var simulation: [Figure]
        /// (c) the same simulation with each event's local date (engine and checker)
        /// from Foundation's `Calendar`.
        package var calendarBaseline: [Figure]
        /// The flagship's (b): meal-capture's rules on the hand-written engine, the
        /// measure of what the policy engine costs.
        package var flagship: [Figure]

        /// Rounds of (b), (c) and the flagship's (b).
        package init(simulation: [Figure], calendarBaseline: [Figure], flagship: [Figure]) {
            self.simulation = simulation
            self.calendarBaseline = calendarBaseline
            self.flagship = flagship
        }
    }

    /// Roughly how long `measureStep` and `measureSimulation` take, in seconds
    /// (calibration included).
    package func expectedSeconds(rounds: Int) -> Double { seconds * Double(3 * rounds + 4) }

    /// (b) the full simulation of the policy (its generator, the engine, the shadow, the
    /// oracle's every invariant, coverage, behaviour, digest) on `jobs` threads, (c)
    /// the same with each event's local date from `Calendar` (engine and checker
    /// alike), and the flagship's (b) (`FlagshipBenchmark`'s, on the hand-written
    /// engine), in alternating rounds of about `seconds` each, so that load elsewhere on
    /// the machine moves one round rather than a ratio.
    package func measureSimulation(jobs: Int, rounds: Int) -> SimulationRounds {
        let calendar = CalendarDates()
        let simulation = Measurement(seed: seed, jobs: jobs, seconds: seconds) { Campaign(options: $0, policy: policy) }
        let baseline = Measurement(seed: seed, jobs: jobs, seconds: seconds) { options in
            var campaign = Campaign(options: options, policy: policy) { ReferenceImplementation(dates: calendar) }
            campaign.checkerDates = calendar
            return campaign
        }
        let flagship = FlagshipBenchmark.simulation(seed: seed, jobs: jobs, seconds: seconds)
        var result = SimulationRounds(simulation: [], calendarBaseline: [], flagship: [])
        for _ in 0..<max(1, rounds) {
            result.simulation.append(simulation.round())
            result.calendarBaseline.append(baseline.round())
            result.flagship.append(flagship.round())
        }
        return result
    }

    /// The figures as `simulate bench --policy` prints them: the flagship's lines, then
    /// the rounds of the flagship's (b) and the ratio of the two medians of (b), and
    /// when every round measured its processor time, the same ratio by processor time.
    package static func text(policy: String, step: Figure, rounds: SimulationRounds, jobs: Int, dayStart: Bool = false) -> String {
        let ratio = median(rounds.simulation).rate / median(rounds.flagship).rate
        // `Calendar` knows no day start: a policy with one reads the zone tables in (c) too.
        let note = dayStart ? ["  (c) reads the zone tables too under this policy: Calendar's zones know no day start (dayStartsAt)"] : []
        let heading = "simulate bench --policy \(ShellText.word(policy)) (\(CampaignOptions.coreCount) cores; simulation on \(Figures.count(jobs, "job")), median of \(Figures.count(rounds.simulation.count, "round")))"
        var lines = [heading] + Self.lines(engine: "engine", step: ("generic engine step", step), simulation: rounds.simulation, baseline: rounds.calendarBaseline,
                                           peakResidentBytes: Self.peakResidentBytes())
        lines += note
        lines.append("  rounds of the flagship's (b)  " + rounds.flagship.map { Figures.rate($0.rate) }.joined(separator: "  "))
        lines.append("  policy/flagship  \(Figures.fixed(ratio, 2))×   (this policy's (b) against the flagship's, meal-capture on the hand-written engine)")
        if let policyRate = medianCPURate(rounds.simulation), let flagshipRate = medianCPURate(rounds.flagship) {
            lines.append("  policy/flagship per processor second  \(Figures.fixed(policyRate / flagshipRate, 2))×   (the same by the rounds' processor time, which other programs' load moves less)")
        }
        return lines.joined(separator: "\n")
    }
}
