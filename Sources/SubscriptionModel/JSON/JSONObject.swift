/// A JSON object's members, in the order the document gives them.
///
/// A list rather than a dictionary: an error must name the first fault in file order.
/// A parsed object never gives a key twice (`JSONParser` refuses it); one built in code
/// may, and then `subscript` finds the first.
package struct JSONObject: Hashable, Sendable {
    /// The members, in file order.
    package var members: [Member]

    /// One `"key": value` pair.
    package struct Member: Hashable, Sendable {
        /// The key.
        package var key: String
        /// The value.
        package var value: JSONValue

        /// A member.
        package init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// An object of these members.
    package init(members: [(String, JSONValue)]) {
        self.members = members.map { Member(key: $0.0, value: $0.1) }
    }

    /// An object of these members.
    package init(members: [Member]) {
        self.members = members
    }

    /// The value of the first member named `key` (compared byte for byte, not by
    /// Unicode equivalence, so `"\u212Aind"` is not `"kind"`).
    ///
    /// Unicode equivalence holds for every pair of byte-equal strings, so `==` (a
    /// comparison of a word or two for short keys) rejects most members before their
    /// bytes are compared; readers look up a few keys per event, millions of times.
    package subscript(key: String) -> JSONValue? {
        members.first { $0.key == key && $0.key.utf8.elementsEqual(key.utf8) }?.value
    }
}
