import Dispatch
import Foundation
import Synchronization

/// `--jobs N` (1...256), default: the cores.
enum JobsOption {
    static func jobs(_ arguments: ParsedArguments, command: String) throws(UsageError) -> Int {
        guard let text = arguments.value("jobs") else { return ProcessInfo.processInfo.activeProcessorCount }
        guard let value = Int(text), (1...256).contains(value) else {
            throw UsageError(message: "--jobs wants a number from 1 to 256, not '\(text)'", command: command)
        }
        return value
    }
}

/// Streams messages in batches and maps each batch on `jobs` threads, keeping input
/// order: memory stays bounded by the batch, and output is deterministic.
struct ParallelBatch<Input: Sendable, Result: Sendable> {
    let jobs: Int
    let batchSize = 64
    let transform: @Sendable (Input) -> Result

    /// Maps one batch; each result slot is written by exactly one thread. Workers take the
    /// next message from one atomic counter, so a large message does not leave the other
    /// workers idle at the end of the batch (messages range from 5 to 80 KB and more).
    func map(_ messages: [Input]) -> [Result] {
        let slots = Slots<Result>(count: messages.count)
        let workers = min(jobs, max(1, messages.count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < messages.count else { break }
                slots.store(transform(messages[index]), at: index)
            }
        }
        return slots.values
    }
}

/// Fixed slots that parallel workers fill, one slot per message, no two workers the same slot.
/// The slots live in memory allocated once: workers write through the pointer and never
/// access a shared Swift variable (an Array's `withUnsafeMutableBufferPointer` is a
/// mutating access of the array itself, a data race when several threads do it at once).
private final class Slots<Value>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    func store(_ value: Value, at index: Int) { storage[index] = value }

    /// Read after `concurrentPerform` has returned: every write happened before.
    var values: [Value] { storage.map { $0! } }
}
