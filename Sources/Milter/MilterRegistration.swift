import Synchronization

/// The one server this process serves, set once by ``MilterServer/run()``.
///
/// libmilter's `smfi_register` takes plain C function pointers and gives a new connection no
/// context pointer of ours, so the connect callback needs one process-wide place to find the
/// server; it is a `let`, and what it holds is written once (a second `run()` is refused,
/// as libmilter itself would refuse a second registration).
final class MilterRegistration: Sendable {
    static let shared = MilterRegistration()

    private let server = Mutex<MilterServer?>(nil)

    /// Stores `candidate` unless a server is stored already.
    func claim(_ candidate: MilterServer) -> Bool {
        server.withLock { current in
            guard current == nil else { return false }
            current = candidate
            return true
        }
    }

    var current: MilterServer? { server.withLock { $0 } }
}
