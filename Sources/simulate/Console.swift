import Foundation
import Simulator
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and error, unbuffered and in one place.
///
/// Writes go straight to the file descriptors and never trap: a full disk, a closed
/// descriptor or a reader that went away (`> /dev/full`, `>&-`, `| head`) is latched
/// instead, and the command goes on (a run still writes its report). `main` turns a
/// failed standard output into one `error:` line and exit status 2; a reader that went
/// away is not a failure (`| head` read what it wanted), so nothing more is printed and
/// the command's own status stands.
enum Console {
    /// Set by an interrupt: what the command still prints is dropped.
    private static let silenced = Atomic<Bool>(false)

    /// Drops everything printed from now on but lines said `evenIfSilenced`.
    static func silence() { silenced.store(true, ordering: .sequentiallyConsistent) }

    /// Whether `silence()` was called.
    static var isSilenced: Bool { silenced.load(ordering: .sequentiallyConsistent) }

    /// The first error writing standard output, if any (`errno`).
    nonisolated(unsafe) private(set) static var outputError: Int32?

    /// Ignores SIGPIPE, so a closed pipe is an error code rather than a kill, and fills
    /// a closed standard descriptor with `/dev/null`: otherwise the next file the
    /// process opens (a report, a zone file) would get its number, and writes meant for
    /// the terminal would land in it. A closed standard output is remembered as a
    /// write error.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
            if descriptor == STDOUT_FILENO { outputError = EBADF }
        }
    }

    static func out(_ text: String, terminator: String = "\n") {
        guard outputError == nil, !isSilenced else { return }
        if let error = write(text + terminator, to: STDOUT_FILENO) { outputError = error }
    }

    /// Bytes already encoded as UTF-8 (`replay --batch`'s answers), written as they are.
    static func out(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard outputError == nil, !isSilenced else { return }
        if let error = write(bytes, to: STDOUT_FILENO) { outputError = error }
    }

    /// Whether progress lines reach standard error (`--quiet` turns them off).
    nonisolated(unsafe) static var showsProgress = true

    /// A progress line on standard error, unless the command was given `--quiet`.
    static func progress(_ text: String) {
        if showsProgress { error(text) }
    }

    /// A line on standard error; failures there are ignored (there is nowhere left to say so).
    static func error(_ text: String, evenIfSilenced: Bool = false) {
        guard evenIfSilenced || !isSilenced else { return }
        _ = write(text + "\n", to: STDERR_FILENO)
    }

    /// Writes all of `text`; returns `errno` on failure.
    private static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { DescriptorWrite.all($0, to: descriptor) }
    }

    /// Writes all of `bytes`; returns `errno` on failure.
    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
        DescriptorWrite.all(bytes, to: descriptor)
    }

    /// The message for a failed standard output; nil when none failed, or when its reader
    /// closed the pipe (`EPIPE`: `| head` stopped reading, which is no error of the command's).
    static var outputErrorMessage: String? {
        guard let outputError, outputError != EPIPE else { return nil }
        return "cannot write standard output: \(String(cString: strerror(outputError)))"
    }

    /// Writes `text` to `path` atomically, so a failure leaves nothing half-written; never
    /// over one of `inputs`, the files the command reads.
    static func write(_ text: String, toFile path: String, reading inputs: [String] = []) throws {
        do {
            try ReportFolder.writeFile(text, to: path, reading: inputs)
        } catch {
            throw UsageError(error.description)
        }
    }
}
