/// How much of what the rules decide a run actually saw the team's code report: the
/// basis of the honest summary of a check (`HarnessReport.observed`), since a field the
/// adapter never reports is not judged.
public struct ObservationTally: Hashable, Sendable {
    /// Events played through the app and judged (a failing user's up to its failing event).
    public var events = 0
    /// Feature uses.
    public var uses = 0
    /// Uses the code reported blocked.
    public var blocked = 0
    /// Blocked uses whose reason the code reported.
    public var reasons = 0
    /// Blocked uses whose paywall or alert the code reported.
    public var responses = 0
    /// Screen values read from the app.
    public var screenReads = 0

    /// Creates an empty tally.
    public init() {}

    /// Adds another tally.
    mutating func add(_ other: ObservationTally) {
        events += other.events
        uses += other.uses
        blocked += other.blocked
        reasons += other.reasons
        responses += other.responses
        screenReads += other.screenReads
    }
}
