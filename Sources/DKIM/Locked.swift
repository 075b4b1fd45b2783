import Foundation

/// A value behind a lock, for the caches a run's parallel workers share.
///
/// An NSLock (a pthread mutex), not Synchronization's `Mutex`: on Linux that one waits on
/// a futex ThreadSanitizer does not see as synchronization, so `make test-sanitize`
/// reported races on the key cache that the lock in fact prevented.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
