import SubscriptionModel
import SimulatorCore

/// `simulate replay --batch`'s answer to one request line of the batch protocol
/// (`BatchProtocol`): the timeline's JSON Lines exactly as `simulate replay FILE`
/// prints them, then `{"end":"ok"}`; or, for a timeline the contract refuses, only the
/// error marker carrying the line `replay FILE` would print on standard error.
///
/// A timeline that names a policy is replayed under it with the generic output; one
/// that does not is the v1 contract. A policy file path is relative to `policyFolder`
/// (the working directory, as there is no timeline file to be beside).
package struct BatchReplay {
    /// Where a timeline's relative policy file path starts from.
    package var policyFolder: String

    /// A replayer reading policy file paths relative to `policyFolder`.
    package init(policyFolder: String = ".") {
        self.policyFolder = policyFolder
    }

    /// Appends the answer to `line` (one timeline, without its line break) to `answer`, as UTF-8.
    package func answer(_ line: UnsafeBufferPointer<UInt8>, into answer: inout [UInt8]) {
        do throws(TimelineError) {
            let document = try TimelineDocument(line, keys: TimelineReader.keys)
            if document.namesPolicy {
                let timeline = try TimelineReader().read(document, folder: policyFolder)
                Replay.writeUTF8(timeline) { answer.append(contentsOf: $0) }
            } else {
                FlagshipReplay.writeUTF8(try FlagshipTimelineReader().read(document)) { answer.append(contentsOf: $0) }
            }
            answer.append(contentsOf: BatchProtocol.endMarker.utf8)
        } catch {
            // The timeline is read whole before anything is written: a refused one is
            // answered with its error alone (the contract's Errors).
            answer.append(contentsOf: BatchProtocol.errorMarker(error.place + ": " + error.problem).utf8)
        }
        answer.append(UInt8(ascii: "\n"))
    }

    /// The answer to `line` as text.
    package func answer(_ line: [UInt8]) -> String {
        var bytes: [UInt8] = []
        line.withUnsafeBufferPointer { answer($0, into: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
