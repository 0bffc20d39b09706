import SubscriptionModel

/// What the team's code reported at one event: the use's result (for a use) and the
/// screens the adapter reads (nil where it reads none). Kept only while a failure's
/// shrunk timeline is played again for the failure message.
struct AppReport: Hashable, Sendable {
    /// For a use: what the code said happened.
    var result: UseResult?
    /// Per screen of the policy, the value the app showed; nil where the adapter reads none.
    var screens: [ScreenValue?]
}
