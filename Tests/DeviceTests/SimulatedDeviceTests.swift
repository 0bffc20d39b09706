import Foundation
import SubscriptionModel
import SubscriptionTesting
import Testing

@Suite("Simulated device")
struct SimulatedDeviceTests {
    @Test("placeholder") func placeholder() { #expect(SimulatedDevice(now: Date(timeIntervalSince1970: 0), zoneIdentifier: "UTC") != nil) }
}
