/// The known name a mistyped one most likely meant, for an error's "did you mean …?".
package enum NearestName {
    /// The name in `known` closest to `name`: the only one that starts with it or that it
    /// starts with, or else one at most two edits away. None for a name of fewer than two
    /// letters after its dashes (`--`, `-x`, `a`): nothing in it says which was meant.
    package static func nearest(to name: String, in known: [String]) -> String? {
        guard name.drop(while: { $0 == "-" }).count >= 2 else { return nil }
        let prefixes = known.filter { $0.hasPrefix(name) || name.hasPrefix($0) }
        if prefixes.count == 1 { return prefixes[0] }
        // (Names of lengths more than two apart are more than two edits apart: a huge name costs nothing.)
        let length = name.count
        let near = known.filter { abs($0.count - length) <= 2 }
        let scored = near.map { ($0, distance(Array(name), Array($0))) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
