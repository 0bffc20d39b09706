extension RunReport {
    /// The run's verdict as the summaries print it: whether every invariant held and,
    /// when `judgingCoverage` (every command but `check`), whether every coverage
    /// category reached its floor, naming what did not.
    public func verdictLines(judgingCoverage: Bool = true) -> [String] {
        let broken = invariants.filter { $0.violations > 0 }.map(\.name)
        var lines = [broken.isEmpty ? "All invariants held." : "\(broken.count) invariant\(broken.count == 1 ? "" : "s") broke: \(broken.joined(separator: ", "))."]
        guard judgingCoverage else { return lines }
        let unexercised = coverage.filter { !$0.exercised }.map(\.category)
        lines.append(unexercised.isEmpty ? "Every coverage category reached its floor."
                     : "\(unexercised.count) coverage categor\(unexercised.count == 1 ? "y was" : "ies were") not exercised: \(unexercised.joined(separator: ", ")).")
        return lines
    }
}
