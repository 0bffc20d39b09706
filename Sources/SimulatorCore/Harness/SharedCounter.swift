import Synchronization

/// A counter shared by worker threads.
package final class SharedCounter: Sendable {
    private let storage = Atomic<Int>(0)
    /// A counter at 0.
    package init() {}
    /// Adds `amount` and returns the value before.
    @discardableResult
    package func add(_ amount: Int) -> Int { storage.wrappingAdd(amount, ordering: .relaxed).oldValue }
    package var value: Int { storage.load(ordering: .relaxed) }
}
