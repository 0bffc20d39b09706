import Foundation
import Simulator
import SubscriptionModel
import Testing

/// Whole numbers too large for a StoreKit field are out of range, not "not whole".
@Suite("StoreKit configuration files: whole numbers out of range")
struct StoreKitRangeTests {
    /// A hand-written file with one subscription whose `groupNumber` and free trial's
    /// `numberOfPeriods` are written as given.
    static func file(groupNumber: String, numberOfPeriods: String) -> String {
        StoreKitFixtures.file(subscriptions: """
            {"productID": "unlimited", "recurringSubscriptionPeriod": "P1M", "groupNumber": \(groupNumber),
             "introductoryOffer": {"paymentMode": "free", "subscriptionPeriod": "P3D", "numberOfPeriods": \(numberOfPeriods)}}
            """)
    }

    @Test("simulate storekit: a whole number past the field's range says it is out of range and gives the range (exit 2, one line, nothing on stdout)", arguments: [
        ("1", "1000000000000",
         "$.subscriptionGroups[0].subscriptions[0].introductoryOffer.numberOfPeriods: out of range: expected a whole number from 1 to 2147483647, got 1000000000000"),
        ("9223372036854775808", "1",
         "$.subscriptionGroups[0].subscriptions[0].groupNumber: out of range: expected a whole number from 1 to 2147483647, got 9223372036854775808"),
        ("-9223372036854775809", "1",
         "$.subscriptionGroups[0].subscriptions[0].groupNumber: out of range: expected a whole number from 1 to 2147483647, got -9223372036854775809"),
        ("2147483648", "1",
         "$.subscriptionGroups[0].subscriptions[0].groupNumber: out of range: expected a whole number from 1 to 2147483647, got 2147483648"),
    ])
    func outOfRange(groupNumber: String, numberOfPeriods: String, fault: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/app.storekit"
        try Data(Self.file(groupNumber: groupNumber, numberOfPeriods: numberOfPeriods).utf8).write(to: URL(fileURLWithPath: path))
        let result = try runSimulate(["storekit", path, "--policy", "meal-capture"])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        // The file's name is shown as the command cuts it; the rest is compared whole.
        #expect(result.err == "error: \(InputPath(path).shown): \(fault)\n")
        // In the reader too, with the file named as given.
        #expect(StoreKitFixtures.read(text: Self.file(groupNumber: groupNumber, numberOfPeriods: numberOfPeriods)).failure?.description
                == "error: app.storekit: \(fault)")
    }

    @Test("the largest whole numbers in range are read; a fraction is still not whole, and a level of 0 still below 1")
    func inRange() throws {
        let configuration = try StoreKitFixtures.read(text: Self.file(groupNumber: "2147483647", numberOfPeriods: "2147483647")).get()
        #expect(configuration.product("unlimited")?.subscription?.level == 2147483647)
        #expect(configuration.product("unlimited")?.subscription?.freeTrial?.periods == 2147483647)
        #expect(StoreKitFixtures.read(text: Self.file(groupNumber: "1.5", numberOfPeriods: "1")).failure?.description
                == "error: app.storekit: $.subscriptionGroups[0].subscriptions[0].groupNumber: expected a whole number, got 1.5")
        #expect(StoreKitFixtures.read(text: Self.file(groupNumber: "0", numberOfPeriods: "1")).failure?.description
                == "error: app.storekit: $.subscriptionGroups[0].subscriptions[0].groupNumber: level 0 is below 1 (1 is the highest level of a group)")
        #expect(StoreKitFixtures.read(text: Self.file(groupNumber: "1", numberOfPeriods: "0")).failure?.description
                == "error: app.storekit: $.subscriptionGroups[0].subscriptions[0].introductoryOffer.numberOfPeriods: 0 is below 1")
    }
}

extension Result {
    /// The error, when this is a failure.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
