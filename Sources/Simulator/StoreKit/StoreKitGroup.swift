import SimulatorCore
/// A subscription group of a StoreKit configuration: the auto-renewable products of
/// one group are one subscription at a time, ranked by their level (`groupNumber`,
/// 1 the highest), and moving between levels is an upgrade or a downgrade.
package struct StoreKitGroup: Hashable, Sendable {
    /// The group's `id` (a local id, or the App Store Connect group's number), if given.
    package var id: String?
    /// The group's reference `name`, if given.
    package var name: String?
    /// Whether it is a suite group (`subscriptionSuiteGroups`, format 6.x).
    package var suite: Bool

    /// Creates a group.
    package init(id: String?, name: String?, suite: Bool = false) {
        self.id = id
        self.name = name
        self.suite = suite
    }

    /// How messages name the group: `group "Pro"` by its name, else its id, else its
    /// place in the file (`group 2`, from 1); a suite group is a `suite group`.
    package func shown(index: Int) -> String {
        let word = suite ? "suite group " : "group "
        if let name, !name.isEmpty { return word + ErrorText.quoted(name) }
        if let id, !id.isEmpty { return word + ErrorText.quoted(id) }
        return word + "\(index + 1)"
    }
}
