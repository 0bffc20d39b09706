/// The kinds of user the generator mixes, each aimed at a different way to break the rules.
public enum Persona: String, Hashable, Sendable, CaseIterable {
    /// A few analyses on some days.
    case light
    /// Hits the limit most days, and the fair-use cap on some.
    case heavy
    /// Attempts within seconds of local midnight, DST changes, the trial's end and
    /// entitlement changes.
    case edgeWalker = "edge-walker"
    /// Flies east and west, across the date line, from UTC−12 to UTC+14, and toggles
    /// the zone back and forth near midnight.
    case traveller
    /// Buys, upgrades, downgrades, cancels, lapses, is refunded and resubscribes, as
    /// StoreKit reports it for auto-renewable subscriptions in one group.
    case subscriber
    /// Deletes and installs the app again at awkward moments.
    case reinstaller

    /// How often each persona is drawn, out of the sum of all weights.
    package var weight: Int {
        switch self {
        case .light: 20
        case .heavy: 20
        case .edgeWalker: 15
        case .traveller: 15
        case .subscriber: 20
        case .reinstaller: 10
        }
    }
}

extension Persona {
    /// How many uses (attempts) the persona makes on one local day, drawn from `random`.
    /// Without a plan every use is refused (after the trial, with no default plan):
    /// such users come back rarely. Both generators draw it this way, so the v1
    /// timelines and the policies' share one habit per persona.
    @inlinable @inline(__always)
    package func usesOnADay(hasPlan: Bool, random: inout SeededRandom) -> Int {
        if !hasPlan { return random.chance(0.12) ? random.int(in: 1...2) : 0 }
        return switch self {
        case .light: random.chance(0.55) ? 0 : random.int(in: 1...4)
        case .heavy: switch random.below(20) {
            case 0..<3: random.int(in: 0...3)
            case 3..<17: random.int(in: 9...14)
            default: random.int(in: 45...55)
            }
        case .edgeWalker: random.chance(0.4) ? 0 : random.int(in: 6...12)
        case .traveller: random.chance(0.3) ? 0 : random.int(in: 1...12)
        case .subscriber: switch random.below(10) {
            case 0..<3: 0
            case 3..<8: random.int(in: 1...11)
            default: random.int(in: 10...55)
            }
        case .reinstaller: random.chance(0.3) ? 0 : random.int(in: 2...12)
        }
    }
}

extension Persona {
    /// The persona's position in `allCases`.
    @inlinable
    package var position: Int { Persona.allCases.firstIndex(of: self)! }
}
