import Foundation
import Simulator
import Testing

/// `simulate check` shows its progress on standard error at least once a second (unless
/// `--quiet`), however long each user takes: a slow program checked over a few users
/// was silent until the end when progress came every 200 users.
@Suite("check shows its progress at least once a second")
struct CheckProgressTests {
    @Test("check shows its progress at least once a second, however few users it checks")
    func progressEverySecond() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // One job, six users, each taking at least 0.5 s: about 3 s in all.
        let started = Date()
        let check = try runSimulate(["check", "--command", "sh -c 'sleep 0.5; exec \(ShellText.word(ReportConsistencyTests.simulate)) replay \"$0\"'",
                                 "--policy", "daily-quip", "--seed", "3", "--users", "6", "--years", "1", "--jobs", "1", "--report", root + "/r"])
        let seconds = Date().timeIntervalSince(started)
        #expect(check.status == 0, "\(check.err)")
        let lines = check.err.split(separator: "\n").filter { $0.contains(" of 6 users (") }
        #expect(seconds >= 3)
        // About one a second; at least half that, as a loaded machine (the campaign-sized
        // tests beside this one) slows the process's start and its report, which show
        // none, and wakes the ticker late. Counting users alone gave none before the end.
        #expect(lines.count >= max(2, Int(seconds) / 2), "\(lines.count) progress lines in \(seconds) s: \(check.err)")
        #expect(lines.count <= Int(seconds) + 1, "not more than one a second: \(lines.count) in \(seconds) s")
    }
}
