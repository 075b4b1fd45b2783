#if canImport(Glibc)
import Glibc
#endif

/// The one EINTR loop: calls `call` again while it fails with EINTR (a signal arrived
/// before it could finish, POSIX.1-2017 §2.4.4), and returns its first other result.
/// Every system call of this target goes through it.
@inline(__always)
func retryingOnInterrupt<Result: FixedWidthInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result != -1 || errno != EINTR { return result }
    }
}
