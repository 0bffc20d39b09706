/// One call into a team's code as the adapter keeps it: a synchronous closure, an
/// asynchronous one (any actor), or a synchronous one isolated to the main actor. The
/// harness plays a whole timeline in one go in the isolation the calls need (on its own
/// thread when all are synchronous, else in a task, or on the main actor), so a
/// `@MainActor` app is called without a hop per call.
enum AdapterCall<Argument, Result>: Sendable {
    /// A synchronous closure.
    case sync(@Sendable (Argument) throws -> Result)
    /// An asynchronous closure.
    case async(@Sendable (Argument) async throws -> Result)
    /// A synchronous closure isolated to the main actor.
    case mainActor(@MainActor @Sendable (Argument) throws -> Result)

    /// How a call must be made.
    var isolation: AdapterIsolation {
        switch self {
        case .sync: .none
        case .async: .async
        case .mainActor: .mainActor
        }
    }

    /// Makes a synchronous call; the caller knows every call is one (`isolation == .none`).
    func callSync(_ argument: Argument) throws -> Result {
        guard case .sync(let body) = self else { preconditionFailure("an isolated or asynchronous call made synchronously") }
        return try body(argument)
    }

    /// Makes the call from a task, awaiting an asynchronous or main-actor one.
    func call(_ argument: Argument) async throws -> Result {
        nonisolated(unsafe) let argument = argument
        switch self {
        case .sync(let body): return try body(argument)
        case .async(let body): return try await body(argument)
        case .mainActor(let body):
            // The app's values cross to the main actor and back; the harness waits for each
            // call, so nothing else touches them meanwhile.
            let crossing = Crossing(argument: argument)
            try await MainActor.run { crossing.result = try body(crossing.argument) }
            return crossing.result!
        }
    }

    /// An argument taken to the main actor and the result brought back.
    private final class Crossing: @unchecked Sendable {
        let argument: Argument
        var result: Result?
        init(argument: Argument) { self.argument = argument }
    }

    /// Makes the call on the main actor: a main-actor one directly, an asynchronous one
    /// awaited.
    @MainActor
    func callOnMain(_ argument: Argument) async throws -> Result {
        nonisolated(unsafe) let argument = argument
        switch self {
        case .sync(let body): return try body(argument)
        case .async(let body): return try await body(argument)
        case .mainActor(let body): return try body(argument)
        }
    }
}

/// Where an adapter's calls must run: the strictest isolation any of them needs.
enum AdapterIsolation: Int, Comparable, Sendable {
    /// Every call is synchronous: the harness's own thread, no task.
    case none
    /// Some call is `async`: a task.
    case async
    /// Some call is isolated to the main actor: the main actor.
    case mainActor

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
