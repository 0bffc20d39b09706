import SubscriptionModel
import SimulatorCore

/// The flagship's v1 timelines replayed through its reference model (`Replay` reads a
/// timeline file and sends a v1 one here): the v1 contract's JSON Lines, handed to a
/// sink in chunks of about `Replay.chunkBytes`.
package enum FlagshipReplay {
    /// Replays a timeline through the reference model, handing the JSON Lines to `sink`
    /// in chunks of about `Replay.chunkBytes`, each ending at a line's end.
    package static func write(_ timeline: FlagshipTimeline, policy: CaptureRules = .mealCapture, to sink: (String) -> Void) {
        writeUTF8(timeline, policy: policy) { sink(String(decoding: $0, as: UTF8.self)) }
    }

    /// The same lines as UTF-8, handed to `sink` chunk by chunk (valid only during the
    /// call): for a writer that sends bytes on, as `replay --batch` does.
    package static func writeUTF8(_ timeline: FlagshipTimeline, policy: CaptureRules = .mealCapture, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        let machine = FlagshipMachine(policy: policy)
        var state = FlagshipState(zone: timeline.zone)
        var chunk: [UInt8] = []
        chunk.reserveCapacity(Replay.chunkBytes + 1024)
        var writer = FlagshipReplayLine.Writer()
        for (index, event) in timeline.events.enumerated() {
            let output = machine.apply(event, to: &state)
            writer.append(index: index, action: event.action, output: output, to: &chunk)
            chunk.append(UInt8(ascii: "\n"))
            if chunk.count >= Replay.chunkBytes {
                chunk.withUnsafeBufferPointer { sink($0) }
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if !chunk.isEmpty { chunk.withUnsafeBufferPointer { sink($0) } }
    }

    /// Replays a timeline through the reference model, returning all the lines as one text.
    package static func jsonLines(_ timeline: FlagshipTimeline, policy: CaptureRules = .mealCapture) -> String {
        var text = ""
        write(timeline, policy: policy) { text += $0 }
        return text
    }
}
