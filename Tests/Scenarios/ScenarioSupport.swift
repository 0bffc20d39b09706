import Foundation
import Simulator
// By name as well as through Simulator's re-export: see Package.swift.
import SimulatorCore
import SubscriptionModel
import Testing

/// The flagship policy, whose strings every scenario asserts literally.
let policy = CaptureRules.mealCapture

/// A zone by name; a scenario naming an unknown zone is a broken test.
func zone(_ name: String) -> TimeZoneRules {
    guard let rules = TimeZoneRules.named(name) else { fatalError("unknown zone \(name)") }
    return rules
}

/// An instant written as the timeline format writes it.
func instant(_ text: String) -> Instant {
    guard case .success(let value) = InstantParser.parse(text) else { fatalError("bad instant \(text)") }
    return value
}

/// A local date `YYYY-MM-DD`.
func date(_ text: String) -> LocalDate {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    return LocalDate(year: parts[0], month: parts[1], day: parts[2])
}

/// Replays `(instant, action)` pairs from a fresh user in `start` through the reference model.
func replay(_ start: String, _ script: [(String, FlagshipEvent.Action)]) -> [FlagshipOutput] {
    let events = script.map { FlagshipEvent(at: instant($0.0), $0.1) }
    let timeline = FlagshipTimeline(zone: zone(start), events: events)
    precondition(timeline.isValid, "scenario timelines must be valid")
    return FlagshipMachine(policy: policy).replay(zone: timeline.zone, events: events)
}

/// `count` captures one minute apart from `first` (a `Z` or offset instant), as script lines.
func captures(_ count: Int, from first: String, kind: CaptureKind = .meal) -> [(String, FlagshipEvent.Action)] {
    let start = instant(first)
    return (0..<count).map { (start.adding(milliseconds: Int64($0) * Milliseconds.minute).description, .capture(kind)) }
}

/// Where the package's sources are, for tests that read files or run the command.
enum PackagePaths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let examples = root.appendingPathComponent("Tests/Scenarios/Examples")

    /// The built `simulate` executable next to the test bundle.
    static var simulate: URL? {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("simulate")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}

/// Runs the `simulate` command (in `directory`, else the tests' own working folder);
/// returns exit status, standard output and standard error.
func runSimulate(_ arguments: [String], environment: [String: String] = [:], in directory: String? = nil) throws -> (status: Int32, out: String, err: String) {
    let executable = try #require(PackagePaths.simulate, "the simulate executable is built next to the tests")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}
