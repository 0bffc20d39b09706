/// The pieces of a generated regression test's source that every kind of test shares:
/// its function's name and its timeline's indentation.
package enum RegressionTestText {
    /// `regression` followed by `name`'s letters and digits, each word capitalized: a
    /// Swift function name.
    package static func functionName(_ name: String) -> String {
        "regression" + name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A timeline's text indented to sit inside a test's raw string literal (blank
    /// lines stay empty).
    package static func indentedTimeline(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
    }
}
