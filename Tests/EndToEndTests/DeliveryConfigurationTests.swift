import Foundation
import TestSupport
import Testing

/// The configuration a mail admin and a user write: the system file first (here named by
/// $EVENTSUGGEST_SYSTEM_CONFIG, so no test reads the machine's /etc), the user's file on it,
/// the command line last; CRLF line ends; `~` and `$HOME` in paths. Run under procmail
/// as an MTA runs it, with a short rcfile line.
@Suite("configuration files: system then user then command line, CRLF, ~ and $HOME", .serialized)
struct DeliveryConfigurationTests {
    static let domains = FilterDeliveryTests.registered

    @Test("the user's file (CRLF, ~ paths) overrides the system file ($HOME paths), the command line overrides both")
    func layers() throws {
        let folder = try ReservationMail.folder("config-layers")
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = try ReservationMail.writeKeys(for: Self.domains, in: folder)
        // The admin's file: paths under $HOME, a calendar the user will move, an id and a switch.
        let system = try MailboxE2E.write("""
            # system-wide
            calendar $HOME/cal-system
            registered ${HOME}/registered
            keys \(keys)
            authserv-id mx.system
            alarm yes
            now \(ReservationMail.now)

            """, to: "etc/eventsuggest.conf", in: folder)
        let home = try MTADelivery.Home(.procmail, .maildir, in: folder, filterArguments: ["--authserv-id", "mx.cli"],
                                        systemConfig: system)
        try MailboxE2E.write(Self.domains.joined(separator: "\n") + "\n", to: "registered", in: home.root)
        // The user's file, written on Windows: CRLF, ~ paths, a switch turned off again.
        try MailboxE2E.write("# mine\r\ncalendar ~/cal-user\r\nalarm no\r\n", to: ".config/eventsuggest/config", in: home.root)

        let forged = Array("Authentication-Results: mx.cli; dkim=pass\r\n".utf8)
        let steak = try FilterDeliveryTests.messages()[0]
        let result = try home.deliver(forged + steak.bytes)
        #expect(result.status == 0, "\(home.log)")
        let stored = try #require(home.delivered().first)
        let value = try #require(ReservationMail.splitOurFields(stored).fields.first?.value)
        #expect(value.hasPrefix("mx.cli;"), "the command line's authserv-id does not win: \(value)")
        #expect(value.contains("dkim=pass"))
        #expect(!ReservationMail.text(stored).contains("Authentication-Results: mx.cli; dkim=pass\r\n"), "forged field kept")
        #expect(ReservationMail.suggestions(stored).first?.hasPrefix("created") == true,
                "registered (from the system file) not applied: \(ReservationMail.suggestions(stored)) \(home.log)")
        let events = ReservationMail.calendar(home.root.path + "/cal-user")
        #expect(events.count == 1, "the user's calendar (~/cal-user) was not used")
        #expect(ReservationMail.calendar(home.root.path + "/cal-system").isEmpty)
        #expect(!(events.values.first.map { ReservationMail.text($0).contains("BEGIN:VALARM") } ?? true),
                "'alarm no' in the user's file did not turn off the system file's 'alarm yes'")
    }

    @Test("without a user file the system file alone applies (its switch on); --config none reads neither")
    func systemFileAlone() throws {
        let folder = try ReservationMail.folder("config-system")
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = try ReservationMail.writeKeys(for: Self.domains, in: folder)
        let registered = try ReservationMail.writeRegistered(Self.domains, in: folder)
        let system = try MailboxE2E.write(
            "calendar ~/cal\r\nregistered \(registered)\r\nkeys \(keys)\r\nalarm\r\nnow \(ReservationMail.now)\r\n",
            to: "eventsuggest.conf", in: folder)
        let home = try MTADelivery.Home(.procmail, .maildir, in: folder, filterArguments: [], systemConfig: system)
        let steak = try FilterDeliveryTests.messages()[0]
        #expect(try home.deliver(steak.bytes).status == 0)
        let events = ReservationMail.calendar(home.root.path + "/cal")
        #expect(events.count == 1, "\(home.log)")
        #expect(events.values.first.map { ReservationMail.text($0).contains("BEGIN:VALARM") } == true)

        let none = try ReservationMail.run(TestBinary.eventsuggest.path, ["filter", "--config", "none", "--now", ReservationMail.now,
                                            // Never the real network: a loopback port nobody listens on.
                                            "--dns", "127.0.0.1:\(try LoopbackUDPSocket.freePort())"],
                                           input: steak.bytes, environment: home.environment)
        #expect(none.status == 0)
        #expect(ReservationMail.suggestions(Array(none.stdout)).first?.hasPrefix("ignored") == true,
                "--config none still read a file: \(ReservationMail.suggestions(Array(none.stdout)))")
    }

    @Test("the example configuration `make install` ships reads as it is: every word known, its ~ paths expanded")
    func installedExample() throws {
        let folder = try ReservationMail.folder("config-example")
        defer { try? FileManager.default.removeItem(at: folder) }
        let example = TestBinary.repositoryRoot.appendingPathComponent("docs/eventsuggest.conf.example").path
        try MailboxE2E.write(Self.domains.joined(separator: "\n") + "\n", to: ".eventsuggest/registered", in: folder)
        let keys = try ReservationMail.writeKeys(for: Self.domains, in: folder)
        let steak = try FilterDeliveryTests.messages()[0]
        let result = try ReservationMail.run(TestBinary.eventsuggest.path, ["filter", "--keys", keys, "--now", ReservationMail.now],
                                             input: steak.bytes,
                                             environment: ["HOME": folder.path, "PATH": "/usr/bin:/bin",
                                                           "EVENTSUGGEST_SYSTEM_CONFIG": example])
        #expect(result.status == 0)
        #expect(result.stderrText.isEmpty, "\(result.stderrText)")
        #expect(ReservationMail.suggestions(Array(result.stdout)).first?.hasPrefix("created") == true,
                "\(ReservationMail.suggestions(Array(result.stdout)))")
        #expect(ReservationMail.calendar(folder.path + "/.calendars/reservations").count == 1)
    }
}
