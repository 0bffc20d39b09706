import Foundation
import Simulator
import SubscriptionModel
import Testing

/// Shrinking a failure caused by a deliberately broken rule gives a 1-minimal timeline
/// of the smallest size that bug allows.
@Suite("Shrinking")
struct ShrinkingTests {
    /// The broken rule (`ResetsWhenDateDiffers` of the catalogue): the counter resets
    /// whenever the local date *differs* from the stored day, instead of when it advances
    /// past it (U3), so going west buys a reset.
    static func check(_ timeline: FlagshipTimeline) -> Violation<FlagshipInvariant>? {
        var check = FlagshipTimelineCheck { ResetsWhenDateDiffers() }
        return check.check(zone: timeline.zone, events: timeline.events).violation
    }

    @Test("the broken rule is found, and shrinks to install, capture, and a move to an earlier date")
    func shrinksToMinimal() throws {
        var options = PropertySettings.options
        options.users = 400
        let campaign = Campaign(options: options) { ResetsWhenDateDiffers() }
        let result = campaign.run()
        let invariant = try #require(result.brokenInvariants.first, "the broken rule was not found among \(options.users) users of seed \(options.seed)")
        let user = try #require(result.firstFailingUser[invariant])
        let failure = campaign.shrinkFailure(of: invariant, user: user)
        let shrunk = failure.timeline
        print("shrunk \(invariant.rawValue) of seed \(options.seed), user \(user): \(failure.originalEvents) → \(shrunk.events.count) events in \(Figures.fixed(failure.seconds, 3)) s (\(failure.attempts) candidates)")
        print(FlagshipTimelineWriter().text(shrunk))

        #expect(invariant == .usageDay, "\(invariant.rawValue)")
        #expect(failure.violation?.invariant == invariant, "the shrunk timeline still fails the same way")
        // The failure names both events: the shrunk timeline's, and the regenerated user's own.
        let whole = campaign.generator.generatedUser(seed: options.seed, user: user).timeline
        let original = try #require(Self.check(whole), "user \(user)'s own timeline fails")
        #expect(original.invariant == invariant && failure.originalEvent == original.eventIndex && original.eventIndex >= 3,
                "\(String(describing: failure.originalEvent)) against \(original)")
        let block = FlagshipRunSummary.failure(failure, writtenTo: "/tmp/f.json", timelineText: "{}")
        let shrunkEvent = try #require(failure.violation?.eventIndex)
        #expect(block.contains("usage-day at event \(shrunkEvent) of the shrunk timeline (user \(user)'s own timeline broke at event \(original.eventIndex)): "), "\(block)")
        #expect(shrunk.isValid)
        #expect(shrunk.events.count == 3, "install, one counted capture, one move to an earlier local date")
        #expect(shrunk.events.first?.action == .install)
        #expect(shrunk.events.contains { if case .capture = $0.action { true } else { false } })
        // 1-minimal: removing any single event (but the install) makes the failure go away.
        for index in 1..<shrunk.events.count {
            var smaller = shrunk
            smaller.events.remove(at: index)
            #expect(Self.check(smaller)?.invariant != invariant, "event \(index) could still be removed")
        }
    }

    @Test("shouldStop ends shrinking at once with the smallest failing timeline so far, trying no candidate after it")
    func stopsWhenAsked() throws {
        let install = try #require(try? InstantParser.parse("2031-03-01T09:00:00Z").get())
        let timeline = Timeline(policy: .dailyQuip, zone: .utc, events: [Event(at: install, .install)]
            + (1...40).map { Event(at: install.adding(milliseconds: Int64($0) * Milliseconds.hour), .look) })
        // A made-up failure of every timeline of five events or more: unhindered, shrinking ends at five.
        func fails(_ candidate: Timeline) -> Violation<Invariant>? {
            candidate.events.count < 5 ? nil : Violation<Invariant>(invariant: .exactScreens, eventIndex: candidate.events.count - 1, detail: "made up")
        }
        var whole = Shrinker<Timeline, Violation<Invariant>>(reproduces: fails)
        #expect(whole.shrink(timeline).events.count == 5 && !whole.stopped)
        // Stopped once two candidates have failed: some way down, not to the end.
        var failed = 0, askedAfterStop = 0
        var stopping = Shrinker<Timeline, Violation<Invariant>>(reproduces: { candidate in
            if failed >= 3 { askedAfterStop += 1 }
            let found = fails(candidate)
            if found != nil { failed += 1 }
            return found
        })
        stopping.shouldStop = { failed >= 3 } // the first call is the timeline itself
        let shrunk = stopping.shrink(timeline)
        #expect(stopping.stopped && askedAfterStop == 0 && failed == 3)
        #expect(shrunk.events.count > 5 && shrunk.events.count < timeline.events.count, "\(shrunk.events.count) of \(timeline.events.count) events")
    }

    @Test("a candidate found not to fail is not checked again when a later round offers it")
    func checksNoCandidateTwice() throws {
        let install = try #require(try? InstantParser.parse("2031-03-01T09:00:00Z").get())
        let timeline = Timeline(policy: .dailyQuip, zone: .utc, events: [Event(at: install, .install)]
            + (1...40).map { Event(at: install.adding(milliseconds: Int64($0) * 37 * Milliseconds.minute), .look) })
        // A made-up failure of every timeline of five events or more, whose instants the
        // shrinker then pulls together over several rounds.
        var checked: [Timeline] = []
        var shrinker = Shrinker<Timeline, Violation<Invariant>>(reproduces: { candidate in
            checked.append(candidate)
            return candidate.events.count < 5 ? nil : Violation<Invariant>(invariant: .exactScreens, eventIndex: candidate.events.count - 1, detail: "made up")
        })
        let shrunk = shrinker.shrink(timeline)
        #expect(shrunk.events.count == 5)
        #expect(checked.count == shrinker.attempts + 1, "the timeline itself, then each candidate counted once")
        #expect(Set(checked).count == checked.count, "\(checked.count - Set(checked).count) of \(checked.count) checks repeated an earlier one")
        // Told how the timeline fails, it does not check the timeline itself, and ends the same.
        let known = try #require(checked.first.map { Violation<Invariant>(invariant: .exactScreens, eventIndex: $0.events.count - 1, detail: "made up") })
        let whole = checked
        checked = []
        var told = Shrinker<Timeline, Violation<Invariant>>(reproduces: { candidate in
            checked.append(candidate)
            return candidate.events.count < 5 ? nil : Violation<Invariant>(invariant: .exactScreens, eventIndex: candidate.events.count - 1, detail: "made up")
        })
        #expect(told.shrink(timeline, failing: known) == shrunk)
        #expect(checked.count == told.attempts && !checked.contains(timeline))
        #expect(checked == Array(whole.dropFirst()), "the same candidates, in the same order")
    }

    @Test("an entitlement's expiry is rounded down as far as the failure allows, for a readable counterexample")
    func expiryRounded() throws {
        let policy = SubscriptionPolicy.dailyQuip
        let product = try #require(policy.productIndex("dailyquip.monthly"))
        let odd = try #require(try? InstantParser.parse("2072-07-12T22:12:34.775Z").get())
        let install = try #require(try? InstantParser.parse("2071-03-01T09:00:00Z").get())
        let timeline = Timeline(policy: policy, zone: .utc, events: [
            Event(at: install, .install),
            Event(at: install.adding(milliseconds: Milliseconds.hour), .setEntitlement(Entitlement(product: product, expires: odd, renews: false))),
        ])
        // A made-up failure that needs a cancelled entitlement with some expiry, any expiry.
        var shrinker = Shrinker<Timeline, Violation<Invariant>>(reproduces: { candidate in
            for (index, event) in candidate.events.enumerated() {
                if case .setEntitlement(let entitlement?) = event.action, entitlement.expires != nil, !entitlement.renews {
                    return Violation<Invariant>(invariant: .exactScreens, eventIndex: index, detail: "made up")
                }
            }
            return nil
        })
        let shrunk = shrinker.shrink(timeline)
        guard case .setEntitlement(let entitlement?) = try #require(shrunk.events.last).action else { Issue.record("the entitlement went"); return }
        #expect(entitlement.expires?.description == "2072-07-12T22:00:00Z", "\(String(describing: entitlement.expires))")
        #expect(!entitlement.renews)
    }

    @Test("shrinking keeps an auto-renewable entitlement's expiry, which StoreKit always reports: the cause stays real")
    func autoRenewableKeepsItsExpiry() throws {
        let policy = SubscriptionPolicy.dailyQuip
        let monthly = try #require(policy.productIndex("dailyquip.monthly"))
        let install = try #require(try? InstantParser.parse("2031-03-01T09:00:00Z").get())
        let expires = install.adding(milliseconds: 31 * Milliseconds.twentyFourHours)
        let timeline = Timeline(policy: policy, zone: .utc, events: [
            Event(at: install, .install),
            Event(at: install.adding(milliseconds: Milliseconds.hour), .setEntitlement(Entitlement(product: monthly, expires: expires))),
            Event(at: expires.adding(milliseconds: 3 * Milliseconds.twentyFourHours), .look),
        ])
        // A made-up failure that needs only some entitlement of the monthly product: the
        // simplest entitlement is one without an expiry, which StoreKit never reports for it.
        var shrinker = Shrinker<Timeline, Violation<Invariant>>(reproduces: { candidate in
            for (index, event) in candidate.events.enumerated() {
                if case .setEntitlement(let entitlement?) = event.action, entitlement.product == monthly {
                    return Violation<Invariant>(invariant: .planInForce, eventIndex: index, detail: "made up")
                }
            }
            return nil
        })
        let shrunk = shrinker.shrink(timeline)
        #expect(shrunk.isRealistic)
        guard case .setEntitlement(let entitlement?) = try #require(shrunk.events.last).action else { Issue.record("the entitlement went"); return }
        #expect(entitlement.expires != nil, "an auto-renewable entitlement shrunk to one without expiry")
        // A lifetime purchase never carries an expiry, nor renews.
        let lifetime = try #require(policy.products.indices.first { if case .nonConsumable = policy.products[$0].kind { true } else { false } })
        var unreal = timeline
        unreal.events[1].action = .setEntitlement(Entitlement(product: lifetime, expires: expires, renews: false))
        #expect(!unreal.isRealistic)
        unreal.events[1].action = .setEntitlement(Entitlement(product: monthly))
        #expect(!unreal.isRealistic)
    }

    @Test("a passing timeline is returned unchanged")
    func passingUnchanged() {
        let timeline = FlagshipTimelineGenerator().user(seed: 1, user: 0).timeline
        var shrinker = Shrinker<FlagshipTimeline, Violation<FlagshipInvariant>>(invariant: .usageDay) { _ in nil }
        #expect(shrinker.shrink(timeline) == timeline)
    }
}
