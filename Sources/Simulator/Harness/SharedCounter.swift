import Synchronization

/// A counter shared by worker threads.
final class SharedCounter: Sendable {
    private let storage = Atomic<Int>(0)
    /// Adds `amount` and returns the value before.
    @discardableResult
    func add(_ amount: Int) -> Int { storage.wrappingAdd(amount, ordering: .relaxed).oldValue }
    var value: Int { storage.load(ordering: .relaxed) }
}
