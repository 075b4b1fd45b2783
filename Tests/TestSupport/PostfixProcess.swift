import Foundation
import Glibc

/// A child process started with `posix_spawn`, an empty signal mask and default signal
/// dispositions (test-runner threads block SIGTERM, and a child started through Foundation's
/// `Process` would inherit that and never stop on it), its standard input from /dev/null and
/// both output streams into `logPath`.
public final class SpawnedProcess {
    public let pid: pid_t
    public let logPath: String
    public private(set) var exitStatus: Int32?

    public init(_ arguments: [String], logPath: String) throws {
        self.logPath = logPath
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGALRM, SIGPIPE, SIGUSR1, SIGUSR2] {
            sigaddset(&defaultSignals, signal)
        }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, &cArguments, environ)
        guard status == 0 else { throw FixtureError(description: "posix_spawn \(arguments[0]): errno \(status)") }
        self.pid = pid
    }

    /// What the process wrote so far.
    public var output: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    public func signal(_ number: Int32) { if exitStatus == nil { kill(pid, number) } }

    /// Waits up to `seconds` for the process to exit; its wait status, or nil if it did not.
    @discardableResult
    public func wait(seconds: Double) -> Int32? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while exitStatus == nil {
            if reap(blocking: false) { break }
            if ContinuousClock.now >= deadline { return nil }
            usleep(10_000)
        }
        return exitStatus
    }

    /// True once the process has exited and been waited for.
    @discardableResult
    public func reap(blocking: Bool) -> Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result == pid {
                exitStatus = status
                return true
            }
            if result == -1, errno == EINTR { continue }
            return false
        }
    }

    /// SIGKILL and wait: for the end of a test, whatever state the process is in.
    public func stop() {
        signal(SIGKILL)
        reap(blocking: true)
    }
}

/// TCP on loopback: a port nothing listens on now, and a wait for one that accepts.
public enum LoopbackTCP {
    public static func freePort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw FixtureError(description: "socket() failed: errno \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw FixtureError(description: "bind on 127.0.0.1 failed: errno \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether something accepts a TCP connection on 127.0.0.1:`port` now.
    public static func accepts(port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// Polls until 127.0.0.1:`port` accepts, or throws after `seconds`.
    public static func waitUntilAccepting(port: UInt16, seconds: Double, what: String,
                                          output: () -> String = { "" }) throws {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if accepts(port: port) { return }
            usleep(20_000)
        }
        throw FixtureError(description: "\(what) did not accept on 127.0.0.1:\(port) within \(seconds) s: \(output())")
    }
}
