import Foundation
import Glibc

/// A Radicale CalDAV server (Debian `radicale`) on 127.0.0.1 at a free port, with its own
/// temporary storage folder, config, htpasswd users (plain passwords) and rights file; for
/// one test. Use through ``withRadicale(_:)``, which stops it and removes its folder whatever
/// the test does.
///
/// Accounts: ``serviceUser`` may read and write below every user's collection (the
/// provider's milter account), each of ``users`` only below its own, ``readOnlyUser`` may
/// read everything and write nothing (403s).
public final class Radicale: @unchecked Sendable {
    public static let executable = "/usr/bin/radicale"
    public static let serviceUser = "eventsuggest", servicePassword = "service-secret-4711"
    public static let readOnlyUser = "reader", readOnlyPassword = "reader-secret-0815"
    public static let users = ["alice": "alice-secret-1", "bob": "bob-secret-2"]

    public let folder: String
    public private(set) var port: UInt16
    /// Serve https with this certificate and key (PEM files) instead of http.
    public var tls: (certificate: String, key: String)?
    private var pid: pid_t?

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("es-radicale-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/storage", withIntermediateDirectories: true)
        port = 0
        var accounts = "\(Self.serviceUser):\(Self.servicePassword)\n\(Self.readOnlyUser):\(Self.readOnlyPassword)\n"
        for (user, password) in Self.users.sorted(by: { $0.key < $1.key }) { accounts += "\(user):\(password)\n" }
        try accounts.write(toFile: folder + "/users", atomically: true, encoding: .utf8)
        // Radicale's from_file rights: the first section whose user and collection match decides.
        let rights = """
            [service]
            user: \(Self.serviceUser)
            collection: .*
            permissions: RrWw

            [reader]
            user: \(Self.readOnlyUser)
            collection: .*
            permissions: Rr

            [root]
            user: .+
            collection:
            permissions: R

            [owner]
            user: .+
            collection: {user}(/.*)?
            permissions: RrWw

            """
        try rights.write(toFile: folder + "/rights", atomically: true, encoding: .utf8)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The server's root URL, ending in "/".
    public var root: String { "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)/" }

    /// A self-signed certificate for 127.0.0.1 (openssl req), made in the server's folder.
    public func makeSelfSignedCertificate() throws -> (certificate: String, key: String) {
        let certificate = folder + "/cert.pem", key = folder + "/key.pem"
        _ = try runTool("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                                             "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
        return (certificate, key)
    }

    /// A netrc file with one account for this server.
    public func credentialsFile(user: String = Radicale.serviceUser, password: String = Radicale.servicePassword) throws -> String {
        let path = folder + "/netrc-\(user)-\(UUID().uuidString.prefix(8))"
        try "machine 127.0.0.1\nlogin \(user)\npassword \(password)\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        return path
    }

    /// Starts it on a free port (on the same port and storage when it ran before), and waits
    /// until it answers HTTP. Retries on a new port when the first one was taken meanwhile.
    public func start() throws {
        var lastFailure: (any Error)?
        for _ in 0..<5 {
            if port == 0 || lastFailure != nil { port = try Self.freeTCPPort() }
            try writeConfig()
            try spawn()
            do {
                try waitUntilReady()
                return
            } catch {
                stop()
                lastFailure = error
            }
        }
        throw lastFailure ?? FixtureError(description: "radicale did not start")
    }

    /// SIGTERM, then waits for it to exit; nothing listens on the port afterwards.
    public func stop() {
        guard let pid else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        self.pid = nil
    }

    /// Radicale's log (warnings and errors).
    public var log: String { (try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? "" }

    private func writeConfig() throws {
        let config = """
            [server]
            hosts = 127.0.0.1:\(port)
            ssl = \(tls == nil ? "False" : "True")
            certificate = \(tls?.certificate ?? "")
            key = \(tls?.key ?? "")
            [auth]
            type = htpasswd
            htpasswd_filename = \(folder)/users
            htpasswd_encryption = plain
            delay = 0
            [rights]
            type = from_file
            file = \(folder)/rights
            [storage]
            filesystem_folder = \(folder)/storage
            [web]
            type = none
            [logging]
            level = warning

            """
        try config.write(toFile: folder + "/config", atomically: true, encoding: .utf8)
    }

    /// posix_spawn with an empty signal mask (see ``DNSMasq``: test threads block SIGTERM).
    private func spawn() throws {
        let arguments = [Self.executable, "--config", folder + "/config"]
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, folder + "/log", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGPIPE] { sigaddset(&defaultSignals, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, Self.executable, &actions, &attributes, &cArguments, environ)
        guard status == 0 else { throw FixtureError(description: "posix_spawn \(Self.executable): errno \(status)") }
        pid = child
    }

    private func waitUntilReady(seconds: Double = 15) throws {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if let pid {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    self.pid = nil
                    throw FixtureError(description: "radicale exited (wait status \(status)): \(log)")
                }
            }
            if Self.accepts(port: port) { return }
            usleep(50_000)
        }
        throw FixtureError(description: "radicale did not listen on 127.0.0.1:\(port) within \(seconds) s: \(log)")
    }

    /// True when something accepts a TCP connection on 127.0.0.1:`port`.
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

    /// A TCP port on 127.0.0.1 that nothing listens on (bound, read, released).
    public static func freeTCPPort() throws -> UInt16 {
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
}

/// Runs `body` against a fresh Radicale and stops it afterwards, also when `body` throws.
public func withRadicale<Result>(_ body: (Radicale) throws -> Result) throws -> Result {
    let radicale = try Radicale()
    try radicale.start()
    defer { radicale.stop() }
    return try body(radicale)
}
