import Foundation
import SubscriptionModel
import SubscriptionTesting
import Testing

/// The simulated device is what a team's code reads instead of the real one: its clock,
/// zone and calendar move as the harness says, its container store is wiped by a
/// reinstall while the keychain and StoreKit's entitlements stay, and its Foundation
/// zone agrees with the harness's zone tables.
@Suite("Simulated device")
struct SimulatedDeviceTests {
    static let instant = Instant(millisecondsSince1970: 1_772_323_200_123) // 2026-03-01T00:00:00.123Z

    static func device(_ zone: String = "UTC", at instant: Instant = instant) throws -> SimulatedDevice {
        SimulatedDevice(at: instant, zone: try #require(TimeZoneRules.named(zone)))
    }

    @Test("now is the harness's instant, to the millisecond, wherever the clock is set")
    func clock() throws {
        let device = try Self.device()
        #expect(device.now == Date(timeIntervalSince1970: 1_772_323_200.123))
        #expect(SimulatedDevice.instant(device.now) == Self.instant)
        device.set(instant: Instant(millisecondsSince1970: -1))
        #expect(device.now == Date(timeIntervalSince1970: -0.001))
        device.set(now: Date(timeIntervalSince1970: 4_102_444_799.999)) // 2099-12-31T23:59:59.999Z
        #expect(device.currentInstant == Instant(millisecondsSince1970: 4_102_444_799_999))
    }

    @Test("timeZone is Foundation's zone of the harness's identifier, and the calendar reads it at every read")
    func zoneAndCalendar() throws {
        let device = try Self.device("America/New_York")
        #expect(device.timeZone.identifier == "America/New_York")
        #expect(device.calendar.timeZone.identifier == "America/New_York")
        #expect(device.calendar.identifier == .gregorian)
        // 2026-03-01T00:00:00Z is still 28 February in New York.
        #expect(device.calendar.component(.day, from: device.now) == 28)
        let kept = device.calendar
        #expect(device.setTimeZone("Asia/Tokyo"))
        #expect(device.timeZone.identifier == "Asia/Tokyo")
        #expect(device.calendar.component(.day, from: device.now) == 1)
        // A calendar the app kept still counts days in New York: the stale-calendar bug.
        #expect(kept.component(.day, from: device.now) == 28)
    }

    @Test("an unknown zone is refused and changes nothing")
    func unknownZone() throws {
        let device = try Self.device("Europe/Lisbon")
        #expect(!device.setTimeZone("Mars/Olympus"))
        #expect(device.timeZone.identifier == "Europe/Lisbon")
        #expect(SimulatedDevice(now: Date(), zoneIdentifier: "Mars/Olympus") == nil)
        #expect(SimulatedDevice(now: Date(), zoneIdentifier: "Etc/GMT+12")?.timeZone.identifier == "Etc/GMT+12")
    }

    @Test("a reinstall empties the container store and keeps the keychain and the entitlements (G1)")
    func reinstall() throws {
        let device = try Self.device()
        let entitlement = DeviceEntitlement(productID: "dailyquip.monthly", expirationDate: nil, willAutoRenew: true, productType: .autoRenewable)
        device.defaults.set(3, forKey: "cardsViewedToday")
        device.keychain.set(3, forKey: "cardsViewedToday")
        device.setEntitlements([entitlement])
        device.reinstall()
        #expect(device.defaults.object(forKey: "cardsViewedToday") == nil)
        #expect(device.defaults.dictionaryRepresentation().isEmpty)
        #expect(device.keychain.integer(forKey: "cardsViewedToday") == 3)
        #expect(device.currentEntitlements == [entitlement])
    }

    @Test("the stores read values as UserDefaults does, collections, URLs and Floats included")
    func storeConversions() {
        let store = DeviceStore()
        #expect(store.integer(forKey: "missing") == 0 && !store.bool(forKey: "missing") && store.string(forKey: "missing") == nil)
        store.set(4.9, forKey: "double")
        store.set("12", forKey: "text")
        store.set(true, forKey: "flag")
        store.set("YES", forKey: "yes")
        store.set(Date(timeIntervalSince1970: 0), forKey: "date")
        #expect(store.integer(forKey: "double") == 4)
        #expect(store.integer(forKey: "text") == 12 && store.double(forKey: "text") == 12)
        #expect(store.integer(forKey: "flag") == 1 && store.bool(forKey: "yes"))
        #expect(store.string(forKey: "double") == "4.9")
        // As NSNumber writes a number: a Bool as 1, a whole Double without ".0".
        store.set(3.0, forKey: "whole")
        #expect(store.string(forKey: "flag") == "1" && store.string(forKey: "whole") == "3")
        store.set(Float(0.1), forKey: "single")
        #expect(store.string(forKey: "single") == "0.1" && store.float(forKey: "single") == 0.1 && store.integer(forKey: "single") == 0)
        #expect(store.object(forKey: "date") as? Date == Date(timeIntervalSince1970: 0))
        store.set(nil, forKey: "text")
        store.removeObject(forKey: "flag")
        #expect(store.object(forKey: "text") == nil && store.object(forKey: "flag") == nil)
        // The collection, URL and Float readers a protocol copied from UserDefaults asks for.
        store.set(["count": 3, "day": "2026-03-01"] as [String: Any], forKey: "quota")
        store.set(["a", "b"], forKey: "names")
        store.set([1, "b"] as [Any], forKey: "mixed")
        store.set(URL(string: "https://example.com/terms"), forKey: "link")
        store.set("/tmp/quota", forKey: "path")
        store.set(Float(2.5), forKey: "ratio")
        #expect(store.dictionary(forKey: "quota")?["count"] as? Int == 3 && store.dictionary(forKey: "names") == nil)
        #expect(store.array(forKey: "mixed")?.count == 2 && store.stringArray(forKey: "names") == ["a", "b"] && store.stringArray(forKey: "mixed") == nil)
        #expect(store.url(forKey: "link") == URL(string: "https://example.com/terms") && store.url(forKey: "path") == URL(fileURLWithPath: "/tmp/quota"))
        #expect(store.url(forKey: "ratio") == nil && store.float(forKey: "ratio") == 2.5 && store.double(forKey: "ratio") == 2.5)
        store.set(nil as URL?, forKey: "link")
        #expect(store.object(forKey: "link") == nil)
    }

    @Test("a set-entitlement reaches the device as StoreKit reports it, expiry and renewal included (G12)")
    func entitlements() throws {
        let policy = SubscriptionPolicy.dailyQuip
        let monthly = try #require(policy.productIndex("dailyquip.monthly")), lifetime = try #require(policy.productIndex("dailyquip.lifetime"))
        let expires = Instant(millisecondsSince1970: 1_775_001_600_000)
        let cancelled = DeviceEntitlement(Entitlement(product: monthly, expires: expires, renews: false), policy: policy)
        #expect(cancelled == DeviceEntitlement(productID: "dailyquip.monthly", expirationDate: Date(timeIntervalSince1970: 1_775_001_600),
                                                willAutoRenew: false, productType: .autoRenewable))
        let bought = DeviceEntitlement(Entitlement(product: lifetime), policy: policy)
        #expect(bought == DeviceEntitlement(productID: "dailyquip.lifetime", expirationDate: nil, willAutoRenew: false, productType: .nonConsumable))
    }

    @Test("Foundation's local date agrees with the harness's table across zone histories that break date code",
          arguments: ["Pacific/Apia", "America/Sao_Paulo", "America/Havana", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns"])
    func agreesWithTables(zone: String) throws {
        let rules = try #require(TimeZoneRules.named(zone))
        let device = SimulatedDevice(at: Instant(millisecondsSince1970: 0), zone: rules)
        var checked = 0
        for change in rules.changes where change.at.millisecondsSince1970 < 4_102_444_800_000 {
            for delta: Int64 in [-1, 0, 1, 3_600_000] {
                device.set(instant: change.at.adding(milliseconds: delta))
                let parts = device.calendar.dateComponents([.year, .month, .day], from: device.now)
                let table = rules.localDate(at: device.currentInstant).components
                #expect(parts.year == table.year && parts.month == table.month && parts.day == table.day, "\(zone) at \(device.currentInstant)")
                checked += 1
            }
        }
        #expect(checked > 0)
        #expect(device.clockDisagreement == nil)
    }

    @Test("a zone table that gives other dates than the system's tz data is named, with the instant")
    func disagreementIsNamed() {
        // A made-up table for Lisbon five hours ahead: at 20:00Z Lisbon's own date is still today.
        let wrong = TimeZoneRules(identifier: "Europe/Lisbon", transitions: [], offsets: [5 * 3_600_000])
        let device = SimulatedDevice(at: Instant(millisecondsSince1970: 0), zone: wrong)
        device.set(instant: Instant(millisecondsSince1970: 1_772_395_200_000)) // 2026-03-01T20:00:00Z
        let disagreement = device.clockDisagreement
        #expect(disagreement?.contains("2026-03-01T20:00:00Z in Europe/Lisbon") == true)
        #expect(disagreement?.contains("local date 2026-03-01, the harness's table 2026-03-02") == true)
    }
}
