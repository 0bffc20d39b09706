import SubscriptionModel
import SubscriptionTesting
import XCTest

/// The harness from an XCTest case: an `async` test method, on the main actor as
/// XCTest runs it, checks a main-actor app without blocking the main actor.
final class XCTestIntegrationTests: XCTestCase {
    @MainActor
    func testMainActorAppPassesUnderXCTest() async throws {
        let report = try await SubscriptionHarness.check(MainActorQuota.adapter(), policy: .dailyQuip, users: 6)
        XCTAssertTrue(report.passed, "\(report)")
        XCTAssertEqual(report.users, 6)
    }

    func testSynchronousAppPassesUnderXCTest() async throws {
        let report = try await SubscriptionHarness.check(CardQuota.adapter(), policy: .dailyQuip, users: 6)
        XCTAssertTrue(report.passed, "\(report)")
        XCTAssertGreaterThan(report.tally.uses, 0)
        XCTAssertEqual(report.testFilter, "/testSynchronousAppPassesUnderXCTest$", "an XCTest method is named by the caller's #function")
    }
}
