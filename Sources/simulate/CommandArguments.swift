import Simulator

/// A small, strict reader of `--flag value` command lines: every flag is consumed by
/// name, and anything left over is an error naming it.
///
/// Unknown flags are named (with the nearest known flag as a suggestion) before any
/// positional argument is looked at, so `--user 5` is reported as the unknown flag
/// `--user`, not as a stray `5`; a flag given twice is an error, not a silent override.
final class CommandArguments {
    private var remaining: [String]
    let command: String
    /// Every flag the command asked for, for suggestions.
    private var known: [String] = ["--help"]

    init(_ arguments: [String], command: String) {
        self.remaining = arguments
        self.command = command
    }

    var wantsHelp: Bool { remaining.contains("--help") || remaining.contains("-h") }

    /// Removes and returns the value after `flag` (also accepts `flag=value`).
    func string(_ flag: String) throws -> String? {
        known.append(flag)
        let value = try takeString(flag)
        if value != nil, remaining.contains(where: { $0 == flag || $0.hasPrefix(flag + "=") }) {
            throw UsageError("\(flag) given twice; give it once")
        }
        return value
    }

    /// Removes and returns the value after `flag` when it names a file or folder to
    /// write. A name that is not UTF-8 is refused: `CommandLine.arguments` repairs it (each
    /// byte that is not UTF-8 becomes U+FFFD), so the command would write another name
    /// than the one given: the bytes given differ from the value's.
    func outputPath(_ flag: String) throws -> String? {
        try string(flag).map { value throws in try Self.utf8Name(value, flag: flag, verb: "write") }
    }

    /// Removes and returns the value after `flag` when it names a file or folder this
    /// command reads and then names in what it writes (a policy file, a StoreKit file): a
    /// name that is not UTF-8 is refused, as by `outputPath`, since it would be read as
    /// another name (and said to be missing).
    func inputPath(_ flag: String) throws -> String? {
        try string(flag).map { value throws in try Self.utf8Name(value, flag: flag, verb: "read") }
    }

    /// `value` (given after `flag`, or as a command's word without one), unless the
    /// bytes given were not UTF-8 and `value` is their repair: then an error naming the
    /// bytes given, which the command would `verb` as another name.
    static func utf8Name(_ value: String, flag: String? = nil, verb: String) throws -> String {
        let given = InputPath.commandLineArgument(value, after: flag)
        guard given.bytes.elementsEqual(value.utf8) else {
            throw UsageError("\(flag.map { $0 + " " } ?? "")\"\(given.shown)\": not a UTF-8 name, which this command would \(verb) as another name; name it in UTF-8")
        }
        return value
    }

    private func takeString(_ flag: String) throws -> String? {
        if let index = remaining.firstIndex(where: { $0.hasPrefix(flag + "=") }) {
            let value = String(remaining[index].dropFirst(flag.count + 1))
            remaining.remove(at: index)
            return value
        }
        guard let index = remaining.firstIndex(of: flag) else { return nil }
        guard index + 1 < remaining.count else { throw UsageError("\(flag) needs a value") }
        let value = remaining[index + 1]
        // `--report --quiet` is a forgotten value, not a folder named `--quiet`.
        if value.hasPrefix("--") {
            throw UsageError("\(flag) needs a value, and \(ErrorText.quoted(value)) is an option; a value that starts with -- is written \(flag)=\(value)")
        }
        remaining.removeSubrange(index...index + 1)
        return value
    }

    func int(_ flag: String, range: ClosedRange<Int>) throws -> Int? {
        guard let text = try string(flag) else { return nil }
        guard Self.isNumeral(text), let value = Int(text), range.contains(value) else {
            throw UsageError("\(flag) \(ErrorText.quoted(text)): expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func uint64(_ flag: String) throws -> UInt64? {
        guard let text = try string(flag) else { return nil }
        guard Self.isNumeral(text), let value = UInt64(text) else {
            throw UsageError("\(flag) \(ErrorText.quoted(text)): expected a whole number from 0 to \(UInt64.max)")
        }
        return value
    }

    func double(_ flag: String, range: ClosedRange<Double>) throws -> Double? {
        guard let text = try string(flag) else { return nil }
        guard Self.isNumeral(text, fraction: true), let value = Double(text), range.contains(value) else {
            throw UsageError("\(flag) \(ErrorText.quoted(text)): expected a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func flag(_ name: String) throws -> Bool {
        known.append(name)
        guard let index = remaining.firstIndex(of: name) else { return false }
        remaining.remove(at: index)
        if remaining.contains(name) { throw UsageError("\(name) given twice; give it once") }
        return true
    }

    /// Arguments that are not flags, in order (removed). Call after every flag has been
    /// taken: a flag still left is unknown and is reported first.
    var positionals: [String] {
        get throws {
            try takePositionals()
        }
    }

    private func takePositionals() throws -> [String] {
        try rejectUnknownFlags()
        let values = remaining.filter { !Self.isFlag($0) }
        remaining.removeAll { !Self.isFlag($0) }
        return values
    }

    /// Fails on anything left over: an unknown flag, or an argument the command does not take.
    func rejectUnknown() throws {
        try rejectUnknownFlags()
        if let extra = remaining.first {
            throw UsageError("unexpected argument \(ErrorText.quoted(extra)) for '\(command)'; see 'simulate \(command) --help'")
        }
    }

    private func rejectUnknownFlags() throws {
        guard let unknown = remaining.first(where: Self.isFlag) else { return }
        let name = String(unknown.prefix { $0 != "=" })
        if name != unknown, known.contains(name) {
            throw UsageError("\(name) takes no value: write \(name) alone, not \(ErrorText.quoted(unknown))")
        }
        var message = "unknown option \(ErrorText.quoted(name)) for '\(command)'"
        if let nearest = Self.nearest(to: name, in: known) { message += "; did you mean \(nearest)?" }
        throw UsageError(message + (message.hasSuffix("?") ? " See" : "; see") + " 'simulate \(command) --help'.")
    }

    /// Whether `text` is decimal digits, with one `.` among them when `fraction` allows: a
    /// number on the command line is written plainly (`+7`, `0x10`, `1e3` and ` 7` are
    /// not the numbers Swift would parse them as).
    private static func isNumeral(_ text: String, fraction: Bool = false) -> Bool {
        let digits = text.utf8.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
        let points = text.utf8.filter { $0 == UInt8(ascii: ".") }.count
        return digits > 0 && digits + points == text.utf8.count && points <= (fraction ? 1 : 0)
    }

    private static func isFlag(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-" && Double(argument) == nil
    }

    /// The known flag closest to `name` (`NearestName`), `--help` aside.
    static func nearest(to name: String, in known: [String]) -> String? {
        NearestName.nearest(to: name, in: known.filter { $0 != "--help" })
    }
}
