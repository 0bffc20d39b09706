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

    /// The FNV-1a hash of the file's bytes as they were read (`FNV1a.hash(bytes:)`): the
    /// same rules wherever the file was, so that a report names what its run read, and
    /// shards of one run made from copies of the file in other folders or on other
    /// machines merge. Nil when no file was read.
    package var contentDigest: UInt64?

    /// A source naming `file`, whose bytes hashed to `contentDigest`.
    package init(file: String? = nil, contentDigest: UInt64? = nil) {
        self.file = file
        self.contentDigest = contentDigest
    }

    package static func == (_: PolicySource, _: PolicySource) -> Bool { true }

    package func hash(into _: inout Hasher) {}
}
