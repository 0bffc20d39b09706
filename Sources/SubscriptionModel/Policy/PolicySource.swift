/// Where a policy was read from: the `file` its reader was given (`SubscriptionPolicy(data:file:)`),
/// nil for a shipped policy (named by its name) and for one built otherwise.
///
/// It names the policy in what is printed and written about it (commands, timelines,
/// regression tests) and takes no part in equality: two policies with the same rules are
/// the same policy wherever they were read from.
package struct PolicySource: Hashable, Sendable {
    /// The file as its reader was given it: a path, relative to the working folder of
    /// the process that read it, or absolute.
    package var file: String?

    /// A source naming `file`.
    package init(file: String? = nil) {
        self.file = file
    }

    package static func == (_: PolicySource, _: PolicySource) -> Bool { true }

    package func hash(into _: inout Hasher) {}
}
