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
