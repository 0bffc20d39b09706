import SubscriptionModel

/// `simulate replay FILE` for a timeline that names a policy: the one code path from
/// such a file to JSON Lines, shared by the command and the scenario tests.
public enum PolicyReplay {
    /// Reads, validates and replays the file at `path` through the generic engine.
    /// Throws before anything runs when the file (or the policy file it names) is bad.
    public static func jsonLines(path: String) throws(TimelineError) -> String {
        jsonLines(try PolicyTimelineReader().read(path: path))
    }

    /// Replays a timeline through the generic engine.
    public static func jsonLines(_ timeline: PolicyTimeline) -> String {
        let machine = PolicyMachine(policy: timeline.policy)
        let outputs = machine.replay(zone: timeline.zone, events: timeline.events)
        return PolicyReplayLine.jsonLines(events: timeline.events, outputs: outputs, machine: machine)
    }
}
