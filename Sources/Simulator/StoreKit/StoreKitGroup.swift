/// A subscription group of a StoreKit configuration: the auto-renewable products of
/// one group are one subscription at a time, ranked by their level (`groupNumber`,
/// 1 the highest), and moving between levels is an upgrade or a downgrade.
package struct StoreKitGroup: Hashable, Sendable {
    /// The group's `id` (a local id, or the App Store Connect group's number), if given.
    package var id: String?
    /// The group's reference `name`, if given.
    package var name: String?

    /// Creates a group.
    package init(id: String?, name: String?) {
        self.id = id
        self.name = name
    }

    /// How messages name the group: `group "Pro"` by its name, else its id, else its
    /// place in the file (`group 2`, from 1).
    package func shown(index: Int) -> String {
        if let name, !name.isEmpty { return "group " + ErrorText.quoted(name) }
        if let id, !id.isEmpty { return "group " + ErrorText.quoted(id) }
        return "group \(index + 1)"
    }
}
