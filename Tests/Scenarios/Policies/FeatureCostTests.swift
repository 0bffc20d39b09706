import Foundation
import Simulator
import SubscriptionModel
import Testing

/// A feature's `cost` (policy format 4): a use adds its cost to every count of its meter,
/// is blocked when the cost would take a count past a limit, and takes a credit per unit
/// when credits pay for it (G4, G6.4, G9, G13 in `docs/policies.md`).
@Suite("Features that cost several units")
struct FeatureCostTests {
    static let photoUnits = PolicyLoader.builtIn("photo-units")!

    /// Free 10 units a day; Plus (rank 1) 12 a day; Pro (rank 2) 300 a month; a `render` costs 5.
    static let tiers = try! SubscriptionPolicy(data: Data("""
        {"format": 4, "policy": "tiers", "calendar": "UTC", "defaults": {"guest": "free"}, "meters": ["units"],
         "features": [{"id": "render", "consumes": "units", "cost": 5}, {"id": "touch-up", "consumes": "units"}],
         "plans": [
           {"id": "free", "name": "Free", "features": "all", "limits": {"units": {"day": 10}}, "responses": {"day": "paywall"}},
           {"id": "plus", "name": "Plus", "products": [{"id": "plus.monthly", "kind": "auto-renewable", "period": "P1M"}],
            "features": "all", "limits": {"units": {"day": 12}}, "responses": {"day": "paywall"}},
           {"id": "pro", "name": "Pro", "products": [{"id": "pro.monthly", "kind": "auto-renewable", "period": "P1M"}],
            "features": "all", "limits": {"units": {"month": 300}}, "responses": {"month": "paywall"}}],
         "screens": {}}
        """.utf8), file: "tiers.json")

    @Test("G4: an allowed use adds its cost to every window of its meter; a use of a feature with no cost adds 1")
    func countsAddTheCost() {
        var run = ScriptedUser(Self.photoUnits, zone: "Europe/Paris")
        run("2026-06-01T09:00:00+02:00", .install)
        let upscaled = run("2026-06-01T09:01:00+02:00", .use("upscale"))
        #expect(upscaled.outcome == .allowed && run.used(upscaled, "units", .day) == 3 && run.used(upscaled, "units", .month) == 3)
        let enhanced = run("2026-06-01T09:02:00+02:00", .use("enhance"))
        #expect(run.used(enhanced, "units", .day) == 4 && run.used(enhanced, "units", .total) == 4)
    }

    @Test("G6.4: a use is blocked when its cost would pass the limit, though units are left; a cheaper use still fits, and one that fills the limit exactly goes ahead")
    func blockedByTheCost() {
        var run = ScriptedUser(Self.photoUnits, zone: "Europe/Paris")
        run("2026-06-01T09:00:00+02:00", .install)
        run("2026-06-01T09:01:00+02:00", .use("generate"))
        run("2026-06-01T09:02:00+02:00", .use("upscale"))
        let blocked = run("2026-06-01T09:03:00+02:00", .use("upscale")) // 8 of 10 used: 3 more would make 11
        #expect(blocked.outcome == .blocked && blocked.reason == .day && run.used(blocked, "units", .day) == 8)
        #expect(blocked.resetAt == instant("2026-06-02T00:00:00+02:00") && run.upgrade(blocked) == ["pro"])
        #expect(run.screen(blocked, "units") == .text("2 units left today"))
        let enhanced = run("2026-06-01T09:04:00+02:00", .use("enhance"))
        #expect(enhanced.outcome == .allowed && run.used(enhanced, "units", .day) == 9)

        var exact = ScriptedUser(Self.photoUnits, zone: "Europe/Paris")
        exact("2026-06-01T09:00:00+02:00", .install)
        let filled = exact.repeated(2, "generate", from: "2026-06-01T09:01:00+02:00")
        #expect(filled.outcome == .allowed && exact.used(filled, "units", .day) == 10)
        #expect(exact.screen(filled, "units") == .text("No units left today"))
    }

    @Test("G9: the upgrade offer lists only the plans ranked above with room for the whole cost")
    func upgradeNeedsRoomForTheCost() {
        var run = ScriptedUser(Self.tiers, zone: "UTC")
        run("2026-06-01T09:00:00Z", .install)
        run.repeated(8, "touch-up", from: "2026-06-01T09:01:00Z")
        let render = run("2026-06-01T09:10:00Z", .use("render")) // 8 + 5 passes Free's 10 and Plus's 12
        #expect(render.outcome == .blocked && run.upgrade(render) == ["pro"])
        run("2026-06-01T09:11:00Z", .use("touch-up"))
        run("2026-06-01T09:12:00Z", .use("touch-up"))
        let touch = run("2026-06-01T09:13:00Z", .use("touch-up")) // 10 + 1 fits Plus's 12
        #expect(touch.outcome == .blocked && run.upgrade(touch) == ["plus", "pro"])
    }

    @Test("G13: credits pay for a use past the limit one per unit; fewer than the cost block it and stay held")
    func creditsPayPerUnit() {
        var run = ScriptedUser(Self.photoUnits, zone: "Asia/Kolkata")
        run("2026-06-01T09:00:00+05:30", .install)
        run.repeated(2, "generate", from: "2026-06-01T09:01:00+05:30")
        run("2026-06-01T09:05:00+05:30", .purchase("photo.units.25"))
        let paid = run("2026-06-01T09:06:00+05:30", .use("generate"))
        #expect(paid.outcome == .allowed && paid.counts.credits(of: 0) == 20 && run.used(paid, "units", .day) == 15)
        run.repeated(4, "generate", from: "2026-06-01T09:07:00+05:30") // 20 credits: four more
        run("2026-06-01T09:20:00+05:30", .refund("photo.units.25")) // nothing left to take back
        run("2026-06-01T09:21:00+05:30", .purchase("photo.units.25"))
        run.repeated(7, "upscale", from: "2026-06-01T09:22:00+05:30") // 25 − 21 = 4
        let short = run("2026-06-01T09:30:00+05:30", .use("generate"))
        #expect(short.outcome == .blocked && short.reason == .day && short.counts.credits(of: 0) == 4)
        let fits = run("2026-06-01T09:31:00+05:30", .use("upscale"))
        #expect(fits.outcome == .allowed && fits.counts.credits(of: 0) == 1)
    }

    @Test("a count stops at 2,147,483,647: a use past it leaves the count there, in the engine, the checker and the hooks' app alike")
    func countsStopAtTheLargest() throws {
        let policy = try SubscriptionPolicy(data: Data("""
            {"format": 4, "policy": "big", "calendar": "UTC", "defaults": {"guest": "free"}, "meters": ["units"],
             "features": [{"id": "batch", "consumes": "units", "cost": 1000000}],
             "plans": [{"id": "free", "name": "Free", "features": "all"}], "screens": {}}
            """.utf8), file: "big.json")
        var run = ScriptedUser(policy, zone: "UTC")
        let last = run.repeated(2_148, "batch", from: "2026-06-01T00:00:00Z")
        #expect(last.outcome == .allowed && run.used(last, "units", .total) == 2_147_483_647 && run.used(last, "units", .stock) == 2_147_483_647)
        #expect(run.used(run.outputs[2_146], "units", .total) == 2_147_000_000)
        // The checker's own counts and the app written from the rules stop there too.
        let start = instant("2026-06-01T00:00:00Z")
        let timeline = Timeline(policy: policy, zone: .utc, events: [Event(at: start, .install)] + (0..<2_148).map {
            Event(at: start.adding(milliseconds: Int64($0) * Milliseconds.minute), .use(feature: 0, day: nil))
        })
        var reference = TimelineCheck(policy: policy) { ReferenceImplementation() }
        #expect(reference.check(timeline).violation == nil)
        var app = TimelineCheck(policy: policy, comparingWithReference: true) { StraightforwardApp(policy: policy) }
        #expect(app.check(timeline).violation == nil)
    }
}
