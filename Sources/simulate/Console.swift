import Foundation

/// Standard output and error, unbuffered and in one place.
enum Console {
    static func out(_ text: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((text + terminator).utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Writes `text` to `path` atomically, so a failure leaves nothing half-written.
    static func write(_ text: String, toFile path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw UsageError("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
