import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live processes on this machine, so a test can see what an external program
/// left running. Zombies are not counted: they run nothing, and in a container whose
/// first process reaps nobody they stay listed after being killed.
enum RunningProcesses {
    /// One live process.
    struct Entry: Equatable {
        /// Its id.
        var pid: Int32
        /// Its process group.
        var group: Int32
        /// Its arguments, joined by spaces.
        var commandLine: String
    }

    /// Every live process whose command line contains `marker`.
    static func matching(_ marker: String) -> [Entry] {
        all().filter { $0.commandLine.contains(marker) }
    }

    /// Every live process in `group`.
    static func members(of group: Int32) -> [Entry] {
        all().filter { $0.group == group }
    }

    /// Waits up to `seconds` for a process whose command line contains `marker`.
    static func waitFor(_ marker: String, seconds: Double) -> [Entry] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let found = matching(marker)
            if !found.isEmpty { return found }
            usleep(20_000)
        }
        return []
    }

    /// A sleep length no other process carries, such as `300.482913`, to find a program's sleep by.
    static func uniqueSleep(_ seconds: Int) -> String {
        "\(seconds).\(Int.random(in: 100_000...999_999))"
    }

    /// Every live process.
    static func all() -> [Entry] {
        #if os(Linux)
        let ids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
        return ids.compactMap { pid -> Entry? in
            guard let commandLine = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")),
                  let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After "pid (name) ": the state, the parent, the group.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, fields[0] != "Z", let group = Int32(fields[2]) else { return nil }
            return Entry(pid: pid, group: group, commandLine: String(decoding: commandLine.map { $0 == 0 ? 32 : $0 }, as: UTF8.self))
        }
        #else
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/ps")
        process.arguments = ["-axo", "pid=,pgid=,stat=,command="]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return [] }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").compactMap { line -> Entry? in
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            guard fields.count == 4, !fields[2].hasPrefix("Z"), let pid = Int32(fields[0]), let group = Int32(fields[1]) else { return nil }
            return Entry(pid: pid, group: group, commandLine: String(fields[3]))
        }
        #endif
    }
}
