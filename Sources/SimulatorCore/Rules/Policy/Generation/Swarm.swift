import SubscriptionModel

/// The part of everything a generator can do that one user may do: swarm testing.
///
/// Drawn per user from the run's seed (each feature and each habit kept with
/// probability ½), so a run mixes users who never travel, never delete, never sign
/// in, only ever upgrade, or use two features of seven. Rare interactions are then not
/// drowned out: a user who cannot cancel renews, upgrades and is refunded more often
/// than one who may do everything. With swarm testing off every user may do everything,
/// and their persona alone decides how often.
package struct Swarm: Hashable, Sendable, CustomStringConvertible {
    /// The features the user may use, one bit per feature index.
    package var features: UInt64
    /// The habits the user may have.
    package var habits: Habits

    /// Creates a subset.
    package init(features: UInt64, habits: Habits) {
        self.features = features
        self.habits = habits
    }

    /// Everything a generator can do, for `policy`: what every user gets with swarm testing off.
    package static func everything(for policy: SubscriptionPolicy) -> Swarm {
        let count = policy.features.count
        return Swarm(features: count >= 64 ? .max : (1 << UInt64(count)) - 1, habits: .all)
    }

    /// Whether the user may use feature `feature`.
    @inlinable
    package func allows(feature: Int) -> Bool { features & (1 << UInt64(feature)) != 0 }

    /// Draws a user's subset: each feature and each habit kept with probability ½,
    /// keeping at least one feature that is not a release (a user who only deletes has
    /// nothing to delete) and the habit that makes the persona what it is (a subscriber
    /// buys, a traveller travels, a reinstaller reinstalls, an edge walker walks edges,
    /// a heavy user bursts).
    static func draw(_ random: inout SeededRandom, traits: UserTraits, persona: Persona) -> Swarm {
        let count = traits.policy.features.count
        let all: UInt64 = count >= 64 ? .max : (1 << UInt64(count)) - 1
        let usable = all & ~traits.releasingMask
        var features = random.next() & all
        if features & usable == 0, usable != 0 {
            // Keep one usable feature, a consuming one when there is one.
            let pool = traits.consuming.isEmpty ? (0..<count).filter { usable & (1 << UInt64($0)) != 0 } : traits.consuming
            features |= 1 << UInt64(random.pick(pool))
        }
        var habits = Habits(rawValue: UInt32(truncatingIfNeeded: random.next()) & Habits.all.rawValue)
        habits.insert(Habits.defining(persona))
        return Swarm(features: features, habits: habits)
    }

    /// The habits swarm testing switches on and off, one bit each.
    package struct Habits: OptionSet, Hashable, Sendable {
        /// The bits.
        package var rawValue: UInt32
        /// A set of habits.
        package init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Flies to other zones, across the date line too.
        package static let travels = Habits(rawValue: 1 << 0)
        /// Toggles the zone back and forth around local midnight.
        package static let togglesZone = Habits(rawValue: 1 << 1)
        /// Deletes the app and installs it again.
        package static let reinstalls = Habits(rawValue: 1 << 2)
        /// Opens the screens without doing anything.
        package static let looks = Habits(rawValue: 1 << 3)
        /// Signs in (a guest becomes a registered user).
        package static let signsIn = Habits(rawValue: 1 << 4)
        /// Buys a product at all.
        package static let buys = Habits(rawValue: 1 << 5)
        /// Moves to a higher-ranked plan's product.
        package static let upgrades = Habits(rawValue: 1 << 6)
        /// Moves to a lower-ranked plan's product (at the period's end).
        package static let downgrades = Habits(rawValue: 1 << 7)
        /// Switches between products of the same plan (monthly and yearly).
        package static let crossgrades = Habits(rawValue: 1 << 8)
        /// Turns auto-renew off.
        package static let cancels = Habits(rawValue: 1 << 9)
        /// Asks for (and gets) a refund.
        package static let refunds = Habits(rawValue: 1 << 10)
        /// Lets a renewal fail (an expired card).
        package static let failsBilling = Habits(rawValue: 1 << 11)
        /// Buys again after access ended.
        package static let resubscribes = Habits(rawValue: 1 << 12)
        /// Restores purchases: StoreKit reports the entitlement in force again, or none.
        package static let restores = Habits(rawValue: 1 << 13)
        /// Buys the lifetime (non-consumable) product when there is one.
        package static let buysLifetime = Habits(rawValue: 1 << 14)
        /// Has days of many uses of one feature, aimed at a limit.
        package static let bursts = Habits(rawValue: 1 << 15)
        /// Uses features at the edges (midnights, month ends, trial and grace ends).
        package static let walksEdges = Habits(rawValue: 1 << 16)

        /// Is offline when a subscription's period ends: StoreKit's report of the renewal,
        /// of the move to another product or of the end of a cancelled subscription reaches
        /// the app minutes to days late, and the app is used meanwhile with an `expires` in
        /// the past.
        package static let offlineAtPeriodEnd = Habits(rawValue: 1 << 17)
        /// Has a device clock behind StoreKit's: a report of a renewal or of a move to
        /// another product at a period's end now and then reaches the app a moment to two
        /// minutes before that end, by the device's clock.
        package static let clockBehind = Habits(rawValue: 1 << 18)

        /// Every habit.
        package static let all = Habits(rawValue: (1 << 19) - 1)

        /// The habit a persona keeps under swarm testing: what the persona is for.
        static func defining(_ persona: Persona) -> Habits {
            switch persona {
            case .light: []
            case .heavy: .bursts
            case .edgeWalker: .walksEdges
            case .traveller: .travels
            case .subscriber: .buys
            case .reinstaller: .reinstalls
            }
        }

        /// The habits' names, for reports.
        static let names: [(Habits, String)] = [
            (.travels, "travels"), (.togglesZone, "toggles-zone"), (.reinstalls, "reinstalls"), (.looks, "looks"),
            (.signsIn, "signs-in"), (.buys, "buys"), (.upgrades, "upgrades"), (.downgrades, "downgrades"),
            (.crossgrades, "crossgrades"), (.cancels, "cancels"), (.refunds, "refunds"), (.failsBilling, "fails-billing"),
            (.resubscribes, "resubscribes"), (.restores, "restores"), (.buysLifetime, "buys-lifetime"),
            (.bursts, "bursts"), (.walksEdges, "walks-edges"), (.offlineAtPeriodEnd, "offline-at-period-end"),
            (.clockBehind, "clock-behind"),
        ]
    }

    /// `features 0b…, habits travels, looks, …`, for a failing user's report.
    package var description: String {
        let kept = Habits.names.filter { habits.contains($0.0) }.map(\.1)
        return "features 0b" + String(features, radix: 2) + ", habits " + (kept.isEmpty ? "none" : kept.joined(separator: ", "))
    }
}
