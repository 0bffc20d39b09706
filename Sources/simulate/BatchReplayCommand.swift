import Foundation
import Simulator
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `simulate replay --batch`: the package's own side of the batch protocol
/// (`docs/batch-protocol.md`), so it can stand in for another implementation under
/// `simulate check --batch`.
///
/// Reads standard input line by line, one timeline per line, and answers each with
/// what `BatchReplay` gives (the JSON Lines and `{"end":"ok"}`, or the error marker), in
/// one write per timeline, so each answer is on its way as soon as its end marker is
/// (nothing is held back in a buffer). A refused timeline is answered and the next line
/// read; the command ends at the end of its input (exit 0), or when standard output
/// cannot be written (exit 2, as every command; 0 when its reader went away, which
/// closed the pipe on purpose).
enum BatchReplayCommand {
    static func run() -> Int32 {
        let replay = BatchReplay()
        var pending: [UInt8] = []
        var scanned = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var answer: [UInt8] = []
        func respond(_ line: ArraySlice<UInt8>) -> Bool {
            answer.removeAll(keepingCapacity: true)
            line.withUnsafeBufferPointer { replay.answer($0, into: &answer) }
            answer.withUnsafeBufferPointer { Console.out(utf8: $0) }
            return Console.outputError == nil
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                // The end of the input: a last line without its line break is a timeline too.
                if !pending.isEmpty { _ = respond(pending[...]) }
                return 0
            }
            pending.append(contentsOf: chunk[0..<count])
            var start = 0
            while let newline = pending.firstLineBreak(from: scanned) {
                guard respond(pending[start..<newline]) else { return 0 }
                start = newline + 1
                scanned = start
            }
            pending.removeFirst(start)
            scanned = pending.count
        }
    }
}
