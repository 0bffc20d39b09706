import SubscriptionModel
import SubscriptionTesting
import Testing

/// What the harness finds in `adapter`, an app with a planted mistake, over `users` users of
/// `seed`: the issue the harness records for it is expected (matched by the adapter's name),
/// and a failure must be found (`notFound` says what was missed).
func plantedMistake<App>(_ adapter: AppAdapter<App>, policy: SubscriptionPolicy, users: Int, seed: UInt64 = SubscriptionHarness.defaultSeed,
                         notFound: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> HarnessFailure {
    var report: HarnessReport?
    try await withKnownIssue {
        report = try await SubscriptionHarness.check(adapter, policy: policy, users: users, seed: seed)
    } matching: { issue in
        issue.comments.first?.rawValue.hasPrefix("\(adapter.name) broke") == true
    }
    return try #require(report?.failure, "\(notFound)", sourceLocation: sourceLocation)
}
