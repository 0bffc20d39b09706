import Foundation
import Synchronization
import SimulatorCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A run's report folder, replaced whole by the run that writes it.
///
/// Everything a run writes goes first into a staging folder beside the destination
/// (same parent, so the same file system); `commit()` then swaps the staging folder
/// and the destination in one atomic rename. A reader, a later run or an interrupted
/// one therefore sees either the earlier report or the new one, never a mix: old
/// failure files cannot survive a passing run, and a run's `report.md` cannot sit
/// beside another run's failures. The staging folder is made up front, so a folder
/// that cannot be written is refused before the run starts.
package final class ReportFolder: Sendable {
    /// The folder's path, as the user gave it (what messages print).
    package let path: String
    /// Where the files go until `commit()`.
    let staging: String
    /// The folder's path with `.` and `..` resolved (`r/.` is `r`): what the swap renames
    /// onto, which a path ending in `.` cannot be.
    let target: String

    /// Why a report could not be written.
    package struct WriteError: Error, CustomStringConvertible {
        /// The message.
        package let description: String
    }

    /// Staging folders not yet committed, each with the folders on the way to it that
    /// its report folder made (the deepest first), removed by `abandonAll()` on an
    /// interrupt; and the folders committed so far. The lock is held through each write and each
    /// commit, so an interrupt waits for one in progress, and no write after it makes a
    /// staging folder again.
    private static let pending = Mutex<(folders: [String: [String]], abandoned: Bool, committed: [String])>(([:], false, []))

    /// Runs `body` under the lock, or throws `refused` when an interrupt has abandoned
    /// the reports: a staging folder, a write or a commit is whole before an interrupt
    /// or never begun.
    private static func unlessAbandoned(_ refused: @autoclosure () -> WriteError,
                                        _ body: (inout (folders: [String: [String]], abandoned: Bool, committed: [String])) throws(WriteError) -> Void) throws(WriteError) {
        try pending.withLock { state throws(WriteError) in
            guard !state.abandoned else { throw refused() }
            try body(&state)
        }
    }

    /// Checks that `path` can become a report folder and makes its staging folder.
    ///
    /// Replacing the folder deletes what it holds, so a folder is refused that is, or
    /// holds, the folder the command runs in, or one of `inputs` (the files and folders
    /// the command reads: a merge's shard folders, a policy file).
    package init(path: String, inputs: [String] = []) throws(WriteError) {
        self.path = path
        guard !path.isEmpty else { throw WriteError(description: Self.unnamed) }
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw WriteError(description: "--report \(ErrorText.quotedPath(path)): a file, not a folder")
        }
        // The swap renames a folder onto the path, which cannot replace a symbolic link
        // (it would fail only once the run is over): the folder itself must be named.
        // (`lstat` follows a link named with a trailing slash, so the slashes go first.)
        var unslashed = path
        while unslashed.utf8.count > 1, unslashed.utf8.last == UInt8(ascii: "/") { unslashed.removeLast() }
        var status = stat()
        if lstat(unslashed, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            let target = (try? fileManager.destinationOfSymbolicLink(atPath: unslashed)) ?? "?"
            throw WriteError(description: "--report \(ErrorText.quotedPath(path)): a symbolic link (to \(ErrorText.quotedPath(target))), which a report cannot replace; name the folder itself")
        }
        let destination = Self.components(path)
        if Self.holds(destination, Self.components(fileManager.currentDirectoryPath)) {
            throw WriteError(description: "--report \(ErrorText.quotedPath(path)): holds the folder this command runs in, which replacing it would delete; name a folder of its own")
        }
        for input in inputs where Self.holds(destination, Self.components(input)) {
            throw WriteError(description: "--report \(ErrorText.quotedPath(path)): holds \(ErrorText.quotedPath(input)), which this command reads and replacing the folder would delete; name another folder")
        }
        // Replacing the folder deletes what it holds, so only a new or empty folder is
        // replaced, or an earlier report of this tool that holds only what a report
        // writes: not a folder of something else (a user's papers, another tool's
        // report), nor a report with something put in it (a user's notes, a `.git`).
        // The Finder's files count for neither. Nothing of this tool's is written inside one.
        if isDirectory.boolValue, let entries = (try? fileManager.contentsOfDirectory(atPath: path))?.filter({ !Self.isClutter($0) }).sorted(), !entries.isEmpty {
            guard Self.isReport(path) else {
                throw WriteError(description: "--report \(ErrorText.quotedPath(path)): holds \(Self.contentsText(entries, in: path)) (\(ErrorText.quotedPath(entries[0]))\(entries.count > 1 ? ", …" : "")) and no report.json, report.md and report.html, so it is no earlier report; replacing it would delete them: name a new or empty folder")
            }
            if let other = entries.first(where: { !Self.reportEntries.contains($0) }) ?? Self.foreignFailure(in: path) {
                throw WriteError(description: "--report \(ErrorText.quotedPath(path)): an earlier report that also holds \(ErrorText.quotedPath(other)), which is not part of a report and replacing the folder would delete; move it, or name another folder")
            }
        }
        if let outer = Self.enclosingReport(of: path) {
            throw WriteError(description: "--report \(ErrorText.quotedPath(path)): inside the earlier report \(ErrorText.quotedPath(outer)), which a command writing there replaces whole; name a folder outside it")
        }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        target = url.path
        let parent = url.deletingLastPathComponent().path
        if let problem = Self.problemOnTheWay(to: parent) { throw WriteError(description: "--report \(ErrorText.quotedPath(path)): \(problem)") }
        // The folders on the way that do not exist yet: a report never committed takes
        // them away again (`discard()`), as it found the disk.
        var missing: [String] = [], folder = parent
        while !folder.isEmpty, folder != "/", !fileManager.fileExists(atPath: folder) {
            missing.append(folder)
            folder = Self.parent(of: folder)
        }
        // (The folder's name cut short in the staging folder's: a name of 255 bytes, the
        // most a file system takes, stays one with the suffix.)
        let staging = (parent as NSString).appendingPathComponent(".\(url.lastPathComponent.prefix(40)).new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        self.staging = staging
        do throws(WriteError) {
            do {
                try fileManager.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw WriteError(description: "--report \(ErrorText.quotedPath(path)): cannot create \(ErrorText.quotedPath(parent)) (\(Self.reason(error)))")
            }
            // Made and registered in one step under the lock, so that an interrupt either
            // finds it (and removes it) or comes first (and no folder is made).
            try Self.unlessAbandoned(Self.abandoned(path)) { state throws(WriteError) in
                do {
                    try fileManager.createDirectory(atPath: staging, withIntermediateDirectories: false)
                } catch {
                    throw WriteError(description: "--report \(ErrorText.quotedPath(path)): cannot write in \(ErrorText.quotedPath(parent)) (\(Self.reason(error)))")
                }
                state.folders[staging] = missing
            }
        } catch {
            Self.removeEmpty(missing) // refused after all: the folders made on the way go again
            throw error
        }
    }

    deinit {
        // A folder dropped without `commit()` (an error ended the command) leaves no staging behind.
        discard()
    }

    /// Writes `text` to `name` inside the folder (staged until `commit()`) and returns
    /// the path the file will have once committed.
    @discardableResult
    package func write(_ text: String, as name: String) throws(WriteError) -> String {
        let staged = (staging as NSString).appendingPathComponent(name)
        try Self.unlessAbandoned(Self.abandoned(path)) { _ throws(WriteError) in
            let failed = { (reason: String) in WriteError(description: "cannot write \(ErrorText.quotedPath((self.path as NSString).appendingPathComponent(name))): \(reason)") }
            do {
                try FileManager.default.createDirectory(atPath: Self.parent(of: staged), withIntermediateDirectories: true)
            } catch {
                throw failed(Self.reason(error))
            }
            if let problem = Self.put(text, at: staged) { throw failed(problem) }
        }
        return (path as NSString).appendingPathComponent(name)
    }

    /// Writes `report.json`, `report.md` and `report.html`.
    package func write(_ report: RunReport) throws(WriteError) {
        for (name, text) in zip(Self.reportFiles, [report.json(), MarkdownReport.text(report), HTMLReport.page(report)]) {
            try write(text, as: name)
        }
    }

    /// Replaces the destination folder with what was written, in one atomic swap, and
    /// removes the earlier report.
    package func commit() throws(WriteError) {
        try Self.unlessAbandoned(Self.abandoned(path)) { state throws(WriteError) in
            guard let made = state.folders.removeValue(forKey: staging) else { throw Self.abandoned(path) }
            do throws(WriteError) {
                let earlier = try swapIn()
                state.committed.append(path)
                // The earlier report, now beside the new one, is removed under the lock
                // too: an interrupt waits for it rather than cut it short and leave the
                // rest of it behind.
                if let earlier { try? FileManager.default.removeItem(atPath: earlier) }
            } catch {
                Self.remove(staging, made)
                throw error
            }
        }
    }

    /// Removes the staging folder without touching the destination. Under the lock, and
    /// only while it is still this folder's to remove: an interrupt's `abandonAll` may be
    /// removing it at the same moment, and two removals of one tree each stop at the
    /// first file the other took, leaving the rest behind.
    package func discard() {
        Self.pending.withLock { state in
            guard let made = state.folders.removeValue(forKey: staging) else { return }
            Self.remove(staging, made)
        }
    }

    /// Removes every staging folder not yet committed and refuses later writes and
    /// commits: what an interrupt calls, so that Ctrl-C leaves each report folder as it
    /// was. Waits for a write or a commit in progress to finish; returns the folders
    /// committed before it (a report already replaced, which the interrupt must not say
    /// it left as it was).
    @discardableResult
    package static func abandonAll() -> [String] {
        pending.withLock { state in
            state.abandoned = true
            // Under the lock, so that no `discard()` removes one of them at the same time.
            for (folder, made) in state.folders { remove(folder, made) }
            state.folders = [:]
            return state.committed
        }
    }

    /// Removes a staging folder, then the folders made on the way to it.
    private static func remove(_ staging: String, _ made: [String]) {
        try? FileManager.default.removeItem(atPath: staging)
        removeEmpty(made)
    }

    /// Removes the folders made on the way to a report folder, the deepest first, each
    /// only while it is empty (something else may have been written there since).
    private static func removeEmpty(_ made: [String]) {
        for folder in made where rmdir(folder) != 0 { break }
    }

    /// Moves the staging folder to the destination; returns the earlier report's new
    /// place (to be removed), if there was one.
    private func swapIn() throws(WriteError) -> String? {
        if rename(staging, target) == 0 { return nil }
        let first = errno
        guard first == EEXIST || first == ENOTEMPTY else {
            throw WriteError(description: "cannot replace \(ErrorText.quotedPath(path)): \(String(cString: strerror(first)))")
        }
        if Self.exchange(staging, target) {
            return staging
        }
        // No atomic exchange on this file system: the old report moves aside first.
        let aside = staging + ".old"
        guard rename(target, aside) == 0, rename(staging, target) == 0 else {
            throw WriteError(description: "cannot replace \(ErrorText.quotedPath(path)): \(String(cString: strerror(errno)))")
        }
        return aside
    }

    /// Swaps two paths atomically (`renameat2(RENAME_EXCHANGE)` on Linux,
    /// `renamex_np(RENAME_SWAP)` on Apple systems).
    private static func exchange(_ a: String, _ b: String) -> Bool {
        #if canImport(Darwin)
        return renamex_np(a, b, UInt32(RENAME_SWAP)) == 0
        #else
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 2
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
        #endif
    }

    /// Writes one file atomically (a temporary file renamed over it): for files that live
    /// beside others a run does not own, such as `reports/baseline.json`. The rename
    /// would replace whatever is at `path`, so only a regular file, or nothing, may be
    /// there: a folder, a symbolic link, a device or a pipe is refused.
    /// `inputs` are files the command reads, which it never writes over.
    @discardableResult
    package static func writeFile(_ text: String, to path: String, reading inputs: [String] = []) throws(WriteError) -> String {
        try writeFiles([(text, path)], reading: inputs)[0]
    }

    /// Writes a new file at `path` as `writeFile` does, whole or not at all, but never
    /// over a file there: the temporary file is linked to `path`, which fails when
    /// anything holds that name, even a file another process made a moment before.
    @discardableResult
    package static func writeNewFile(_ text: String, to path: String) throws(WriteError) -> String {
        try writeFiles([(text, path)], replacing: false)[0]
    }

    /// Writes several files as `writeFile` writes one, all or none: each is written
    /// whole to a temporary file beside it first, and only when every one is written
    /// (a full disk fails there) are they renamed over their paths, so a failure leaves
    /// every file as it was. Returns the paths.
    @discardableResult
    package static func writeFiles(_ files: [(text: String, path: String)], replacing: Bool = true, reading inputs: [String] = []) throws(WriteError) -> [String] {
        for file in files {
            if let refusal = refusal(toWrite: file.path, reading: inputs) { throw refusal }
        }
        guard let first = files.first else { return [] }
        // Under the lock, as a commit: an interrupt waits for the files, and names them as written.
        try unlessAbandoned(WriteError(description: "cannot write \(ErrorText.quotedPath(first.path)): the command was interrupted")) { state throws(WriteError) in
            var staged: [String] = []
            defer { for temporary in staged { unlink(temporary) } }
            for file in files {
                let folder = parent(of: file.path)
                let failed = { (reason: String) in WriteError(description: "cannot write \(ErrorText.quotedPath(file.path)): \(reason)") }
                do {
                    try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
                } catch {
                    throw failed(reason(error))
                }
                // A short name of its own, which any folder takes whatever the file's name.
                let name = ".simulate-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).new"
                let temporary = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
                staged.append(temporary)
                if let problem = put(file.text, at: temporary) { throw failed(problem) }
            }
            for (index, file) in files.enumerated() {
                if !replacing {
                    // The temporary file stays staged, and is unlinked with the others.
                    guard link(staged[index], file.path) == 0 else {
                        let reason = errno == EEXIST ? "it already exists, and is never overwritten" : String(cString: strerror(errno))
                        throw WriteError(description: "cannot write \(ErrorText.quotedPath(file.path)): \(reason)")
                    }
                    state.committed.append(file.path)
                    continue
                }
                guard rename(staged[index], file.path) == 0 else {
                    throw WriteError(description: "cannot write \(ErrorText.quotedPath(file.path)): \(String(cString: strerror(errno)))")
                }
                staged[index] = ""
                state.committed.append(file.path)
            }
            // Linked files leave their temporary names to the deferred unlink; renamed ones have none.
            if replacing { staged.removeAll() }
        }
        return files.map(\.path)
    }

    /// Writes `text` to a new file at `path` (replacing one there), with the system's
    /// calls, so that a failure says the system's reason ("No space left on device",
    /// "File too large"); returns that reason, or nil once the file is written and closed.
    static func put(_ text: String, at path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var text = text
        let failure = text.withUTF8 { DescriptorWrite.all($0, to: descriptor) }
        let closed = close(descriptor) == 0 ? nil : errno
        guard let problem = failure ?? closed else { return nil }
        return String(cString: strerror(problem))
    }

    /// Why `writeFile` could not write `path`, found before anything is written (so that
    /// a command refuses it before its run): no name, a name ending in `/`, one of
    /// `inputs` (the files the command reads, by any path or link to them), something
    /// other than a regular file there, or a file where a folder on the way should be.
    package static func refusal(toWrite path: String, reading inputs: [String] = []) -> WriteError? {
        guard !path.isEmpty else { return WriteError(description: "cannot write \"\": no file is named") }
        guard !path.hasSuffix("/") else { return WriteError(description: "cannot write \(ErrorText.quotedPath(path)): it names a folder (it ends in /), not a file") }
        if let outer = enclosingReport(of: path) {
            return WriteError(description: "cannot write \(ErrorText.quotedPath(path)): inside the earlier report \(ErrorText.quotedPath(outer)), which a command writing there replaces whole; name a file outside it")
        }
        if let read = inputs.first(where: { isSameFile(path, $0) }) {
            return WriteError(description: "cannot write \(ErrorText.quotedPath(path)): it is \(ErrorText.quotedPath(PolicyLoader.shownPath(read))), which this command reads; name another file")
        }
        var status = stat()
        if lstat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG: return nil
            case S_IFDIR: return WriteError(description: "cannot write \(ErrorText.quotedPath(path)): a folder, not a file")
            case S_IFLNK: return WriteError(description: "cannot write \(ErrorText.quotedPath(path)): a symbolic link, which writing would replace; name the file itself")
            default: return WriteError(description: "cannot write \(ErrorText.quotedPath(path)): not a regular file (a device, a pipe or a socket), which writing would replace")
            }
        }
        return problemOnTheWay(to: parent(of: path)).map { WriteError(description: "cannot write \(ErrorText.quotedPath(path)): \($0)") }
    }

    /// Whether `path` and `other` name one existing file (by any path or link: the same
    /// device and inode).
    static func isSameFile(_ path: String, _ other: String) -> Bool {
        var one = stat(), two = stat()
        guard stat(path, &one) == 0, stat(other, &two) == 0 else { return false }
        return one.st_dev == two.st_dev && one.st_ino == two.st_ino
    }

    /// Why the folder `path` could not be made or written in, found before anything is
    /// written: the nearest part of it that exists is a file, or a folder this process
    /// cannot write in. Said in those words, rather than as the system's "a file with the
    /// same name already exists" once a run is over.
    static func problemOnTheWay(to path: String) -> String? {
        var existing = path.isEmpty ? "." : path, status = stat()
        while stat(existing, &status) != 0, existing != "/", existing != "." {
            existing = parent(of: existing)
            if existing.isEmpty { existing = "." }
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { return "\(ErrorText.quotedPath(existing)) is a file, not a folder" }
        guard access(existing, W_OK) == 0 else { return "cannot write in \(ErrorText.quotedPath(existing)) (\(String(cString: strerror(errno))))" }
        return nil
    }

    /// The folder part of `path`, as `NSString.deletingLastPathComponent` gives it ("a"
    /// for "a/b/", "/" for "/a", "" for a bare name), which Foundation on Linux traps on
    /// for a name of one character. Found on the bytes, as the system reads a path (a `/`
    /// followed by a combining mark is still a separator), in one pass.
    package static func parent(of path: String) -> String {
        let bytes = Array(path.utf8), slash = UInt8(ascii: "/")
        var end = bytes.count
        while end > 1, bytes[end - 1] == slash { end -= 1 }
        guard let last = bytes[..<end].lastIndex(of: slash) else { return "" }
        var head = last
        while head > 1, bytes[head - 1] == slash { head -= 1 }
        return head == 0 ? "/" : String(decoding: bytes[..<head], as: UTF8.self)
    }

    /// The components of `path` made absolute, with `.`, `..` and symbolic links resolved
    /// as far as the path exists.
    static func components(_ path: String) -> [String] {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().pathComponents
    }

    /// Whether the folder at `folder` is `path` or holds it.
    static func holds(_ folder: [String], _ path: [String]) -> Bool {
        path.count >= folder.count && Array(path.prefix(folder.count)) == folder
    }

    /// Why a write or a commit did not happen: an interrupt abandoned the report.
    private static func abandoned(_ path: String) -> WriteError {
        WriteError(description: "the report for \(ErrorText.quotedPath(path)) was abandoned")
    }

    /// The refusal of `--report ""`, by every command that takes one.
    package static let unnamed = "--report \"\": no folder is named"

    /// The files every report writes (`write(_ report:)`).
    static let reportFiles = ["report.json", "report.md", "report.html"]

    /// What a report folder holds: the report's files, and what a command adds with
    /// `write(_:as:)` (its summary, its failures' timelines).
    static let reportEntries = Set(reportFiles + ["summary.txt", "failures"])

    /// The first thing in an earlier report's `failures/` that no command wrote there,
    /// as `failures/NAME`: the commands write timelines there (`NAME.json` files) and
    /// nothing else, so a folder, a link or another file was put there by someone. A
    /// `failures` that is not a folder is one too.
    static func foreignFailure(in report: String) -> String? {
        let failures = (report as NSString).appendingPathComponent("failures")
        guard let kind = try? FileManager.default.attributesOfItem(atPath: failures)[.type] as? FileAttributeType else { return nil }
        guard kind == .typeDirectory, let names = try? FileManager.default.contentsOfDirectory(atPath: failures) else { return "failures" }
        for name in names.sorted() where !isClutter(name) {
            let type = (try? FileManager.default.attributesOfItem(atPath: (failures as NSString).appendingPathComponent(name))[.type]) as? FileAttributeType
            if !name.hasSuffix(".json") || type != .typeRegular { return "failures/" + name }
        }
        return nil
    }

    /// Whether `folder` is an earlier report of this tool: it holds the files every
    /// report writes (another tool's lone report.json does not make one).
    static func isReport(_ folder: String) -> Bool {
        reportFiles.allSatisfy { FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent($0)) }
    }

    /// `entries` of the folder at `path` as a refusal counts them: `a file`, `2 files
    /// and a folder`, `3 folders`.
    static func contentsText(_ entries: [String], in path: String) -> String {
        let folders = entries.filter { entry in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(entry), isDirectory: &isFolder) && isFolder.boolValue
        }.count
        func count(_ number: Int, _ noun: String) -> String? { number == 0 ? nil : number == 1 ? "a \(noun)" : "\(number) \(noun)s" }
        return [count(entries.count - folders, "file"), count(folders, "folder")].compactMap { $0 }.joined(separator: " and ")
    }

    /// The Finder's own files (`.DS_Store`, and `._` AppleDouble files on other file
    /// systems), which no one keeps on purpose: they neither make a folder something
    /// else than a report nor keep one from being replaced.
    static func isClutter(_ name: String) -> Bool {
        name == ".DS_Store" || name.hasPrefix("._")
    }

    /// The nearest folder above `path`, symbolic links followed, that is an earlier
    /// report of this tool (`isReport`), or nil: a file or a report written inside one
    /// would be deleted by the next command that writes that report, or would keep that
    /// command from replacing it.
    static func enclosingReport(of path: String) -> String? {
        // The nearest folder that exists, with its links resolved: nothing below it exists
        // to be a report, and a link can lead into one.
        var folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/", !folder.path.isEmpty { folder = folder.deletingLastPathComponent() }
        folder = folder.resolvingSymlinksInPath()
        while folder.path != "/" && !folder.path.isEmpty {
            if isReport(folder.path) { return folder.path }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// The operating system's reason, without Foundation's long wrapper text.
    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}
