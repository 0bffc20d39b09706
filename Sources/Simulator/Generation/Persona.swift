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
    public var weight: Int {
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
