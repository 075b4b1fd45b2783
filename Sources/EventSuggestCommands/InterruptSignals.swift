#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// SIGINT (Ctrl-C) and SIGTERM during `scan`, taken by a thread of their own instead of
/// ending the process: the scan asks ``received`` between messages and stops where nothing
/// is half done (the event being written is finished, its temp file renamed or removed).
///
/// The signals are blocked before the thread starts, and stay blocked in every thread
/// started later (a thread inherits its mask; Dispatch's workers block all signals), so no
/// write(2) is ever cut short by one and only `sigwait` in the watching thread takes them
/// (POSIX sigwait(3): the signals "shall have been blocked" in all threads). No handler,
/// no global variable: one atomic flag that the scan loop reads.
///
/// A second signal, while the scan finishes, ends the process at once (exit 128 + N), for
/// the user who does not want to wait for a slow calendar.
final class InterruptSignals: Sendable {
    private let number = Atomic<Int32>(0)

    private init() {}

    /// Starts watching; call before starting any other thread.
    static func watch() -> InterruptSignals {
        let watcher = InterruptSignals()
        var signals = watchedSignals
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        // A pthread of our own (Foundation's Thread would bring ICU into the binary); it holds
        // the watcher for the life of the process.
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let watcher = Unmanaged<InterruptSignals>.fromOpaque(context!).takeUnretainedValue()
            watcher.waitForSignals()
        }, Unmanaged.passRetained(watcher).toOpaque())
        if started == 0 { pthread_detach(thread) }
        return watcher
    }

    private func waitForSignals() -> Never {
        var signals = Self.watchedSignals
        while true {
            var received: Int32 = 0
            guard sigwait(&signals, &received) == 0 else { continue }
            if !number.compareExchange(expected: 0, desired: received, ordering: .relaxed).exchanged {
                _exit(128 + received)
            }
        }
    }

    private static var watchedSignals: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }

    /// The first signal that came (SIGINT or SIGTERM), or nil.
    var received: Int32? {
        let value = number.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }
}
