import Foundation
import SubscriptionModel

/// The error the reader gives a policy file's text, as a user sees it
/// (`error: t.json: PATH: …`), or nil when the text reads.
func policyFileError(_ text: String) -> String? {
    do {
        _ = try SubscriptionPolicy(data: Data(text.utf8), file: "t.json")
        return nil
    } catch {
        return error.description
    }
}
