import SimulatorCore
/// Why `simulate merge` will not merge what it was given: one line naming the
/// offending report folder (or the missing shard), printed as `error: ...` with exit
/// status 2, before anything is written.
package struct MergeRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line, without `error: `.
    package let message: String

    /// A refusal saying `message`.
    package init(_ message: String) {
        self.message = message
    }

    /// A refusal about the report folder `folder`.
    static func folder(_ folder: String, _ problem: String) -> MergeRefusal {
        MergeRefusal(ErrorText.quotedPath(folder) + ": \(problem)")
    }

    /// The message.
    package var description: String { message }
}
