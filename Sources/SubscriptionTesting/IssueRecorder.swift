#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Records one test issue in whichever framework is running the test: Swift Testing's
/// `Issue.record` inside a Swift Testing test (so `withKnownIssue` sees it), else
/// XCTest's `XCTFail`, at the caller's source location.
enum IssueRecorder {
    /// Whether the current task runs a Swift Testing test.
    static var isSwiftTesting: Bool {
        #if canImport(Testing)
        return Test.current != nil
        #else
        return false
        #endif
    }

    /// A `swift test --filter` pattern (a regular expression, searched for in each test's
    /// id) that selects the running test: from Swift Testing its suites and name,
    /// anchored on both sides (`\.QuotaTests/quotaFollowsTheRules\(` in
    /// `App.QuotaTests/quotaFollowsTheRules()`), so that neither `OtherQuotaTests` nor
    /// `quotaFollowsTheRulesToo` matches; else `function`, the caller's, when it is an
    /// XCTest method (`/testQuotaFollowsTheRules$`: that method, in whichever class has
    /// one of that name). Nil when neither names a test, or a name holds characters a
    /// pattern would read otherwise.
    static func testFilter(function: String) -> String? {
        var components: [String]
        #if canImport(Testing)
        components = Test.current.map(\.id.nameComponents) ?? []
        #else
        components = []
        #endif
        let swiftTesting = !components.isEmpty
        if !swiftTesting {
            guard function.hasPrefix("test") else { return nil }
            components = [function]
        }
        let names = components.map { $0.prefix { $0 != "(" } }
        let plain = names.allSatisfy { name in !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } }
        guard plain else { return nil }
        let path = names.joined(separator: "/")
        return swiftTesting ? "\\.\(path)\\(" : "/\(path)$"
    }

    /// Records `message` as a failure of the running test.
    static func record(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: filePath, line: line)
        #else
        print("error: \(message)")
        #endif
    }
}
