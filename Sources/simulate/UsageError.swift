/// A bad command line: printed as `error: MESSAGE`, exit status 2.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
