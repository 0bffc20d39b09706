import SubscriptionModel
import SimulatorCore

/// `simulate replay FILE`: the one code path from a timeline file to JSON Lines, shared
/// by the command and the scenario tests, for either form: a timeline that names its
/// policy (the generic engine's lines, written here) or the flagship's v1 contract
/// (`FlagshipReplay`).
///
/// The lines go to a sink in chunks as the events are replayed, so a timeline of
/// millions of events never needs its whole output in memory; nothing reaches the sink
/// before the whole file has been read and accepted (the contract's Errors).
package enum Replay {
    /// About how many bytes of lines are handed to the sink at a time.
    package static let chunkBytes = 1 << 16

    /// Reads and validates the file at `path` (`-` for standard input), then replays it,
    /// handing the JSON Lines to `sink` in chunks. A timeline that names a `policy` is
    /// read and replayed under that policy with the generic output; one that does not is
    /// the v1 contract (the meal-capture rules, `policy` here). Throws before anything
    /// reaches `sink` when the file is bad.
    package static func run(path: InputPath, policy: CaptureRules = .mealCapture, to sink: (String) -> Void) throws(TimelineError) {
        switch try read(path: path, policy: policy) {
        case .v1(let timeline): FlagshipReplay.write(timeline, policy: policy, to: sink)
        case .policy(let timeline): write(timeline, to: sink)
        }
    }

    /// The command that replays the timeline file at `path` (through the mutant
    /// `mutant`, if given), the path written as one shell word: what every summary,
    /// report and hint prints, so that each can be pasted as it is.
    package static func command(for path: String, mutant: String? = nil) -> String {
        ShellText.simulate + " replay \(ShellText.word(path))" + (mutant.map { " --mutant \(ShellText.word($0))" } ?? "")
    }

    /// A timeline file as read: the v1 form, or one that names its policy.
    package enum ReadTimeline {
        /// A timeline without `policy`: the v1 contract.
        case v1(FlagshipTimeline)
        /// A timeline that names a policy: the generic contract.
        case policy(Timeline)
    }

    /// Reads and validates the file at `path` (`-` for standard input) in the form it is
    /// written in: the one reading `replay` and `replay --mutant` share.
    package static func read(path: InputPath, policy: CaptureRules = .mealCapture) throws(TimelineError) -> ReadTimeline {
        let bytes = try InputFile.read(path, kind: "timeline file")
        return try bytes.withUnsafeBufferPointer { buffer throws(TimelineError) -> ReadTimeline in
            let document = try TimelineDocument(buffer, keys: TimelineReader.keys)
            if document.namesPolicy {
                return .policy(try TimelineReader().read(document, folder: TimelineReader.folder(of: path)))
            }
            return .v1(try FlagshipTimelineReader(policy: policy).read(document))
        }
    }

    /// Reads, validates and replays the file at `path`, returning all the lines as one
    /// text (for tests and small files; the command streams with `run`).
    package static func jsonLines(path: String, policy: CaptureRules = .mealCapture) throws(TimelineError) -> String {
        var text = ""
        try run(path: InputPath(path), policy: policy) { text += $0 }
        return text
    }

    /// Replays a timeline through the generic engine, returning all the lines as one text.
    package static func jsonLines(_ timeline: Timeline) -> String {
        var text = ""
        write(timeline) { text += $0 }
        return text
    }

    /// Replays a timeline through the generic engine, handing the JSON Lines to `sink`
    /// in chunks of about `chunkBytes`, each ending at a line's end.
    package static func write(_ timeline: Timeline, to sink: (String) -> Void) {
        writeUTF8(timeline) { sink(String(decoding: $0, as: UTF8.self)) }
    }

    /// The same lines as UTF-8, handed to `sink` chunk by chunk (valid only during the
    /// call): for a writer that sends bytes on, as `replay --batch` does.
    package static func writeUTF8(_ timeline: Timeline, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        let machine = SubscriptionMachine(policy: timeline.policy)
        var state = machine.initialState(zone: timeline.zone)
        var chunk: [UInt8] = []
        chunk.reserveCapacity(chunkBytes + 4096)
        for (index, event) in timeline.events.enumerated() {
            let output = machine.apply(event, to: &state)
            ReplayLine.append(index: index, action: event.action, output: output, machine: machine, to: &chunk)
            chunk.append(UInt8(ascii: "\n"))
            if chunk.count >= chunkBytes {
                chunk.withUnsafeBufferPointer { sink($0) }
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if !chunk.isEmpty { chunk.withUnsafeBufferPointer { sink($0) } }
    }
}
