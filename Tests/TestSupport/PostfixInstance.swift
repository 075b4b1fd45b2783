import Foundation
import Glibc

/// A private Postfix (Debian `postfix`) for one test, as a mail provider runs it: smtpd on
/// 127.0.0.1 at a free port, our milter in `smtpd_milters`, `milter_default_action = accept`,
/// and virtual Maildir delivery for a few recipients. Its own `config_directory`,
/// `queue_directory` and `data_directory` in a temporary folder, so instances of parallel
/// tests never meet; its log in `postfix.log` there (no syslog needed). Run as root (the
/// tests and CI do): `postfix -c DIR start` drops to `mail_owner` itself.
///
/// Use through ``withPostfix(milterPort:recipients:_:)``, which stops it whatever the test does.
public final class PostfixInstance {
    public static let executable = "/usr/sbin/postfix"
    public static let domain = "recipients.example"
    /// Postfix's own name in the Received field it adds.
    public static let hostname = "mx.milter-test.example"
    /// Deliveries are written as this user (virtual(8) refuses root).
    static let deliveryUser = (uid: 65534, gid: 65534)

    public let directory: URL
    public let smtpPort: UInt16
    public let milterPort: UInt16
    public let recipients: [String]
    /// More `main.cf` lines (`milter_content_timeout = 1s`), after ours: the later setting wins.
    public let settings: [String]

    public init(milterPort: UInt16, recipients: [String], settings: [String] = []) throws {
        self.milterPort = milterPort
        self.recipients = recipients
        self.settings = settings
        smtpPort = try LoopbackTCP.freePort()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("es-postfix-\(UUID().uuidString)")
        let files = FileManager.default
        for folder in ["conf", "queue", "data", "mail"] {
            try files.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        // The delivery user and Postfix's own processes must reach their folders.
        chmod(directory.path, 0o755)
        guard let owner = getpwnam("postfix") else { throw FixtureError(description: "no 'postfix' user: apt-get install postfix") }
        chown(directory.appendingPathComponent("data").path, owner.pointee.pw_uid, owner.pointee.pw_gid)
        chown(directory.appendingPathComponent("mail").path, uid_t(Self.deliveryUser.uid), gid_t(Self.deliveryUser.gid))
        try mainConfiguration.write(to: directory.appendingPathComponent("conf/main.cf"), atomically: true, encoding: .utf8)
        try masterConfiguration.write(to: directory.appendingPathComponent("conf/master.cf"), atomically: true, encoding: .utf8)
        let mailboxes = recipients.map { "\($0) \(Self.mailbox(of: $0))/\n" }.joined()
        try mailboxes.write(to: directory.appendingPathComponent("conf/mailboxes"), atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    var configDirectory: String { directory.appendingPathComponent("conf").path }

    var mainConfiguration: String {
        let root = directory.path
        return """
            compatibility_level = 3.6
            queue_directory = \(root)/queue
            data_directory = \(root)/data
            mail_owner = postfix
            setgid_group = postdrop
            inet_interfaces = 127.0.0.1
            inet_protocols = ipv4
            myhostname = \(Self.hostname)
            mydomain = milter-test.example
            myorigin = milter-test.example
            mydestination =
            relay_domains =
            mynetworks = 127.0.0.0/8
            alias_maps =
            alias_database =
            local_recipient_maps =
            smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
            virtual_mailbox_domains = \(Self.domain)
            virtual_mailbox_base = \(root)/mail
            virtual_mailbox_maps = texthash:\(root)/conf/mailboxes
            virtual_uid_maps = static:\(Self.deliveryUser.uid)
            virtual_gid_maps = static:\(Self.deliveryUser.gid)
            virtual_minimum_uid = 100
            message_size_limit = 104857600
            virtual_mailbox_limit = 0
            mailbox_size_limit = 0
            smtpd_milters = inet:127.0.0.1:\(milterPort)
            milter_default_action = accept
            milter_protocol = 6
            milter_connect_timeout = 5s
            in_flow_delay = 0
            smtpd_error_sleep_time = 0
            smtpd_client_connection_count_limit = 0
            smtpd_client_connection_rate_limit = 0
            default_process_limit = 100
            maillog_file = \(root)/postfix.log
            maillog_file_prefixes = \(root)
            biff = no
            smtputf8_enable = no

            """ + settings.map { $0 + "\n" }.joined()
    }

    var masterConfiguration: String {
        """
        127.0.0.1:\(smtpPort) inet n - n - - smtpd
        cleanup   unix  n - n - 0 cleanup
        qmgr      unix  n - n 300 1 qmgr
        rewrite   unix  - - n - - trivial-rewrite
        bounce    unix  - - n - 0 bounce
        defer     unix  - - n - 0 bounce
        trace     unix  - - n - 0 bounce
        verify    unix  - - n - 1 verify
        flush     unix  n - n 1000? 0 flush
        proxymap  unix  - - n - - proxymap
        showq     unix  n - n - - showq
        error     unix  - - n - - error
        retry     unix  - - n - - error
        discard   unix  - - n - - discard
        virtual   unix  - n n - - virtual
        anvil     unix  - - n - 1 anvil
        scache    unix  - - n - 1 scache
        postlog   unix-dgram n - n - 1 postlogd

        """
    }

    /// The Maildir folder (below `virtual_mailbox_base`) of a recipient.
    static func mailbox(of recipient: String) -> String {
        String(recipient.prefix { $0 != "@" })
    }

    /// Postfix's log so far.
    public var log: String {
        (try? String(contentsOf: directory.appendingPathComponent("postfix.log"), encoding: .utf8)) ?? ""
    }

    public func start() throws {
        try control("start")
        try LoopbackTCP.waitUntilAccepting(port: smtpPort, seconds: 20, what: "postfix smtpd") { log }
    }

    /// `postfix stop`, and waits until the master is gone (its pid file removed, its port closed).
    public func stop() {
        try? control("stop")
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline, LoopbackTCP.accepts(port: smtpPort) { usleep(50_000) }
    }

    private func control(_ command: String) throws {
        let process = try SpawnedProcess([Self.executable, "-c", configDirectory, command],
                                         logPath: directory.appendingPathComponent("control.log").path)
        guard let status = process.wait(seconds: 60), status == 0 else {
            process.stop()
            throw FixtureError(description: "postfix \(command) failed: \(process.output)\n\(log)")
        }
    }

    /// The messages delivered to `recipient` so far, as delivered (LF line endings), in
    /// file-name order.
    public func delivered(to recipient: String) -> [Data] {
        let folder = directory.appendingPathComponent("mail/\(Self.mailbox(of: recipient))/new")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        return names.compactMap { try? Data(contentsOf: folder.appendingPathComponent($0)) }
    }

    /// Waits until every recipient has `count` messages; throws with Postfix's log if not
    /// within `seconds`.
    public func waitForDeliveries(_ count: Int, seconds: Double = 60) throws -> [String: [Data]] {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while true {
            let delivered = Dictionary(uniqueKeysWithValues: recipients.map { ($0, self.delivered(to: $0)) })
            if delivered.values.allSatisfy({ $0.count >= count }) { return delivered }
            if ContinuousClock.now >= deadline {
                throw FixtureError(description: "expected \(count) deliveries each, have "
                    + "\(delivered.mapValues(\.count)); postfix log:\n\(log.suffix(4000))")
            }
            usleep(50_000)
        }
    }

    /// A delivered message without the fields Postfix adds on the way (Return-Path,
    /// X-Original-To, Delivered-To, and its own Received field, the one `by` our hostname):
    /// what was handed to Postfix, with the milter's changes.
    public static func withoutDeliveryFields(_ message: Data) -> Data {
        var lines = Array(message.split(separator: 0x0A, omittingEmptySubsequences: false))
        var index = 0
        var kept: [Data] = []
        var removedReceived = false
        while index < lines.count {
            let line = lines[index]
            if line.isEmpty { break }
            var end = index + 1
            while end < lines.count, let first = lines[end].first, first == 0x20 || first == 0x09 { end += 1 }
            let field = lines[index..<end].map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
            let name = field.prefix { $0 != ":" }.lowercased()
            let isOurs = ["return-path", "x-original-to", "delivered-to"].contains(name)
                || (!removedReceived && name == "received" && field.contains("by \(hostname) (Postfix)"))
            if name == "received" && isOurs { removedReceived = true }
            if !isOurs { kept += lines[index..<end] }
            index = end
        }
        lines = kept + lines[index...]
        return Data(lines.joined(separator: [0x0A]))
    }
}

/// Runs `body` against a fresh private Postfix whose smtpd uses the milter on
/// 127.0.0.1:`milterPort`, and stops it afterwards, also when `body` throws.
public func withPostfix<Result>(milterPort: UInt16, recipients: [String], settings: [String] = [],
                                _ body: (PostfixInstance) throws -> Result) throws -> Result {
    let postfix = try PostfixInstance(milterPort: milterPort, recipients: recipients, settings: settings)
    try postfix.start()
    defer { postfix.stop() }
    return try body(postfix)
}
