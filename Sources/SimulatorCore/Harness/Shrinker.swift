import SubscriptionModel

/// Reduces a failing timeline to a small one that still breaks the same invariant.
///
/// In the manner of Hypothesis and delta debugging: cut everything after the
/// violating event, delete runs of events (halving the run length down to single
/// events), pull instants together, start the device in the zone it first moves to,
/// replace zones by fixed-offset ones and products
/// by simpler ones, and repeat until nothing changes. The last round tries deleting
/// every single event (or has found before that its deletion does not fail) and finds
/// none that can go, so the result is 1-minimal:
/// removing any one event (other than the install, which every timeline needs)
/// makes the failure go away, or leaves a timeline the generator could not draw (a use
/// in the background once the return from it is gone; deleting a trip to the
/// background takes its return with it). Every candidate is a valid timeline, and a realistic one
/// (`ShrinkableTimeline.isRealistic`): one the generator could have produced.
///
/// As Hypothesis does, it does not check again a candidate found not to fail. Later
/// rounds offer many such again (the passes before the last change of a round, run again
/// on what they left), and whether a candidate fails is taken to depend on the candidate
/// alone (each check starts from a fresh implementation, device or program), so each is
/// remembered by a 128-bit fingerprint of its zone and events. The result is the same;
/// only the checks it would have repeated are saved.
///
/// It works on any timeline form (`ShrinkableTimeline`: the v1 `Timeline`, a policy's
/// `Timeline`) and any failure located at an event (`LocatedFailure`).
package struct Shrinker<Shrunk: ShrinkableTimeline, Failure: LocatedFailure> {
    /// Whether a candidate still fails the same way; returns its violation if so.
    package let failure: (Shrunk) -> Failure?
    /// How many candidates were checked (for the report): valid and realistic ones,
    /// each once.
    package private(set) var attempts = 0
    /// The candidates checked and found not to fail, by fingerprint.
    private var rejected = Set<Fingerprint>()
    /// Asked before each candidate: true ends the shrinking there, with the smallest
    /// failing timeline so far (a limit on its time). Never, by default.
    package var shouldStop: () -> Bool = { false }
    /// Whether `shouldStop` ended the shrinking before it was done.
    package private(set) var stopped = false

    /// A shrinker keeping `invariant` broken, as judged by `check`.
    package init(invariant: Failure.Rule, check: @escaping (Shrunk) -> Failure?) {
        self.init { timeline in
            guard let violation = check(timeline), violation.invariant == invariant else { return nil }
            return violation
        }
    }

    /// A shrinker keeping whatever failure `reproduces` recognises (a crash of an
    /// external program, say), located at the violation's event.
    package init(reproduces: @escaping (Shrunk) -> Failure?) {
        self.failure = reproduces
    }

    typealias Timeline = Shrunk
    typealias Violation = Failure
    typealias Event = Shrunk.Step

    /// The shrunk timeline; `timeline` itself, unchanged, when it does not fail.
    package mutating func shrink(_ timeline: Shrunk) -> Shrunk {
        guard let violation = failure(timeline) else { return timeline }
        return shrink(timeline, failing: violation)
    }

    /// The shrunk timeline of `timeline`, already known to fail with `violation`: it is
    /// not checked again.
    package mutating func shrink(_ timeline: Shrunk, failing violation: Failure) -> Shrunk {
        var violation = violation
        var best = timeline
        best.events.removeSubrange((violation.eventIndex + 1)...)
        var changed = true
        while changed, !stopped {
            changed = false
            changed = simplifyWholes(&best, &violation) || changed
            changed = deleteRuns(&best, &violation) || changed
            changed = simplifyZones(&best, &violation) || changed
            changed = simplifyActions(&best, &violation) || changed
            changed = closeGaps(&best, &violation) || changed
            changed = pullInstantsTogether(&best, &violation) || changed
        }
        return best
    }

    /// Accepts `candidate` when it is valid and still fails; cuts what follows the new violation.
    private mutating func accept(_ candidate: Timeline, into best: inout Timeline, _ violation: inout Violation) -> Bool {
        if stopped || shouldStop() {
            stopped = true
            return false
        }
        let candidate = candidate.repaired
        guard candidate.isValid, candidate.isRealistic else { return false }
        let fingerprint = Fingerprint(candidate)
        guard !rejected.contains(fingerprint) else { return false }
        attempts += 1
        guard let found = failure(candidate) else {
            rejected.insert(fingerprint)
            return false
        }
        best = candidate
        best.events.removeSubrange((found.eventIndex + 1)...)
        violation = found
        return true
    }

    /// Whole-timeline simplifications (`ShrinkableTimeline.simplerWholes`), the first that still fails.
    private mutating func simplifyWholes(_ best: inout Timeline, _ violation: inout Violation) -> Bool {
        for candidate in best.simplerWholes where accept(candidate, into: &best, &violation) { return true }
        return false
    }

    private mutating func deleteRuns(_ best: inout Timeline, _ violation: inout Violation) -> Bool {
        var changed = false
        var size = max(1, (best.events.count - 1) / 2)
        while size >= 1, !stopped {
            var start = 1
            while start < best.events.count, !stopped {
                var candidate = best
                candidate.events.removeSubrange(start..<min(start + size, candidate.events.count))
                if accept(candidate, into: &best, &violation) { changed = true } else { start += size }
            }
            size /= 2
        }
        return changed
    }

    /// The device in the first zone change's zone from the start, that change gone (one
    /// event fewer: a user who installed abroad); then zones with no history: UTC, then
    /// the fixed zone of the same whole-hour offset.
    private mutating func simplifyZones(_ best: inout Timeline, _ violation: inout Violation) -> Bool {
        if let first = best.events.indices.dropFirst().first(where: { best.events[$0].zoneSet != nil }) {
            var candidate = best
            candidate.zone = best.events[first].zoneSet!
            candidate.events.remove(at: first)
            if accept(candidate, into: &best, &violation) { return true }
        }
        let utc = TimeZoneRules.utc
        func simpler(_ zone: TimeZoneRules, at instant: Instant) -> [TimeZoneRules] {
            let offset = zone.offsetMilliseconds(at: instant)
            var options = [utc]
            if offset % Milliseconds.hour == 0, let fixed = ZoneCatalog.fixed(offsetHours: Int(offset / Milliseconds.hour)) { options.append(fixed) }
            return options.filter { $0 != zone }
        }
        var changed = false
        for option in simpler(best.zone, at: best.events[0].at) {
            var candidate = best
            candidate.zone = option
            if accept(candidate, into: &best, &violation) { changed = true; break }
        }
        return replaceEvents(&best, &violation) { event in
            event.withSimplerZones { simpler($0, at: event.at) }
        } || changed
    }

    /// Simpler events of the timeline's own kind (fewer or lower entitlements, plainer
    /// kinds, a look for a reinstall: `ShrinkableStep.simpler`).
    private mutating func simplifyActions(_ best: inout Timeline, _ violation: inout Violation) -> Bool {
        replaceEvents(&best, &violation) { $0.simpler }
    }

    /// Tries, event by event (after the install), the simpler events `options` offers,
    /// keeping the first that still fails.
    private mutating func replaceEvents(_ best: inout Timeline, _ violation: inout Violation, options: (Event) -> [Event]) -> Bool {
        var changed = false
        var index = 1
        while index < best.events.count {
            for option in options(best.events[index]) {
                var candidate = best
                candidate.events[index] = option
                if accept(candidate, into: &best, &violation) { changed = true; break }
            }
            index += 1
        }
        return changed
    }

    /// Closes the gap before an event by moving it and everything after it earlier
    /// together, which keeps the timing between them (a capture and the zone switch
    /// that follows it) while the whole story moves, say, into the trial. Tries the
    /// whole gap, then the gap in whole days (keeping local times of day), then halves.
    private mutating func closeGaps(_ best: inout Timeline, _ violation: inout Violation) -> Bool {
        var changed = false
        var index = 1
        while index < best.events.count {
            let gap = best.events[index - 1].at.milliseconds(to: best.events[index].at)
            var shifts: [Int64] = [gap]
            let wholeDays = gap - gap % Milliseconds.twentyFourHours
            if wholeDays > 0, wholeDays != gap { shifts.append(wholeDays) }
            var half = gap / 2
            while half >= Milliseconds.hour { shifts.append(half); half /= 2 }
            for shift in shifts where shift > 0 {
                var candidate = best
                for later in index..<candidate.events.count { candidate.events[later].at = candidate.events[later].at.adding(milliseconds: -shift) }
                if accept(candidate, into: &best, &violation) { changed = true; break }
            }
            index += 1
        }
        return changed
    }

    /// Moves each instant as close to its predecessor as the failure allows, and
    /// rounds instants to whole minutes or seconds where it can, for a readable timeline.
    private mutating func pullInstantsTogether(_ best: inout Timeline, _ violation: inout Violation) -> Bool {
        var changed = false
        var index = best.events.count - 1
        while index >= 0 {
            let events = best.events
            let low = index > 0 ? events[index - 1].at.millisecondsSince1970 : Int64.min
            let high = index + 1 < events.count ? events[index + 1].at.millisecondsSince1970 : Int64.max
            let current = events[index].at.millisecondsSince1970
            var options: [Int64] = []
            if index > 0 { options.append(low) }
            for unit in [Milliseconds.hour, Milliseconds.minute, Milliseconds.second] {
                let rounded = roundedDown(current, to: unit)
                // Only ever earlier (or up to the predecessor), so repeated rounds terminate.
                if rounded != current { options.append(rounded >= low ? rounded : rounded + unit) }
            }
            if index > 0 {
                // Halve the gap to the predecessor, a few times.
                var gap = current - low
                while gap > Milliseconds.second { gap /= 2; options.append(low + gap) }
            }
            for option in options where option >= low && option <= min(high, current) && option != current {
                var candidate = best
                candidate.events[index].at = Instant(millisecondsSince1970: option)
                if accept(candidate, into: &best, &violation) { changed = true; break }
            }
            index = min(index, best.events.count) - 1
        }
        return changed
    }

    /// A candidate's fingerprint: two hashes of its zone and events (all that the
    /// shrinker changes), each seeded differently. Two different candidates of one
    /// shrinking share it with a probability of about n² / 2¹²⁹ for n candidates (below
    /// 10⁻²⁸ for a hundred thousand).
    private struct Fingerprint: Hashable {
        let first: Int
        let second: Int

        init(_ timeline: Shrunk) {
            var first = Hasher(), second = Hasher()
            first.combine(0 as UInt8)
            second.combine(1 as UInt8)
            first.combine(timeline.zone)
            first.combine(timeline.events)
            second.combine(timeline.zone)
            second.combine(timeline.events)
            self.first = first.finalize()
            self.second = second.finalize()
        }
    }
}
