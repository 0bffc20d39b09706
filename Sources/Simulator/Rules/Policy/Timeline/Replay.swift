import SubscriptionModel

/// `simulate replay FILE` for a timeline that names a policy: the generic engine's
/// JSON Lines, handed to a sink in chunks as `FlagshipReplay` does for the v1 contract.
package enum Replay {
    /// Reads, validates and replays the file at `path` through the generic engine.
    /// Throws before anything runs when the file (or the policy file it names) is bad.
    package static func jsonLines(path: String) throws(TimelineError) -> String {
        jsonLines(try TimelineReader().read(path: path))
    }

    /// Replays a timeline through the generic engine, returning all the lines as one text.
    package static func jsonLines(_ timeline: Timeline) -> String {
        var text = ""
        write(timeline) { text += $0 }
        return text
    }

    /// Replays a timeline through the generic engine, handing the JSON Lines to `sink`
    /// in chunks of about `FlagshipReplay.chunkBytes`, each ending at a line's end.
    package static func write(_ timeline: Timeline, to sink: (String) -> Void) {
        writeUTF8(timeline) { sink(String(decoding: $0, as: UTF8.self)) }
    }

    /// The same lines as UTF-8, handed to `sink` chunk by chunk (valid only during the
    /// call): for a writer that sends bytes on, as `replay --batch` does.
    package static func writeUTF8(_ timeline: Timeline, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        let machine = SubscriptionMachine(policy: timeline.policy)
        var state = machine.initialState(zone: timeline.zone)
        var chunk: [UInt8] = []
        chunk.reserveCapacity(FlagshipReplay.chunkBytes + 4096)
        for (index, event) in timeline.events.enumerated() {
            let output = machine.apply(event, to: &state)
            ReplayLine.append(index: index, action: event.action, output: output, machine: machine, to: &chunk)
            chunk.append(UInt8(ascii: "\n"))
            if chunk.count >= FlagshipReplay.chunkBytes {
                chunk.withUnsafeBufferPointer { sink($0) }
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if !chunk.isEmpty { chunk.withUnsafeBufferPointer { sink($0) } }
    }
}
