import SimulatorCore
/// A block of zeroed integers owned by one worker, freed with it.
final class CounterBlock {
    let pointer: UnsafeMutablePointer<Int>

    init(count: Int) {
        pointer = .allocate(capacity: count)
        pointer.initialize(repeating: 0, count: count)
    }

    deinit { pointer.deallocate() }
}
