import DNS
import Foundation
import Glibc

/// Errors of the test fixtures themselves (not of the code under test).
public struct FixtureError: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

/// A UDP socket bound to 127.0.0.1 on a port the kernel picks; closed on deinit.
/// Kept open and never read, it is a DNS server that never answers.
public final class LoopbackUDPSocket {
    public let descriptor: Int32
    public let port: UInt16

    public init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        guard descriptor >= 0 else { throw FixtureError(description: "socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw FixtureError(description: "bind/getsockname on 127.0.0.1 failed: errno \(errno)")
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    public var server: DNSServer { DNSServer(host: "127.0.0.1", port: port)! }

    /// A port with nothing listening on it (just released; nothing else takes ports from
    /// this range on loopback during a test run).
    public static func freePort() throws -> UInt16 {
        try LoopbackUDPSocket().port
    }
}

/// Loopback DNS fixtures shared by the DNS unit tests and the end-to-end tests.
/// A dnsmasq serving only local data on 127.0.0.1 at a free port, for one test.
/// Use through `withDNSMasq`, which stops it whatever the test does.
///
/// Started with `posix_spawn` and an empty signal mask: a child inherits the mask of the
/// thread that starts it, and test-runner threads block SIGTERM, which a dnsmasq started
/// through Foundation's `Process` then never sees.
public final class DNSMasq {
    public static let executable = "/usr/sbin/dnsmasq"
    /// Always present, so readiness can be polled with a real query.
    public static let readyName = "ready.test.example"

    public let server: DNSServer
    private let pid: pid_t
    private let logPath: String
    private var exitStatus: Int32?

    /// `records` are extra dnsmasq options (`--txt-record=…`, `--cname=…`, …); `address`
    /// is where it listens: 127.0.0.1, or ::1 for a server reached over IPv6.
    public init(records: [String], address: String = "127.0.0.1") throws {
        server = DNSServer(host: address, port: try LoopbackUDPSocket.freePort())!
        logPath = FileManager.default.temporaryDirectory.appendingPathComponent("es-dnsmasq-\(UUID().uuidString).log").path
        let arguments = [
            Self.executable, "--no-daemon", "--no-resolv", "--no-hosts", "--bind-interfaces",
            "--listen-address=\(address)", "--port=\(server.port)", "--conf-file=/dev/null", "--pid-file=",
            "--local=/test.example/", "--txt-record=\(Self.readyName),ok",
        ] + records

        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
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
        let status = posix_spawn(&pid, Self.executable, &actions, &attributes, &cArguments, environ)
        guard status == 0 else { throw FixtureError(description: "posix_spawn \(Self.executable): errno \(status)") }
        self.pid = pid
    }

    deinit { try? FileManager.default.removeItem(atPath: logPath) }

    /// Polls with real queries until dnsmasq answers; throws with its output if it exits or
    /// takes more than `seconds`.
    public func waitUntilReady(seconds: Double = 5) throws {
        let probe = DNSResolver(server: server, timeoutSeconds: 1, attempts: 1)
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if reap(blocking: false) {
                let output = ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                throw FixtureError(description: "dnsmasq exited (wait status \(exitStatus ?? -1)): \(output)")
            }
            if (try? probe.txtRecords(for: Self.readyName)) == ["ok"] { return }
            usleep(20_000)
        }
        throw FixtureError(description: "dnsmasq did not answer on \(server) within \(seconds) s")
    }

    /// SIGTERM, then waits for it to exit.
    public func stop() {
        guard exitStatus == nil else { return }
        kill(pid, SIGTERM)
        _ = reap(blocking: true)
    }

    /// True once the process has exited and been waited for.
    private func reap(blocking: Bool) -> Bool {
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
}

/// Runs `body` against a fresh dnsmasq and stops it afterwards, also when `body` throws.
///
/// The port is free for UDP when chosen, but dnsmasq binds TCP on it too, and on a busy
/// machine another process may hold that TCP port or take the UDP one first: a dnsmasq that
/// exits at start is retried on a new port, a few times.
public func withDNSMasq<Result>(records: [String], address: String = "127.0.0.1",
                                _ body: (DNSServer) throws -> Result) throws -> Result {
    var lastFailure: (any Error)?
    for _ in 0..<5 {
        let dnsmasq = try DNSMasq(records: records, address: address)
        do {
            try dnsmasq.waitUntilReady()
        } catch {
            dnsmasq.stop()
            lastFailure = error
            continue
        }
        defer { dnsmasq.stop() }
        return try body(dnsmasq.server)
    }
    throw lastFailure ?? FixtureError(description: "dnsmasq did not start")
}
