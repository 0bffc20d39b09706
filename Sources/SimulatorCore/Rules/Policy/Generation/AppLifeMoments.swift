import SubscriptionModel

/// The moments of the app's own life laid over a user's drawn events, for checks of a
/// team's app code (`TimelineGenerator(appLife: true)`): the app goes to the
/// background between sessions and comes back, or is launched again because the system
/// ended it meanwhile; the user swipes it away and opens it again; timers fire while it
/// stays open. None of it changes anything under the rules (G11), so it is drawn only
/// for code that keeps state of its own, never for the reference campaigns.
///
/// The drawn events keep their instants and their order; the moments go in the gaps
/// between them, and the result is realistic (`Timeline.isRealistic`): the app is on
/// the screen at every use, look, sign-in and timer. StoreKit's reports and zone changes
/// that fall while the app is in the background stay there (the harness tells the app
/// of a zone change at once, of StoreKit's news when it returns or is launched).
///
/// A user's moments depend only on their events and the random stream given: one user in
/// five gets none at all (the app kept alive for the whole timeline, Q1's worst case),
/// the others draw how often they leave the app, how often the system ends it in the
/// background, how often they swipe it away and how often it runs a timer.
struct AppLifeMoments {
    /// A stream of its own, split from the user's.
    var random: SeededRandom

    /// `events` with the app's moments between them, appended to `buffer` (emptied first).
    mutating func lay(_ events: [Event], into buffer: EventBuffer) {
        buffer.removeAll()
        guard random.chance(0.8) else {
            for event in events { buffer.append(event) }
            return
        }
        let leaves = random.pick([0.15, 0.4, 0.8])
        let ended = random.pick([0.2, 0.5, 0.9])
        let swipes = random.pick([0.0, 0.03, 0.1])
        let timers = random.pick([0.0, 0.1, 0.3])
        let minute = Milliseconds.minute, hour = Milliseconds.hour
        var onScreen = true
        var last = events.first?.at ?? Instant(millisecondsSince1970: 0)
        for index in events.indices {
            let event = events[index]
            if !onScreen, event.action.needsForeground {
                // Back on the screen just before the user does something (never before
                // the moment the app left it).
                let back = event.at.adding(milliseconds: -random.int64(in: 0...min(last.milliseconds(to: event.at), 2 * minute)))
                buffer.append(Event(at: back, random.chance(ended) ? .relaunch : .foreground))
                onScreen = true
            }
            buffer.append(event)
            last = event.at
            switch event.action {
            case .install, .reinstall: onScreen = true
            default: break
            }
            guard onScreen, index + 1 < events.count else { continue }
            let gap = event.at.milliseconds(to: events[index + 1].at)
            var cursor = event.at
            if gap >= minute, random.chance(swipes) {
                cursor = cursor.adding(milliseconds: random.int64(in: 0...min(gap / 2, 10 * minute)))
                buffer.append(Event(at: cursor, .relaunch))
            }
            if gap >= 10 * minute, random.chance(timers) {
                // The app's hourly check, while the user keeps it open.
                let fires = gap >= hour ? random.int(in: 1...Int(min(3, gap / hour))) : 1
                let step = gap >= hour ? hour : gap / 2
                for _ in 0..<fires where cursor.milliseconds(to: events[index + 1].at) >= step {
                    cursor = cursor.adding(milliseconds: step)
                    buffer.append(Event(at: cursor, .timer))
                }
            }
            let left = cursor.milliseconds(to: events[index + 1].at)
            if left >= 5 * minute, random.chance(leaves) {
                last = cursor.adding(milliseconds: random.int64(in: 0...min(left, 30 * minute)))
                buffer.append(Event(at: last, .background))
                onScreen = false
            }
        }
    }
}
