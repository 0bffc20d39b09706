#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole input file (a timeline, a report) into memory, and when it cannot,
/// says why in the words of the system's own error (`errno`), not a guess.
///
/// Regular files, standard input (`-`), `/dev/stdin` and pipes such as `<(…)` are all
/// read to their end. A stream is not read past the first byte that can never appear in
/// JSON text (a control character other than tab, line feed and carriage return), so
/// `/dev/zero` or a binary file is refused at once instead of filling memory.
package enum InputFile {
    /// The largest input read: past it, the file is refused.
    package static let maximumBytes = 1 << 32

    /// The bytes of the file at `path`; `kind` names what it should be in errors
    /// (`timeline file`, `report`). Errors name the file as `path.shown`.
    package static func read(_ path: InputPath, kind: String) throws(TimelineError) -> [UInt8] {
        let place = path.shown
        let descriptor: Int32
        if path.isStandardInput {
            descriptor = 0
        } else {
            guard !path.bytes.contains(0) else { throw TimelineError(place: place, problem: "no such file (the name holds a NUL byte)") }
            var opened: Int32
            repeat {
                opened = (path.bytes + [0]).withUnsafeBufferPointer { name in
                    open(UnsafeRawPointer(name.baseAddress!).assumingMemoryBound(to: CChar.self), O_RDONLY | O_CLOEXEC)
                }
            } while opened < 0 && errno == EINTR
            guard opened >= 0 else { throw TimelineError(place: place, problem: openProblem(errno, path: path, kind: kind)) }
            descriptor = opened
        }
        defer { if descriptor != 0 { close(descriptor) } }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw TimelineError(place: place, problem: "cannot be read: \(message(errno))") }
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR { throw TimelineError(place: place, problem: "is a directory, not a \(kind)") }
        let regular = type == S_IFREG
        if regular, Int(status.st_size) > maximumBytes {
            throw TimelineError(place: place, problem: "too large: \(status.st_size) bytes, more than the \(maximumBytes) read")
        }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(regular ? Int(status.st_size) + 1 : 1 << 16)
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 18)
        defer { chunk.deallocate() }
        while true {
            let count = readBytes(descriptor, chunk.baseAddress, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw TimelineError(place: place, problem: errno == EISDIR ? "is a directory, not a \(kind)" : "cannot be read: \(message(errno))")
            }
            if count == 0 { break }
            let read = UnsafeBufferPointer(rebasing: chunk[..<count])
            bytes.append(contentsOf: read)
            if bytes.count > maximumBytes { throw TimelineError(place: place, problem: "too large: more than the \(maximumBytes) bytes read") }
            if !regular, let bad = read.firstIndex(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
                bytes.removeLast(count - bad - 1) // keep the byte that makes it not JSON
                break
            }
        }
        return bytes
    }

    /// What a failed `open` of `path` means, said plainly: `no such file`, `permission
    /// denied`, `a symbolic link loop (...)`; `kind` names what the file should be.
    package static func openProblem(_ code: Int32, path: InputPath, kind: String) -> String {
        switch code {
        case ENOENT:
            var status = stat()
            let link = (path.bytes + [0]).withUnsafeBufferPointer { name in
                lstat(UnsafeRawPointer(name.baseAddress!).assumingMemoryBound(to: CChar.self), &status) == 0
            }
            return link && status.st_mode & S_IFMT == S_IFLNK ? "no such file (a symbolic link to a missing file)" : "no such file"
        case ENOTDIR: return "no such file (a part of the path is not a directory)"
        case EACCES: return "permission denied"
        case EPERM: return "operation not permitted"
        case ELOOP: return "a symbolic link loop (too many levels of symbolic links)"
        case ENAMETOOLONG: return "file name too long"
        case EISDIR: return "is a directory, not a \(kind)"
        case ENXIO: return "not a file that can be read (a socket?)"
        default: return "cannot be opened: \(message(code))"
        }
    }

    /// The system's text for `code`, starting lower-case to fit after `PLACE: `.
    static func message(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}

/// `read(2)`, under a name the enum's own `read` does not hide.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}
