import Foundation
import Testing

/// procmail and maildrop run the way a mail server runs them (issue 14): Postfix's
/// `mailbox_command` and Exim's pipe transport call `procmail -f SENDER` (or `-a ARG`) and
/// maildrop `-f SENDER`, with the message on stdin and no `-m`. procmail then writes the
/// mbox `From ` envelope line above the message before any recipe sees it.
///
/// Setup that works as root (the tests run as root): procmail is given its rcfile as an
/// absolute path argument; it then runs as the invoking user without changing identity
/// (there is no `-d`), reads no /etc/procmailrc, and accepts the rcfile because root owns it
/// and it is not world-writable. maildrop refuses an rcfile that others can read or write
/// (mode 0600 here). Every home is a fresh temporary folder; the environment is exactly the
/// one given (HOME, PATH, SHELL, LOGNAME), as an MTA sets it.
enum MTADelivery {
    enum Agent: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case procmail, maildrop
        var testDescription: String { rawValue }
        var executable: String { "/usr/bin/" + rawValue }
    }

    enum Store: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case maildir, mbox
        var testDescription: String { rawValue }
    }

    static let sender = "bounces@mta.example"

    /// One user's home with an rcfile that pipes every message through `filter` (the given
    /// arguments) and delivers it into a Maildir or an mbox.
    struct Home {
        let agent: Agent
        let store: Store
        let root: URL
        let rcfile: String
        /// The Maildir folder (with a trailing /) or the mbox file.
        let target: String
        var logfile: String { root.path + "/procmail.log" }

        /// - Parameters:
        ///   - deferIdiom: add the README's `:0 e` recipe (EXITCODE=75, HOST) after the filter.
        ///   - rules: procmail recipes (or maildrop lines) between the filter and the default delivery.
        ///   - systemConfig: the system configuration file the filter reads instead of
        ///     /etc/eventsuggest.conf ("none": none); tests never read the machine's own.
        init(_ agent: Agent, _ store: Store, in folder: URL, filterArguments: [String], deferIdiom: Bool = false,
             rules: String = "", systemConfig: String = "none") throws {
            self.agent = agent
            self.store = store
            self.systemConfig = systemConfig
            root = folder.appendingPathComponent("home-\(agent.rawValue)-\(store.rawValue)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            switch store {
            case .maildir:
                target = root.path + "/Maildir/"
                for sub in ["cur", "new", "tmp"] {
                    try FileManager.default.createDirectory(atPath: target + sub, withIntermediateDirectories: true)
                }
            case .mbox:
                target = root.path + "/mbox"
            }
            let command = ([TestBinary.eventsuggest.path, "filter"] + filterArguments).joined(separator: " ")
            switch agent {
            // Both agents set HOME from the password file (root's: /root) and procmail passes
            // on only some variables: the rcfile sets what the filter must see, as an admin
            // would set EVENTSUGGEST_SYSTEM_CONFIG.
            case .procmail:
                rcfile = try MailboxE2E.write("""
                    SHELL=/bin/sh
                    PATH=/usr/bin:/bin
                    HOME=\(root.path)
                    EVENTSUGGEST_SYSTEM_CONFIG=\(systemConfig)
                    LOGFILE=\(root.path)/procmail.log
                    DEFAULT=\(target)

                    :0 fw
                    | \(command)
                    \(deferIdiom ? "\n:0 e\n{\n  EXITCODE=75\n  HOST\n}\n" : "")
                    \(rules)
                    :0
                    \(target)

                    """, to: "procmailrc", in: root)
            case .maildrop:
                rcfile = try MailboxE2E.write("""
                    HOME="\(root.path)"
                    EVENTSUGGEST_SYSTEM_CONFIG="\(systemConfig)"
                    xfilter "\(command)"
                    \(rules)
                    to "\(target)"

                    """, to: "mailfilter", in: root)
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: rcfile)
        }

        let systemConfig: String

        var environment: [String: String] {
            ["HOME": root.path, "PATH": "/usr/bin:/bin", "SHELL": "/bin/sh", "LOGNAME": NSUserName(), "USER": NSUserName(),
             "EVENTSUGGEST_SYSTEM_CONFIG": systemConfig]
        }

        /// Delivers one message as the MTA would: `procmail -f SENDER RCFILE` (or with
        /// `-a ARG`), `maildrop -f SENDER RCFILE`.
        func deliver(_ message: [UInt8], argument: String? = nil) throws -> TestBinary.Result {
            var arguments = ["-f", MTADelivery.sender]
            if let argument { arguments += ["-a", argument] }
            return try ReservationMail.run(agent.executable, arguments + [rcfile], input: message, environment: environment)
        }

        /// The delivered messages as stored, each without an mbox envelope line and separator.
        func delivered() -> [[UInt8]] {
            switch store {
            case .maildir: return DeliveryAgent.delivered(target)
            case .mbox: return MTADelivery.mboxMessages((try? Data(contentsOf: URL(fileURLWithPath: target))).map(Array.init) ?? [])
            }
        }

        var log: String { (try? String(contentsOfFile: logfile, encoding: .utf8)) ?? "" }
    }

    /// The messages of an mbox (envelope lines at the start or after an empty line), each
    /// without its envelope line and without the empty line that separates it from the next.
    static func mboxMessages(_ bytes: [UInt8]) -> [[UInt8]] {
        // Lines as bytes, each with its LF (a String would take CRLF for one character).
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            lines.append(bytes[start..<end])
            start = end
        }
        func isEmpty(_ line: ArraySlice<UInt8>) -> Bool { line.allSatisfy { $0 == 0x0A || $0 == 0x0D } }
        var messages: [[UInt8]] = []
        var current: [ArraySlice<UInt8>]?
        func finish() {
            guard var done = current else { return }
            // The one empty line that separates messages is the mbox's, not the message's.
            if let last = done.last, isEmpty(last) { done.removeLast() }
            messages.append(Array(done.joined()))
        }
        for line in lines {
            if line.starts(with: Array("From ".utf8)), current == nil || current!.last.map(isEmpty) == true {
                finish()
                current = []
                continue
            }
            current?.append(line)
        }
        finish()
        return messages
    }

    /// What Python's `mailbox` module reads from a Maildir or an mbox: per message its From,
    /// Subject, Message-ID, whether it has a DKIM-Signature, and our fields (decoded).
    static func pythonView(_ home: Home) throws -> [[String: Any]] {
        try pythonView(target: home.target, store: home.store)
    }

    static func pythonView(target: String, store: Store) throws -> [[String: Any]] {
        let script = """
            import email.header, json, mailbox, sys
            box = mailbox.Maildir(sys.argv[1], create=False) if sys.argv[2] == "maildir" else mailbox.mbox(sys.argv[1], create=False)
            out = []
            for key in sorted(box.keys()):
                m = box[key]
                def dec(v): return str(email.header.make_header(email.header.decode_header(v)))
                out.append({"from": m["From"], "subject": dec(m["Subject"]) if m["Subject"] else None,
                            "messageId": m["Message-ID"], "dkim": "DKIM-Signature" in m,
                            "results": [str(v) for v in m.get_all("Authentication-Results", [])],
                            "suggestions": [dec(v) for v in m.get_all("X-Event-Suggestion", [])],
                            "firstKey": list(m.keys())[0] if m.keys() else None})
            print(json.dumps(out))
            """
        let result = try TestBinary.runProcess(URL(fileURLWithPath: "/usr/bin/python3"),
                                               ["-c", script, target, store.rawValue])
        try #require(result.status == 0, "python mailbox: \(result.stderrText)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
    }

    /// nil when `stored` is `original` with our fields before it (after the envelope line,
    /// which the store keeps apart) and at most the empty lines an MDA adds at the end.
    static func deliveryProblem(_ stored: [UInt8], _ original: [UInt8]) -> String? {
        let (fields, rest) = ReservationMail.splitOurFields(stored)
        guard fields.first?.name == "Authentication-Results" else {
            return "no Authentication-Results first: \(ReservationMail.text(Array(stored.prefix(200))))"
        }
        guard rest.starts(with: original) else {
            return ReservationMail.difference(Array(rest.prefix(original.count)), original) ?? "shorter than the original"
        }
        let tail = rest.dropFirst(original.count)
        return tail.allSatisfy({ $0 == 0x0A || $0 == 0x0D }) ? nil : "extra bytes after the message: \(tail.count)"
    }
}

@Suite("delivery as an MTA runs procmail and maildrop: envelope line, Maildir and mbox, read back", .serialized)
struct DeliveryAsMTATests {
    @Test("three deliveries: every message whole with our fields after the envelope line; Python's mailbox, inspect and verify read them",
          arguments: MTADelivery.Agent.allCases, MTADelivery.Store.allCases)
    func deliversAsMTA(agent: MTADelivery.Agent, store: MTADelivery.Store) throws {
        let folder = try ReservationMail.folder("mta-\(agent.rawValue)-\(store.rawValue)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = try ReservationMail.writeKeys(for: FilterDeliveryTests.registered, in: folder)
        let registered = try ReservationMail.writeRegistered(FilterDeliveryTests.registered, in: folder)
        let calendar = folder.appendingPathComponent("calendar").path
        let home = try MTADelivery.Home(agent, store, in: folder, filterArguments: [
            "--calendar", calendar, "--keys", keys, "--registered", registered, "--now", ReservationMail.now])
        let messages = try FilterDeliveryTests.messages()
        for (index, message) in messages.enumerated() {
            // procmail -a as an MTA passes an extension; maildrop has no such flag.
            let result = try home.deliver(message.bytes, argument: agent == .procmail && index == 1 ? "ext" : nil)
            #expect(result.status == 0, "\(agent) exit \(result.status): \(result.stderrText) \(home.log)")
        }

        let delivered = home.delivered()
        #expect(delivered.count == 3, "\(delivered.count) messages in the \(store)")
        for message in messages {
            let stored = try #require(FilterDeliveryTests.find(message.id, in: delivered), "\(message.id) not found")
            #expect(MTADelivery.deliveryProblem(stored, message.bytes) == nil, "\(message.id): \(MTADelivery.deliveryProblem(stored, message.bytes) ?? "")")
        }

        // An independent reader: Python's mailbox module.
        let view = try MTADelivery.pythonView(home)
        #expect(view.count == 3)
        for entry in view {
            #expect(entry["firstKey"] as? String == "Authentication-Results", "\(entry)")
            #expect((entry["from"] as? String)?.contains("@") == true, "\(entry)")
            #expect(entry["subject"] as? String != nil)
            #expect((entry["results"] as? [String])?.count == 1)
            #expect((entry["suggestions"] as? [String])?.isEmpty == false)
        }
        let steak = try #require(view.first { ($0["messageId"] as? String)?.contains("IWDSCA") == true })
        #expect(steak["dkim"] as? Bool == true)
        #expect((steak["subject"] as? String) == "Your table at EPIC Steak on Friday, June 26")
        #expect((steak["suggestions"] as? [String])?.first?.hasPrefix("created \"EPIC Steak — table for 2\"") == true, "\(steak)")

        // Our own readers: inspect finds From and Subject; verify still passes both signatures.
        let inspect = try TestBinary.run(["inspect", "--json", home.target])
        let objects = try MailboxE2E.objects(inspect)
        #expect(objects.count == 3, "\(inspect.stderrText)")
        #expect(objects.allSatisfy { (($0["from"] as? [String: Any])?["address"] as? String)?.contains("@") == true })
        #expect(Set(objects.compactMap { $0["subject"] as? String }).count == 3)
        let verify = try TestBinary.run(["verify", "--json", "--keys", keys, "--now", ReservationMail.now, home.target])
        let verdicts = try MailboxE2E.objects(verify).flatMap { ($0["signatures"] as? [[String: Any]]) ?? [] }
        #expect(verdicts.count == 2, "\(verify.stdoutText)")
        #expect(verdicts.allSatisfy { $0["result"] as? String == "pass" }, "\(verify.stdoutText)")
        #expect(ReservationMail.calendar(calendar).count == 2)
    }

    /// Into a Maildir only: delivering into an mbox, maildrop writes its own envelope line and
    /// quotes the one it was given (`>From …`) whether or not a filter runs, so an MTA must not
    /// hand maildrop one for mbox delivery (checked by hand with maildrop 2.9.3 and no filter).
    @Test("maildrop fed a message that starts with an envelope line: the line stays first, Python, verify and inspect read the Maildir file",
          arguments: [MTADelivery.Store.maildir])
    func maildropWithEnvelopeLine(store: MTADelivery.Store) throws {
        let folder = try ReservationMail.folder("maildrop-envelope-\(store.rawValue)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = try ReservationMail.writeKeys(for: FilterDeliveryTests.registered, in: folder)
        let registered = try ReservationMail.writeRegistered(FilterDeliveryTests.registered, in: folder)
        let home = try MTADelivery.Home(.maildrop, store, in: folder, filterArguments: [
            "--calendar", folder.path + "/calendar", "--keys", keys, "--registered", registered, "--now", ReservationMail.now])
        let steak = try FilterDeliveryTests.messages()[0]
        let envelope = Array("From \(MTADelivery.sender)  Fri Jun 19 17:00:00 2020\n".utf8)
        let result = try home.deliver(envelope + steak.bytes)
        #expect(result.status == 0, "\(result.stderrText)")
        let view = try MTADelivery.pythonView(home)
        #expect(view.count == 1)
        #expect(view.first?["firstKey"] as? String == "Authentication-Results", "\(view)")
        #expect(view.first?["dkim"] as? Bool == true)
        let verify = try TestBinary.run(["verify", "--json", "--keys", keys, "--now", ReservationMail.now, home.target])
        let verdicts = try MailboxE2E.objects(verify).flatMap { ($0["signatures"] as? [[String: Any]]) ?? [] }
        #expect(verdicts.map { $0["result"] as? String } == ["pass"], "\(verify.stdoutText)")
        let inspect = try MailboxE2E.objects(try TestBinary.run(["inspect", "--json", home.target]))
        #expect(inspect.first?["subject"] as? String == "Your table at EPIC Steak on Friday, June 26")
        #expect(ReservationMail.calendar(folder.path + "/calendar").count == 1)
    }
}
