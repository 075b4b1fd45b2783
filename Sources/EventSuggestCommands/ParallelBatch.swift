import Dispatch
import Synchronization

/// Streams messages in batches and maps each batch on `jobs` threads, keeping input
/// order: memory stays bounded by the batch, and output is deterministic.
struct ParallelBatch<Input: Sendable, Result: Sendable> {
    let jobs: Int
    let batchSize = 256
    /// Asked before each message is taken: once it says true (the scan was interrupted),
    /// workers take no more, and the batch holds the results of the messages already taken.
    let stopping: @Sendable () -> Bool
    let transform: @Sendable (Input) -> Result

    init(jobs: Int, stopping: @escaping @Sendable () -> Bool = { false }, transform: @escaping @Sendable (Input) -> Result) {
        self.jobs = jobs
        self.stopping = stopping
        self.transform = transform
    }

    /// Maps one batch and waits for it.
    func map(_ messages: [Input]) -> [Result] { start(messages).wait() }

    /// Starts mapping one batch on `jobs` worker threads and returns at once. Each result
    /// slot is written by exactly one thread. Workers take the next message from one atomic
    /// counter, so a large message does not leave the others idle at the end of the batch.
    func start(_ messages: [Input]) -> PendingBatch<Result> {
        let slots = Slots<Result>(count: messages.count)
        let next = WorkCounter()
        let group = DispatchGroup()
        for _ in 0..<min(jobs, max(1, messages.count)) {
            DispatchQueue.global().async(group: group) { [transform, stopping] in
                while !stopping() {
                    let index = next.take()
                    guard index < messages.count else { break }
                    slots.store(transform(messages[index]), at: index)
                }
            }
        }
        return PendingBatch(group: group, slots: slots)
    }
}

/// A batch the workers are mapping.
struct PendingBatch<Result> {
    fileprivate let group: DispatchGroup
    fileprivate let slots: Slots<Result>

    /// Waits for the workers; the results in input order (only those of the messages
    /// taken, when the batch was stopped).
    func wait() -> [Result] {
        group.wait()
        return slots.values
    }
}

/// Inputs gathered into batches that are mapped one behind the reading: while the workers
/// map one batch, the caller reads the next (an mbox is split on the calling thread).
/// `append` hands back the results of the batch before the one it just started, so
/// results come in input order. With one job nothing overlaps: `--jobs 1` keeps to one
/// thread at a time. Used from one thread.
final class PipelinedBatches<Input: Sendable, Result: Sendable> {
    let parallel: ParallelBatch<Input, Result>
    private var batch: [Input] = []
    private var inFlight: PendingBatch<Result>?

    init(_ parallel: ParallelBatch<Input, Result>) { self.parallel = parallel }

    /// Adds one input; when that fills a batch, starts it and returns the results that are ready.
    func append(_ input: Input) -> [Result] {
        batch.append(input)
        return batch.count >= parallel.batchSize ? submit() : []
    }

    /// Waits for the batch the workers are mapping and drops the inputs not started: the
    /// results of the messages that were taken.
    func abandon() -> [Result] {
        batch.removeAll()
        defer { inFlight = nil }
        return inFlight?.wait() ?? []
    }

    /// Maps what is left and returns every result not handed out yet.
    func finish() -> [Result] {
        let ready = batch.isEmpty ? [] : submit()
        defer { inFlight = nil }
        return ready + (inFlight?.wait() ?? [])
    }

    private func submit() -> [Result] {
        defer { batch.removeAll(keepingCapacity: true) }
        guard parallel.jobs > 1 else { return (inFlight?.wait() ?? []) + parallel.map(batch) }
        let started = parallel.start(batch)
        let previous = inFlight?.wait() ?? []
        inFlight = started
        return previous
    }
}

/// The index of the next message to map, shared by a batch's workers.
private final class WorkCounter: Sendable {
    private let value = Atomic<Int>(0)
    func take() -> Int { value.wrappingAdd(1, ordering: .relaxed).oldValue }
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

    /// Read after the workers are done: every write happened before. A slot no worker
    /// filled (the batch was stopped) is left out.
    var values: [Value] { storage.compactMap { $0 } }
}
