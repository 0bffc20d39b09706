import Foundation
import SubscriptionModel

/// `simulate replay FILE`: the one code path from a timeline file to JSON Lines,
/// shared by the command and the scenario tests.
public enum Replay {
    /// Reads, validates and replays the file at `path` through the reference model.
    /// Throws before anything runs when the file is bad (the contract's Errors).
    public static func jsonLines(path: String, policy: CaptureRules = .mealCapture) throws(TimelineError) -> String {
        let timeline = try TimelineReader(policy: policy).read(path: path)
        return jsonLines(timeline, policy: policy)
    }

    /// Replays a timeline through the reference model.
    public static func jsonLines(_ timeline: Timeline, policy: CaptureRules = .mealCapture) -> String {
        let outputs = SubscriptionMachine(policy: policy).replay(zone: timeline.zone, events: timeline.events)
        return ReplayLine.jsonLines(events: timeline.events, outputs: outputs)
    }
}
