import Foundation
import SubscriptionModel
import SimulatorCore

/// The batch protocol (`docs/batch-protocol.md`): one long-lived program answers many
/// timelines, so a check pays for starting it once per job rather than once per
/// timeline.
///
/// The checker writes one timeline per line on the program's standard input (the
/// timeline's JSON with its line breaks removed: a JSON string never holds a raw line
/// break, so this is the same document). For each, the program prints the lines
/// `simulate replay FILE` would print for it, then one end marker line:
///
/// - `{"end":"ok"}` after the output lines of a timeline it replayed;
/// - `{"end":"error","error":MESSAGE}`, and no output lines, for a timeline it refuses,
///   where MESSAGE is the line `simulate replay FILE` would print on standard error
///   without its `error: ` prefix.
///
/// A line is an end marker when its first member is `"end"`; markers are read as JSON
/// values (member order and white space free), strictly: any other member or value is
/// a broken protocol. Lines end in `\n` (a `\r` before it is allowed).
package enum BatchProtocol {
    /// The end marker after a replayed timeline's output lines, as `replay --batch` writes it.
    package static let endMarker = #"{"end":"ok"}"#

    /// The answer to a timeline refused with `message` (the error line without `error: `).
    package static func errorMarker(_ message: String) -> String {
        #"{"end":"error","error":"# + JSONText.quoted(message) + "}"
    }

    /// The request line for a timeline written as JSON text (any layout): the text
    /// with its line breaks (`\n`, `\r`) removed, ending in one `\n`.
    package static func requestLine(_ timelineText: String) -> [UInt8] {
        var text = timelineText
        return text.withUTF8 { requestLine(utf8: $0) }
    }

    /// The request line for a timeline's JSON text given as UTF-8.
    package static func requestLine(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        // Copied a run at a time, between the line breaks (found with `memchr` when the
        // text has no `\r`, as the package's own never has).
        let carriageReturns = !bytes.isEmpty && memchr(bytes.baseAddress!, Int32(UInt8(ascii: "\r")), bytes.count) != nil
        return [UInt8](unsafeUninitializedCapacity: bytes.count + 1) { line, count in
            var start = 0
            count = 0
            while start < bytes.count {
                var end = start
                if carriageReturns {
                    while end < bytes.count, bytes[end] != UInt8(ascii: "\n") && bytes[end] != UInt8(ascii: "\r") { end += 1 }
                } else if let found = memchr(bytes.baseAddress! + start, Int32(UInt8(ascii: "\n")), bytes.count - start) {
                    end = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                } else {
                    end = bytes.count
                }
                if end > start {
                    UnsafeMutableRawPointer(line.baseAddress! + count).copyMemory(from: bytes.baseAddress! + start, byteCount: end - start)
                    count += end - start
                }
                start = end + 1
            }
            line[count] = UInt8(ascii: "\n")
            count += 1
        }
    }

    /// What an end marker says.
    package enum Marker: Hashable, Sendable {
        /// The output lines before it are the timeline's.
        case ok
        /// The program refused the timeline, with this message.
        case error(String)
    }

    /// Whether `line` (without its line break) is an end marker: its first member is
    /// `"end"`. Cheap: it looks at the first few bytes only, so output lines pass
    /// without being parsed twice.
    package static func isEndMarker(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func skipSpace() {
            while index < line.count, line[index] == 0x20 || line[index] == 0x09 || line[index] == 0x0D || line[index] == 0x0A { index += 1 }
        }
        skipSpace()
        guard index < line.count, line[index] == UInt8(ascii: "{") else { return false }
        index += 1
        skipSpace()
        let key: [UInt8] = Array(#""end""#.utf8)
        guard line.count - index >= key.count else { return false }
        for offset in key.indices where line[index + offset] != key[offset] { return false }
        return true
    }

    /// Reads an end marker strictly; the problem, in words, when it is not one of the two.
    package static func marker(_ line: UnsafeBufferPointer<UInt8>) -> Result<Marker, MarkerProblem> {
        let shown = PrintedText.quoted(line)
        let neither = MarkerProblem(description: #"an end marker that is neither {"end":"ok"} nor {"end":"error","error":"…"}: "# + shown)
        let value: JSONValue
        do { value = try JSONValue.parse(Array(line)) } catch {
            // An object with a key given twice is JSON, but neither marker.
            return .failure(error.repeatedKey == nil ? MarkerProblem(description: "an end marker that is not a JSON object: \(shown)") : neither)
        }
        guard case .object(let object) = value else {
            return .failure(MarkerProblem(description: "an end marker that is not a JSON object: \(shown)"))
        }
        let keys = object.members.map(\.key)
        switch object["end"] {
        case .string("ok") where keys == ["end"]:
            return .success(.ok)
        case .string("error") where Set(keys) == ["end", "error"] && keys.count == 2:
            guard case .string(let message) = object["error"]! else {
                return .failure(MarkerProblem(description: "an error marker whose \"error\" is not a string: \(shown)"))
            }
            return .success(.error(message))
        default:
            return .failure(neither)
        }
    }

    /// Why a line that starts like an end marker is not one.
    package struct MarkerProblem: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, quoting the line.
        package var description: String
    }
}
