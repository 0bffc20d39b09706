/// One call into a team's code as the adapter keeps it: a synchronous closure, run on
/// the harness's own thread, or an asynchronous one (any actor, `@MainActor` included),
/// which the harness awaits before it plays the next event.
enum AdapterCall<Argument, Result>: Sendable {
    /// A synchronous closure.
    case sync(@Sendable (Argument) throws -> Result)
    /// An asynchronous closure (a `@MainActor` one becomes one of these).
    case async(@Sendable (Argument) async throws -> Result)

    /// Whether the call can be made without awaiting.
    var isSync: Bool {
        if case .sync = self { return true }
        return false
    }

    /// Makes a synchronous call; the caller knows it is one (`isSync`).
    func callSync(_ argument: Argument) throws -> Result {
        switch self {
        case .sync(let body): try body(argument)
        case .async: preconditionFailure("an asynchronous call made synchronously")
        }
    }

    /// Makes the call, awaiting an asynchronous one.
    func call(_ argument: Argument) async throws -> Result {
        switch self {
        case .sync(let body): try body(argument)
        case .async(let body): try await body(argument)
        }
    }
}
