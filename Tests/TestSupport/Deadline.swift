import Foundation
import Testing

/// Runs `body` on a thread of its own and waits at most `seconds` for it: its result, or
/// nil when it has not returned by then. A call that would block (an open(2) of a FIFO, a
/// read of /dev/zero) then fails the test that expects a result, instead of hanging the
/// run; the blocked thread is left behind.
public func resultWithin<Result: Sendable>(seconds: Double, _ body: @escaping @Sendable () -> Result) -> Result? {
    let box = ResultBox<Result>()
    let done = DispatchSemaphore(value: 0)
    Thread {
        box.set(body())
        done.signal()
    }.start()
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return box.value
}

/// ``resultWithin(seconds:_:)``, recording a test failure that says `what` is still
/// blocked when the deadline passes.
public func withinSeconds<Result: Sendable>(_ seconds: Double, _ what: String = "the call",
                                            sourceLocation: SourceLocation = #_sourceLocation,
                                            _ body: @escaping @Sendable () -> Result) -> Result? {
    let result = resultWithin(seconds: seconds, body)
    if result == nil { Issue.record("\(what) is still blocked after \(seconds) s", sourceLocation: sourceLocation) }
    return result
}

/// The result handed from the worker thread, behind a lock.
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    func set(_ value: Value) {
        lock.lock()
        stored = value
        lock.unlock()
    }

    var value: Value? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
