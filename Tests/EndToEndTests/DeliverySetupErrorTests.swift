import Foundation
import Testing

/// Every failure before a message is analysed — usage, configuration, a missing file — has
/// one answer under both MDAs: the mail is delivered whole, forged fields removed, with our
/// error fields, and the problem is named on standard error (procmail's LOGFILE); or, with
/// --defer-on-error, the MTA is told to retry (75) and nothing is delivered.
@Suite("setup errors under procmail and maildrop: delivered with our error fields, never with a forged verdict", .serialized)
struct DeliverySetupErrorTests {
    /// A real signed confirmation with a forged verdict and a forged suggestion prepended
    /// (fields added in transit: the signature still passes).
    static func forgedMail() throws -> (id: String, bytes: [UInt8]) {
        let steak = try FilterDeliveryTests.messages()[0]
        let forged = Array(("Authentication-Results: eventsuggest; dkim=pass header.d=epicsteak.example\r\n"
            + "X-Event-Suggestion: created \"Free dinner\" 2020-06-26T19:30:00-07:00; id=FORGED\r\n").utf8)
        return (steak.id, forged + steak.bytes)
    }

    /// One broken setup: the filter arguments, an optional user configuration file, and what
    /// the error line must name.
    struct Breakage: Sendable, CustomTestStringConvertible {
        let label: String
        let arguments: @Sendable (_ folder: URL) -> [String]
        let configuration: String?
        let named: String
        var testDescription: String { label }
    }

    static let breakages: [Breakage] = [
        Breakage(label: "missing --registered file", arguments: { ["--registered", $0.path + "/no-such-registered"] },
                 configuration: nil, named: "no-such-registered"),
        Breakage(label: "missing --keys file", arguments: { ["--keys", $0.path + "/no-such-keys", "--allow-any-domain"] },
                 configuration: nil, named: "no-such-keys"),
        Breakage(label: "--log in a folder that does not exist",
                 arguments: { ["--log", $0.path + "/no-such-folder/log.jsonl", "--allow-any-domain"] },
                 configuration: nil, named: "no-such-folder/log.jsonl"),
        Breakage(label: "missing --psl file", arguments: { ["--psl", $0.path + "/no-such-psl", "--allow-any-domain"] },
                 configuration: nil, named: "no-such-psl"),
        Breakage(label: "an unknown option on the command line", arguments: { _ in ["--calender", "/tmp/x"] },
                 configuration: nil, named: "--calender"),
        Breakage(label: "a bad --limit", arguments: { _ in ["--limit", "events=lots"] }, configuration: nil, named: "--limit events"),
        Breakage(label: "an unknown word in the configuration file", arguments: { _ in ["--allow-any-domain"] },
                 configuration: "allow-any-domain yes\nregistred ~/registered\n", named: "config:2: unknown option 'registred'"),
        Breakage(label: "a bad switch value in the configuration file", arguments: { _ in [] },
                 configuration: "include-past maybe\n", named: "config:1: 'include-past' is a switch"),
        Breakage(label: "a ~user path for a user that does not exist", arguments: { _ in ["--allow-any-domain"] },
                 configuration: "calendar ~nosuchuser-es/cal\n", named: "config:1:"),
        Breakage(label: "a ~ path to a registered file that does not exist", arguments: { _ in [] },
                 configuration: "registered ~/missing-registered\n", named: "missing-registered"),
    ]

    static func home(_ agent: MTADelivery.Agent, _ breakage: Breakage, folder: URL, deferring: Bool) throws -> MTADelivery.Home {
        let keys = try ReservationMail.writeKeys(for: FilterDeliveryTests.registered, in: folder)
        let arguments = ["--calendar", folder.path + "/calendar", "--now", ReservationMail.now]
            + (breakage.arguments(folder).contains("--keys") ? [] : ["--keys", keys])
            + breakage.arguments(folder) + (deferring ? ["--defer-on-error"] : [])
        let home = try MTADelivery.Home(agent, .maildir, in: folder, filterArguments: arguments, deferIdiom: deferring)
        if let configuration = breakage.configuration {
            try MailboxE2E.write(configuration, to: ".config/eventsuggest/config", in: home.root)
        }
        return home
    }

    @Test("delivered whole, forged fields gone, our error fields, the problem named; exit 0",
          arguments: MTADelivery.Agent.allCases, Self.breakages)
    func deliveredWithErrorFields(agent: MTADelivery.Agent, breakage: Breakage) throws {
        let folder = try ReservationMail.folder("setup-\(agent.rawValue)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = try Self.home(agent, breakage, folder: folder, deferring: false)
        let mail = try Self.forgedMail()
        let result = try home.deliver(mail.bytes)
        #expect(result.status == 0, "\(agent) exit \(result.status): \(result.stderrText) \(home.log)")

        let delivered = home.delivered()
        #expect(delivered.count == 1)
        let stored = try #require(delivered.first)
        let (fields, rest) = ReservationMail.splitOurFields(stored)
        // The original without the two forged fields, byte for byte.
        let original = try FilterDeliveryTests.messages()[0].bytes
        #expect(rest.starts(with: original), "\(ReservationMail.difference(Array(rest.prefix(original.count)), original) ?? "")")
        let text = ReservationMail.text(stored)
        #expect(!text.contains("FORGED") && !text.contains("Free dinner"), "a forged suggestion was delivered")
        #expect(fields.filter { $0.name == "Authentication-Results" }.count == 1)
        #expect(fields.first?.value.contains("dkim=temperror") == true, "\(fields.first?.value ?? "")")
        #expect(fields.first?.value.contains("not set up") == true)
        #expect(!(fields.first?.value.contains("dkim=pass") ?? true))
        let suggestions = ReservationMail.suggestions(stored)
        #expect(suggestions.count == 1)
        #expect(suggestions.first?.hasPrefix("error (not examined: ") == true, "\(suggestions)")
        #expect(suggestions.first?.contains(breakage.named) == true, "\(suggestions)")
        #expect(ReservationMail.calendar(folder.path + "/calendar").isEmpty)

        // The problem in one line where the admin looks: procmail's LOGFILE, maildrop's stderr.
        let errors = agent == .procmail ? home.log : result.stderrText
        let lines = errors.split(separator: "\n").filter { $0.hasPrefix("eventsuggest") }
        #expect(lines.count == 1, "\(errors)")
        #expect(lines.first?.contains(breakage.named) == true, "\(errors)")
    }

    @Test("with --defer-on-error (and the README's procmail recipe): exit 75, nothing delivered; fixed, the retry delivers",
          arguments: MTADelivery.Agent.allCases)
    func deferredThenDelivered(agent: MTADelivery.Agent) throws {
        let folder = try ReservationMail.folder("setup-defer-\(agent.rawValue)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let breakage = Self.breakages[0]
        let home = try Self.home(agent, breakage, folder: folder, deferring: true)
        let mail = try Self.forgedMail()
        let result = try home.deliver(mail.bytes)
        #expect(result.status == 75, "\(agent) exit \(result.status): \(result.stderrText) \(home.log)")
        #expect(home.delivered().isEmpty, "delivered although deferred")

        // The admin creates the missing file; the MTA retries the same message.
        _ = try MailboxE2E.write(FilterDeliveryTests.registered.joined(separator: "\n") + "\n",
                                 to: "no-such-registered", in: folder)
        let retry = try home.deliver(mail.bytes)
        #expect(retry.status == 0, "\(agent) exit \(retry.status): \(retry.stderrText) \(home.log)")
        let delivered = home.delivered()
        #expect(delivered.count == 1)
        let stored = try #require(delivered.first)
        #expect(!ReservationMail.text(stored).contains("FORGED"))
        #expect(ReservationMail.suggestions(stored).first?.hasPrefix("created \"EPIC Steak — table for 2\"") == true,
                "\(ReservationMail.suggestions(stored))")
        #expect(ReservationMail.calendar(folder.path + "/calendar").count == 1)
    }

    @Test("defer-on-error asked for in a configuration file that is itself broken: still 75, and the authserv-id it names is honoured when delivering")
    func wishesReadFromABrokenFile() throws {
        let folder = try ReservationMail.folder("setup-broken-config")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mail = try Self.forgedMail()
        let deferring = try MailboxE2E.write("defer-on-error yes\r\nbogus-word 1\r\n", to: "deferring.conf", in: folder)
        let deferred = try TestBinary.run(["filter", "--config", deferring], input: Data(mail.bytes))
        #expect(deferred.status == 75)
        #expect(deferred.stdout.isEmpty)
        #expect(deferred.stderrText.contains("deferring.conf:2: unknown option 'bogus-word'"), "\(deferred.stderrText)")

        // Without the wish: delivered; the file's authserv-id decides which fields are forged claims of ours.
        let renamed = try MailboxE2E.write("authserv-id epicsteak.example\nbogus-word 1\n", to: "renamed.conf", in: folder)
        let input = Array("Authentication-Results: epicsteak.example; dkim=pass\r\n".utf8) + mail.bytes
        let delivered = try TestBinary.run(["filter", "--config", renamed], input: Data(input))
        #expect(delivered.status == 0)
        let text = ReservationMail.text(Array(delivered.stdout))
        #expect(text.hasPrefix("Authentication-Results: epicsteak.example;"), "\(text.prefix(300))")
        #expect(!text.contains("Authentication-Results: epicsteak.example; dkim=pass"), "the forged claim was kept")
        // Fields of another authserv-id ("eventsuggest" is not ours now) stay.
        #expect(text.contains("Authentication-Results: eventsuggest; dkim=pass header.d=epicsteak.example"))
        #expect(!text.contains("FORGED"))
    }
}
