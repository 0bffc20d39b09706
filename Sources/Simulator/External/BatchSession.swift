import SimulatorCore
#if os(macOS) || os(Linux)
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One program speaking the batch protocol (`BatchProtocol`), kept alive from one
/// timeline to the next and supervised as `ProgramSupervisor` supervises a single run.
///
/// The program runs as `/bin/sh -c COMMAND` in a process group of its own, with its
/// standard input, output and error on pipes. Each timeline is written as one line
/// while its answer is read, so neither side can block the other on a full pipe; the
/// answer must end with its end marker before `timeoutSeconds` pass, within
/// `outputLimit` bytes, and nothing may follow the marker. Anything else — a time-out,
/// too much output, output after the marker, the program exiting or closing its
/// output, an interrupt — is reported for that timeline, and the whole process group
/// is killed and reaped, with what the program started outside the group on Linux
/// (`ProgramDescendants`); the next timeline starts a fresh program. Standard error is
/// drained all the time, and its first bytes since the timeline was sent are kept for
/// a failure's report.
final class BatchSession {
    /// The program.
    let program: ExternalProgram
    /// How many times the program was started.
    private(set) var starts = 0

    private var child: ProgramSupervisor.Spawned?
    private var slot = -1
    /// The current answer's bytes.
    private var output: [UInt8] = []
    /// The first bytes of standard error since the current timeline was sent, and how many there were.
    private var errorKept: [UInt8] = []
    private var errorBytes = 0
    private var buffer = [UInt8](repeating: 0, count: Int(ProgramSupervisor.batchPipeBytes))

    /// A session for `program` (started at the first timeline).
    init(program: ExternalProgram) {
        self.program = program
    }

    deinit { stop() }

    /// Sends one request line (a timeline and its line break) and reads the answer: the
    /// output lines before an `ok` end marker.
    func answer(_ request: [UInt8]) -> Result<[UInt8], ExternalProgram.Failure> {
        if ExternalPrograms.isStopping {
            stop()
            return .failure(.interrupted)
        }
        if child == nil, let failure = start() { return .failure(failure) }
        output.removeAll(keepingCapacity: true)
        errorKept.removeAll(keepingCapacity: true)
        errorBytes = 0
        let result = request.withUnsafeBufferPointer { exchange($0) }
        if case .failure = result { stop() }
        if ExternalPrograms.isStopping { return .failure(.interrupted) }
        return result
    }

    /// Closes the program's standard input (the end of the requests), gives it a second
    /// to exit, then kills its process group and reaps it.
    func close() {
        guard let running = child else { return }
        if running.input >= 0 {
            closeDescriptor(running.input)
            child!.input = -1
        }
        let deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(min(max(program.timeoutSeconds, 0), 1) * 1e9)
        while !ProgramSupervisor.hasExited(running.pid), DispatchTime.now().uptimeNanoseconds < deadline {
            // Drain what it still prints, so it never blocks on a full pipe while exiting.
            guard drain(waitingMilliseconds: 10) else {
                var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
                _ = nanosleep(&pause, nil)
                continue
            }
        }
        stop()
    }

    // MARK: The process

    /// Starts the program; the failure when it cannot be.
    private func start() -> ExternalProgram.Failure? {
        let spawned: ProgramSupervisor.Spawned
        switch ProgramSupervisor.spawning.withLock({ _ in ProgramSupervisor.spawn(program.command, standardInput: true) }) {
        case .success(let started): spawned = started
        case .failure(let failure): return failure
        }
        guard let slot = ExternalPrograms.register(group: spawned.pid) else {
            _ = kill(-spawned.pid, SIGKILL)
            _ = ProgramSupervisor.reap(spawned.pid)
            ProgramDescendants.end(group: spawned.pid, run: spawned.run)
            for fd in [spawned.input, spawned.output, spawned.error] { closeDescriptor(fd) }
            return .couldNotStart("more than \(ExternalPrograms.capacity) programs running at once")
        }
        #if os(macOS)
        _ = fcntl(spawned.input, F_SETNOSIGPIPE, 1)
        #endif
        self.slot = slot
        child = spawned
        starts += 1
        return nil
    }

    /// Kills the program's whole process group, reaps it, ends what it started outside
    /// the group, and closes the pipes; returns its wait status (nil if something else
    /// reaped it, or nothing ran).
    @discardableResult
    private func stop() -> Int32? {
        guard let running = child else { return nil }
        _ = kill(-running.pid, SIGKILL)
        ExternalPrograms.unregister(slot: slot)
        let status = ProgramSupervisor.reap(running.pid)
        ProgramDescendants.end(group: running.pid, run: running.run)
        for fd in [running.input, running.output, running.error] where fd >= 0 { closeDescriptor(fd) }
        child = nil
        slot = -1
        return status
    }

    // MARK: One timeline

    /// Writes `request` and reads the answer, under the limits.
    private func exchange(_ request: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], ExternalProgram.Failure> {
        let seconds = program.timeoutSeconds.isNaN ? 0 : min(max(program.timeoutSeconds, 0), 1e9)
        let deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(seconds * 1e9)
        #if os(Linux)
        // A write to a program that closed its input raises SIGPIPE in this thread:
        // blocked here, and taken back below, so only EPIPE is seen.
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        var brokenPipe = false
        defer {
            if brokenPipe, sigismember(&previous, SIGPIPE) == 0 {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        #else
        var brokenPipe = false
        #endif
        var written = 0
        var lineStart = 0, scanned = 0, lineNumber = 0
        while true {
            guard var running = child else { return .failure(.interrupted) }
            if ExternalPrograms.isStopping { return .failure(.interrupted) }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return .failure(.timedOut(seconds: program.timeoutSeconds)) }
            if running.output < 0 { return ended(deadline: deadline) }
            let writing = written < request.count && running.input >= 0 && !brokenPipe
            var polled = [pollfd(fd: running.output, events: Int16(POLLIN), revents: 0)]
            if running.error >= 0 { polled.append(pollfd(fd: running.error, events: Int16(POLLIN), revents: 0)) }
            if writing { polled.append(pollfd(fd: running.input, events: Int16(POLLOUT), revents: 0)) }
            // Wake at least every 20 ms: the shell may exit while a child it left holds the pipes.
            let ready = poll(&polled, nfds_t(polled.count), Int32(min((deadline - now + 999_999) / 1_000_000, 20)))
            if ready <= 0 {
                if ready == 0, ProgramSupervisor.hasExited(running.pid) {
                    // Whatever it left in its group goes too, and what it started outside
                    // the group, so the pipes close.
                    _ = kill(-running.pid, SIGKILL)
                    ProgramDescendants.end(group: running.pid, run: running.run, keeping: running.pid)
                }
                continue
            }
            for entry in polled where entry.revents != 0 {
                if entry.fd == running.input {
                    let count = write(running.input, request.baseAddress! + written, request.count - written)
                    if count > 0 {
                        written += count
                    } else if count < 0, errno == EPIPE {
                        brokenPipe = true // it stopped reading; its output or exit says why
                    } else if count < 0, errno != EAGAIN, errno != EINTR {
                        brokenPipe = true
                    }
                    continue
                }
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EAGAIN || errno == EINTR { continue }
                if count <= 0 {
                    closeDescriptor(entry.fd)
                    if entry.fd == running.output { running.output = -1 } else { running.error = -1 }
                    child = running
                    continue
                }
                if entry.fd == running.error {
                    let room = max(0, ExternalProgram.standardErrorKept - errorKept.count)
                    errorKept.append(contentsOf: buffer[0..<min(count, room)])
                    errorBytes += count
                    continue
                }
                guard output.count + count <= program.outputLimit else { return .failure(.printedTooMuch(limit: program.outputLimit)) }
                buffer.withUnsafeBufferPointer { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<count])) }
                // Complete lines: the first whose first member is "end" closes the answer.
                let marker: (Range<Int>, after: Int, line: Int)? = output.withUnsafeBufferPointer { bytes in
                    while scanned < bytes.count, let found = memchr(bytes.baseAddress! + scanned, Int32(UInt8(ascii: "\n")), bytes.count - scanned) {
                        let newline = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                        lineNumber += 1
                        var end = newline
                        if end > lineStart, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                        if BatchProtocol.isEndMarker(UnsafeBufferPointer(rebasing: bytes[lineStart..<end])) {
                            return (lineStart..<end, newline + 1, lineNumber)
                        }
                        lineStart = newline + 1
                        scanned = lineStart
                    }
                    scanned = bytes.count
                    return nil
                }
                if let marker { return finish(markerAt: marker.0, after: marker.after, line: marker.line) }
            }
        }
    }

    /// The answer closed by the end marker at `marker` (line `line`); `after` is where
    /// the bytes after the marker's line start (there must be none).
    private func finish(markerAt marker: Range<Int>, after: Int, line: Int) -> Result<[UInt8], ExternalProgram.Failure> {
        if after < output.count {
            let rest = output[after...]
            let firstLine = rest.prefix { $0 != UInt8(ascii: "\n") }
            return .failure(.malformed(ReplayOutputParser.Malformed(line: line + 1, problem: "output after the end marker: \(PrintedText.quoted(firstLine))")))
        }
        let parsed = output.withUnsafeBufferPointer { BatchProtocol.marker(UnsafeBufferPointer(rebasing: $0[marker])) }
        switch parsed {
        case .success(.ok): return .success(Array(output[0..<marker.lowerBound]))
        case .success(.error(let message)): return .failure(.refused(message))
        case .failure(let problem): return .failure(.malformed(ReplayOutputParser.Malformed(line: line, problem: problem.description)))
        }
    }

    /// The program closed its standard output before the end marker: waits (until the
    /// deadline) for it to exit and says how it ended.
    private func ended(deadline: UInt64) -> Result<[UInt8], ExternalProgram.Failure> {
        guard let running = child else { return .failure(.interrupted) }
        while !ProgramSupervisor.hasExited(running.pid) {
            guard DispatchTime.now().uptimeNanoseconds < deadline else { return .failure(.timedOut(seconds: program.timeoutSeconds)) }
            if !drain(waitingMilliseconds: 10) {
                var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
                _ = nanosleep(&pause, nil)
            }
        }
        // What it left in its group goes too, and what it started outside the group, so
        // the pipes close and draining ends.
        _ = kill(-running.pid, SIGKILL)
        ProgramDescendants.end(group: running.pid, run: running.run, keeping: running.pid)
        while drain(waitingMilliseconds: 0) {}
        let status = stop()
        if ExternalPrograms.isStopping { return .failure(.interrupted) }
        let standardError = errorBytes == 0 ? "" : PrintedText.quoted(errorKept, total: errorBytes, limit: PrintedText.standardErrorQuoted, trimming: true)
        guard let status else { return .failure(.couldNotStart("its exit status was taken by another part of this process")) }
        if status & 0x7F != 0 { return .failure(.killed(signal: status & 0x7F, standardError: standardError)) }
        let code = (status >> 8) & 0xFF
        return .failure(code == 0 ? .exitedEarly(standardError: standardError) : .crashed(status: code, standardError: standardError))
    }

    /// Reads what is waiting on standard error (kept) and output (dropped: the answer is
    /// over); false when neither pipe is open or nothing came within `waitingMilliseconds`.
    private func drain(waitingMilliseconds: Int32) -> Bool {
        guard var running = child else { return false }
        var polled: [pollfd] = []
        if running.output >= 0 { polled.append(pollfd(fd: running.output, events: Int16(POLLIN), revents: 0)) }
        if running.error >= 0 { polled.append(pollfd(fd: running.error, events: Int16(POLLIN), revents: 0)) }
        guard !polled.isEmpty, poll(&polled, nfds_t(polled.count), waitingMilliseconds) > 0 else { return false }
        for entry in polled where entry.revents != 0 {
            let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EAGAIN || errno == EINTR { continue }
            if count <= 0 {
                closeDescriptor(entry.fd)
                if entry.fd == running.output { running.output = -1 } else { running.error = -1 }
                continue
            }
            if entry.fd == running.error {
                let room = max(0, ExternalProgram.standardErrorKept - errorKept.count)
                errorKept.append(contentsOf: buffer[0..<min(count, room)])
                errorBytes += count
            }
        }
        child = running
        return true
    }
}

/// `close(2)`, named apart from the session's own `close()`.
@inline(__always)
private func closeDescriptor(_ fd: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(fd)
    #else
    _ = Darwin.close(fd)
    #endif
}
#endif
