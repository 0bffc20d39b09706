/// Holds the app object of the current launch for the calls of an event, which may run
/// in a task on another thread or actor; the harness waits for each event's calls before
/// the next, so the object is never touched from two places at once.
final class AppBox<App>: @unchecked Sendable {
    /// The app object, from the first launch on.
    var value: App?
}
