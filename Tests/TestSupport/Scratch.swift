import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the tests put what they write: one folder of this test process under the
/// temporary directory (`TMPDIR`, whatever its length), removed with everything in it
/// when the process exits, so that `swift test` leaves nothing in the temporary folder
/// and writes nothing inside the package (`.ci/run` checks both after the suite).
public enum Scratch {
    /// The process's folder, made on first use.
    public static let root: String = {
        let base = FileManager.default.temporaryDirectory.path
        let path = (base.hasSuffix("/") ? base : base + "/") + "simulate-tests-\(getpid())-\(UUID().uuidString.prefix(8))"
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            fatalError("cannot make the tests' scratch folder \(path): \(error)")
        }
        atexit { try? FileManager.default.removeItem(atPath: Scratch.root) }
        return path
    }()

    /// A new empty folder inside `root`, named `prefix` and a fresh suffix.
    public static func folder(_ prefix: String = "test") throws -> String {
        let path = root + "/" + prefix + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
