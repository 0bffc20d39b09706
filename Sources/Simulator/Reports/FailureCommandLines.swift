/// The lines under a shown failure that reproduce it, labelled alike wherever a failure
/// is shown: `simulate run`'s summary under either rule set, `simulate check`'s, and
/// `simulate merge`'s of either kind of run.
package enum FailureCommandLines {
    /// A run's: the reference's replay of the failure's file, and the user regenerated.
    package static func run(replay: String, regenerate: String) -> [String] {
        ["  replay:      \(replay)", "  regenerate:  \(regenerate)"]
    }

    /// A check's: the program given the file (when the check names it), the reference's
    /// replay of the file, and the user regenerated.
    package static func check(program: String?, reference: String, regenerate: String) -> [String] {
        (program.map { ["  the program:    \($0)"] } ?? []) + ["  the reference:  \(reference)", "  regenerate:     \(regenerate)"]
    }
}
