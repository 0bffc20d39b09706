import SubscriptionModel

/// `simulate replay FILE` for a timeline that names a policy: the generic engine's
/// JSON Lines, handed to a sink in chunks as `Replay` does for the v1 contract.
public enum PolicyReplay {
    /// Reads, validates and replays the file at `path` through the generic engine.
    /// Throws before anything runs when the file (or the policy file it names) is bad.
    public static func jsonLines(path: String) throws(TimelineError) -> String {
        jsonLines(try PolicyTimelineReader().read(path: path))
    }

    /// Replays a timeline through the generic engine, returning all the lines as one text.
    public static func jsonLines(_ timeline: PolicyTimeline) -> String {
        var text = ""
        write(timeline) { text += $0 }
        return text
    }

    /// Replays a timeline through the generic engine, handing the JSON Lines to `sink`
    /// in chunks of about `Replay.chunkBytes`, each ending at a line's end.
    public static func write(_ timeline: PolicyTimeline, to sink: (String) -> Void) {
        let machine = PolicyMachine(policy: timeline.policy)
        var state = machine.initialState(zone: timeline.zone)
        var chunk = ""
        chunk.reserveCapacity(Replay.chunkBytes + 1024)
        for (index, event) in timeline.events.enumerated() {
            let output = machine.apply(event, to: &state)
            chunk += PolicyReplayLine.json(index: index, action: event.action, output: output, machine: machine)
            chunk += "\n"
            if chunk.utf8.count >= Replay.chunkBytes {
                sink(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if !chunk.isEmpty { sink(chunk) }
    }
}
