/// How far a failing timeline was shrunk, as every summary and report says it.
package enum ShrinkingText {
    /// "shrunk from 8,262 to 11 events", or "not shrunk (1,927 events)" for a timeline
    /// that kept its length; capitalized to start a sentence.
    package static func text(from original: Int, to shrunk: Int, capitalized: Bool = false) -> String {
        shrunk < original ? "\(capitalized ? "S" : "s")hrunk from \(Figures.grouped(original)) to \(Figures.count(shrunk, "event"))"
            : "\(capitalized ? "N" : "n")ot shrunk (\(Figures.count(shrunk, "event")))"
    }

    /// A check's shrinking line: how far it went, or why the timeline is whole, and
    /// whether shrinking stopped at its limit of `stoppedAt` seconds (a time-out's or a
    /// flood's, `ExternalProgram.shrinkLimitSeconds`). `reproduced` false: the timeline
    /// shown passed when given to the program on its own, the whole one before any
    /// shrinking (`shrunk == original`), or the shrunk one (and the smallest candidate
    /// that had failed, run once more).
    package static func check(from original: Int, to shrunk: Int, reproduced: Bool, batch: Bool, stoppedAt limit: Double? = nil) -> String {
        if let limit {
            let seconds = Figures.fixed(limit, limit == limit.rounded() ? 0 : 1)
            let why = "each smaller timeline that still fails takes the whole --timeout, or prints up to the whole output limit, again"
            return shrunk < original
                ? text(from: original, to: shrunk) + ", then stopped at \(seconds) s, the limit for shrinking a time-out or a flood of output (\(why))"
                : text(from: original, to: shrunk) + ": shrinking a time-out or a flood of output stops at \(seconds) s, and \(why)"
        }
        guard reproduced else {
            if shrunk < original {
                return text(from: original, to: shrunk) + ", but the program passed that timeline when given it on its own: "
                    + "its answers vary from run to run, or depend on events after the one that failed"
            }
            let why = batch ? "on a fresh start of the program this timeline passes, so the failure depends on the timelines it was given before"
                : "this timeline passed when the program ran it again, so its answers vary from run to run"
            return "not shrunk: \(why) (\(Figures.count(original, "event")))"
        }
        return text(from: original, to: shrunk)
    }

    /// Which timeline a failure's "at event N" counts in, said right after it: " of the
    /// shrunk timeline (user 1's own timeline broke at event 11)" when the violation is
    /// the shrunk timeline's (`originalEvent`: where the user's own timeline first broke,
    /// when known; shrinking moves and simplifies events, so it is not the same event), and
    /// " of user 1's timeline" when it is the user's whole timeline's.
    package static func place(user: Int, shrunk: Bool, originalEvent: Int?) -> String {
        guard shrunk else { return " of user \(user)'s timeline" }
        return " of the shrunk timeline" + (originalEvent.map { " (user \(user)'s own timeline broke at event \($0))" } ?? "")
    }
}

extension Violation {
    /// `INVARIANT at event N PLACE: DETAIL`: the description, saying which timeline
    /// the event is counted in (`ShrinkingText.place`).
    package func description(at place: String) -> String { "\(invariant.rawValue) at event \(eventIndex)\(place): \(detail)" }
}

extension ShrunkFailure {
    /// A failure block's line of what broke: the violation on the shrunk timeline (of
    /// `events` events), or on the user's own (`violationIsOriginal`), with the timeline
    /// its event is counted in.
    package func violationLine(events: Int) -> String {
        guard let violation else { return "the shrunk timeline no longer fails" }
        return violation.description(at: ShrinkingText.place(user: user, shrunk: !violationIsOriginal && events < originalEvents, originalEvent: originalEvent))
    }
}
