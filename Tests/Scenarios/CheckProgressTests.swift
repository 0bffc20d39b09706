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

    @Test("a long shrink shows its progress every 50 candidates")
    func shrinkProgress() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The program names no plan at its twelfth event, whatever that event is: the
        // shrinker keeps 12 events, and spends more than 50 candidates on their instants.
        let program = root + "/program.sh"
        let body = #"SIMULATE replay "$1" | sed 's/^{"i":11,"do":"\([a-z-]*\)","plan":"[a-z]*"/{"i":11,"do":"\1","plan":"none"/'"#
        try Data(body.replacing("SIMULATE", with: ShellText.word(ReportConsistencyTests.simulate)).utf8).write(to: URL(fileURLWithPath: program))
        let check = try runSimulate(["check", "--command", "sh \(ShellText.word(program))", "--policy", "daily-quip", "--seed", "3", "--users", "1",
                                     "--years", "1", "--report", root + "/r"])
        #expect(check.status == 1, "\(check.err)")
        #expect(check.out.contains("\n  plan-in-force at event 11 of the shrunk timeline (user 0's own timeline broke at event 11): plan none, expected free") && check.out.contains(" to 12 events:"), "\(check.out)")
        #expect(check.err.contains("\n  50 candidates tried, the smallest failing so far 12 events, "), "\(check.err)")
    }
}
