/// A file named on the command line, kept as the bytes the system uses.
///
/// Bytes rather than a `String` because a file name need not be UTF-8: decoding it
/// would replace the odd bytes and name another file. `-` means standard input.
package struct InputPath: Hashable, Sendable {
    /// The file name's bytes, without a terminating NUL.
    package var bytes: [UInt8]

    /// The file named `path` (`-` for standard input).
    package init(_ path: String) {
        self.bytes = Array(path.utf8)
    }

    /// The file whose name is these bytes.
    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Standard input: the name `-`.
    package static let standardInput = InputPath("-")

    /// Whether this names standard input (`-`).
    package var isStandardInput: Bool { bytes == [UInt8(ascii: "-")] }

    /// The name as an error line shows it: escaped, non-UTF-8 bytes as `\xHH`, cut
    /// when long; `standard input` for `-`.
    package var shown: String { isStandardInput ? "standard input" : ErrorText.path(bytes) }

    /// The command-line argument that reads as `decoded` (or as `flag=decoded`, given
    /// `flag`), with its original bytes (after `flag=`).
    ///
    /// `CommandLine.arguments` repairs invalid UTF-8, so a name that is not UTF-8 would
    /// name another file; the raw `argv` entry keeps it.
    package static func commandLineArgument(_ decoded: String, after flag: String? = nil) -> InputPath {
        let argv = CommandLine.unsafeArgv
        let prefix = flag.map { Array($0.utf8) + [UInt8(ascii: "=")] } ?? []
        for index in (1..<Int(CommandLine.argc)).reversed() {
            guard let pointer = argv[index] else { continue }
            let raw = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
            var length = 0
            while raw[length] != 0 { length += 1 }
            let bytes = Array(UnsafeBufferPointer(start: raw, count: length))
            if String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(decoded.utf8) { return InputPath(bytes: bytes) }
            if !prefix.isEmpty, bytes.starts(with: prefix),
               String(decoding: bytes.dropFirst(prefix.count), as: UTF8.self).utf8.elementsEqual(decoded.utf8) {
                return InputPath(bytes: Array(bytes.dropFirst(prefix.count)))
            }
        }
        return InputPath(decoded)
    }
}
