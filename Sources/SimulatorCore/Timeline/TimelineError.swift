/// Why a timeline file was refused: one line naming the field or event and the fault.
///
/// `description` is the exact line `simulate replay` prints on standard error.
package struct TimelineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the fault is: `zone`, `events`, `event 4`, or the file's path.
    package var place: String
    /// What is wrong there.
    package var problem: String

    /// Creates an error.
    package init(place: String, problem: String) {
        self.place = place
        self.problem = problem
    }

    /// An error in event `index`.
    package static func event(_ index: Int, _ problem: String) -> TimelineError {
        TimelineError(place: "event \(index)", problem: problem)
    }

    /// `error: PLACE: PROBLEM`.
    package var description: String { "error: \(place): \(problem)" }
}
