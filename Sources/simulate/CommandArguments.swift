/// A small, strict reader of `--flag value` command lines: every flag is consumed by
/// name, and anything left over is an error naming it.
final class CommandArguments {
    private var remaining: [String]
    let command: String

    init(_ arguments: [String], command: String) {
        self.remaining = arguments
        self.command = command
    }

    var wantsHelp: Bool { remaining.contains("--help") || remaining.contains("-h") }

    /// Removes and returns the value after `flag` (also accepts `flag=value`).
    func string(_ flag: String) throws -> String? {
        if let index = remaining.firstIndex(where: { $0.hasPrefix(flag + "=") }) {
            let value = String(remaining[index].dropFirst(flag.count + 1))
            remaining.remove(at: index)
            return value
        }
        guard let index = remaining.firstIndex(of: flag) else { return nil }
        guard index + 1 < remaining.count else { throw UsageError("\(flag) needs a value") }
        let value = remaining[index + 1]
        remaining.removeSubrange(index...index + 1)
        return value
    }

    func int(_ flag: String, range: ClosedRange<Int>) throws -> Int? {
        guard let text = try string(flag) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("\(flag) \"\(text)\": expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func uint64(_ flag: String) throws -> UInt64? {
        guard let text = try string(flag) else { return nil }
        guard let value = UInt64(text) else {
            throw UsageError("\(flag) \"\(text)\": expected a whole number from 0 to \(UInt64.max)")
        }
        return value
    }

    func double(_ flag: String, range: ClosedRange<Double>) throws -> Double? {
        guard let text = try string(flag) else { return nil }
        guard let value = Double(text), range.contains(value) else {
            throw UsageError("\(flag) \"\(text)\": expected a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func flag(_ name: String) -> Bool {
        guard let index = remaining.firstIndex(of: name) else { return false }
        remaining.remove(at: index)
        return true
    }

    /// Arguments that are not flags, in order (removed).
    var positionals: [String] {
        let values = remaining.filter { !$0.hasPrefix("-") || $0 == "-" }
        remaining.removeAll { !$0.hasPrefix("-") || $0 == "-" }
        return values
    }

    func rejectUnknown() throws {
        if let unknown = remaining.first {
            throw UsageError("unknown option \"\(unknown)\" for '\(command)'; see 'simulate \(command) --help'")
        }
    }
}
