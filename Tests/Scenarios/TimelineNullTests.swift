import Foundation
import Simulator
import SubscriptionModel
import Testing

/// The generic replay contract refuses a `policy` that is not a string and a `renews`
/// that is not `true` or `false`: `null` is neither, so it is refused rather than read
/// as missing (docs/timeline-format.md).
@Suite("Replay contract: a null policy or renews is refused")
struct TimelineNullTests {
    static let install = #"{"at": "2026-03-30T09:00:00-04:00", "do": "install"}"#

    /// Runs `simulate replay` on `text` written to a fresh temporary file.
    static func replay(_ text: String) throws -> (status: Int32, out: String, err: String) {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/timeline.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try runSimulate(["replay", path])
    }

    @Test("\"policy\": null is not a string: exit 2, nothing on stdout, one line naming policy (not the first use)", arguments: [
        #"{"policy": null, "zone": "UTC", "events": [\#(install), {"at": "2026-03-30T09:01:00-04:00", "do": "use", "feature": "meal"}]}"#,
        // Not the v1 form either: a capture under a null policy is refused the same way.
        #"{"zone": "UTC", "events": [\#(install), {"at": "2026-03-30T09:01:00-04:00", "do": "capture", "kind": "meal"}], "policy": null}"#,
    ])
    func nullPolicy(text: String) throws {
        let result = try Self.replay(text)
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == "error: policy: expected a shipped policy's name or a policy file's path, got null\n")
    }

    @Test("a null policy is worded as the policy's other type errors", arguments: [("7", "7"), ("[\"oxalate\"]", "[\"oxalate\"]"), ("\"\"", "\"\"")])
    func otherTypes(policy: String, shown: String) throws {
        let result = try Self.replay(#"{"policy": \#(policy), "zone": "UTC", "events": [\#(Self.install)]}"#)
        #expect(result.status == 2 && result.out.isEmpty)
        #expect(result.err == "error: policy: expected a shipped policy's name or a policy file's path, got \(shown)\n")
    }

    @Test("\"renews\": null is not true or false: exit 2, nothing on stdout, one line naming the event and renews")
    func nullRenews() throws {
        let entitle = #"{"at": "2026-03-30T09:01:00-04:00", "do": "set-entitlement", "product": "premium_monthly", "expires": "2026-04-30T09:01:00-04:00", "renews": null}"#
        let result = try Self.replay(#"{"policy": "oxalate", "zone": "UTC", "events": [\#(Self.install), \#(entitle)]}"#)
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == "error: event 1: \"renews\" must be true or false, not null\n")
        // An absent renews still means true, and true and false are read.
        for (renews, expected) in [("", true), (#", "renews": true"#, true), (#", "renews": false"#, false)] {
            let text = #"{"policy": "oxalate", "zone": "UTC", "events": [\#(Self.install), \#(entitle.replacingOccurrences(of: #", "renews": null"#, with: renews))]}"#
            let timeline = try TimelineReader().read(data: Data(text.utf8), folder: "/nonexistent")
            guard case .setEntitlement(let entitlement?) = timeline.events[1].action else { Issue.record("event 1 is an entitlement"); continue }
            #expect(entitlement.renews == expected, "\(renews)")
        }
    }

    @Test("batch replay answers a null policy with the same error, as replay FILE does")
    func batchNullPolicy() {
        let line = #"{"policy": null, "zone": "UTC", "events": [{"at": "2026-01-10T21:00:00Z", "do": "install"}]}"#
        var bytes: [UInt8] = []
        Array(line.utf8).withUnsafeBufferPointer { BatchReplay().answer($0, into: &bytes) }
        #expect(String(decoding: bytes, as: UTF8.self).contains("policy: expected a shipped policy's name or a policy file's path, got null"))
    }
}
