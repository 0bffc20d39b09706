import Foundation
import SimulatorCore
import SubscriptionModel

/// Hands users out in order to the harness's threads and keeps what each played, until
/// the first user that stops the check (a broken invariant, or an app that could not be
/// played): no user above it is handed out, and every user below it is played, so the
/// outcome is the same for any number of threads.
final class UserHunt: @unchecked Sendable {
    /// What stopped the check at a user.
    struct Stop: Sendable {
        /// The judgement of the user's timeline.
        var judged: TimelineJudgeVerdict
        /// The timeline's starting zone.
        var zone: TimeZoneRules
        /// The user's persona.
        var persona: Persona
        /// The timeline's events.
        var events: [Event]
    }

    /// What one user played.
    struct Played: Sendable {
        /// Events played.
        var events: Int
        /// What the app reported.
        var tally: ObservationTally
        /// Set when this user stops the check.
        var stop: Stop?
    }

    private let lock = NSLock()
    private let users: Int
    private var next = 0
    private var firstStop: Int?
    private var played: [Played?]

    /// A hunt over users 0 to `users - 1`.
    init(users: Int) {
        self.users = users
        self.played = Array(repeating: nil, count: users)
    }

    /// The next user to play, or nil when none is left below the first stop.
    func nextUser() -> Int? {
        lock.withLock {
            guard next < min(users, firstStop ?? .max) else { return nil }
            defer { next += 1 }
            return next
        }
    }

    /// Records what `user` played.
    func record(_ user: Int, _ result: Played) {
        lock.withLock {
            played[user] = result
            if result.stop != nil { firstStop = min(firstStop ?? .max, user) }
        }
    }

    /// Every user from 0 up to and including the first stop (all of them when none
    /// stopped), once every thread is done.
    var playedUpToTheFirstStop: [Played] {
        lock.withLock { played.prefix((firstStop ?? users - 1) + 1).map { $0! } }
    }
}
