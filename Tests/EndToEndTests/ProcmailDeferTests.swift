import Foundation
import TestSupport
import Testing

/// The README's procmail recipe that really defers: procmail delivers the unfiltered mail
/// on any non-zero exit of a `:0 fw` filter, so `--defer-on-error` alone is not enough; the
/// `:0 e` recipe after it sets EXITCODE=75 and ends processing (HOST), and procmail itself
/// exits 75 to the MTA, which keeps the message and retries.
@Suite("the README's recipes with a DNS failure: 75 to the MTA, nothing delivered; the retry delivers", .serialized)
struct ProcmailDeferTests {
    static let domain = "steak.test.example"

    /// The keys-file line for the test key (`name TXT`), split into dnsmasq's --txt-record
    /// with strings of at most 200 bytes.
    static func dnsmasqRecord(in folder: URL) throws -> String {
        let keys = try ReservationMail.writeKeys(for: [domain], in: folder)
        let line = try #require(try String(contentsOfFile: keys, encoding: .utf8).split(separator: "\n").first { !$0.hasPrefix("#") })
        let name = String(line.prefix { $0 != " " && $0 != "\t" })
        var rest = Substring(line.dropFirst(name.count).trimmingCharacters(in: .whitespaces))
        var pieces: [String] = []
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(200)))
            rest = rest.dropFirst(200)
        }
        return "--txt-record=\(name)," + pieces.joined(separator: ",")
    }

    @Test("the README's recipe, as written: DNS down → exit 75, nothing delivered, no event; DNS back → delivered, dkim=pass, the event",
          arguments: MTADelivery.Agent.allCases)
    func readmeRecipe(agent: MTADelivery.Agent) throws {
        let folder = try ReservationMail.folder("readme-defer-\(agent.rawValue)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mail = try ReservationMail.sign(ReservationMail.message(
            from: "Steak <reservations@\(Self.domain)>", subject: "Your table", date: "Fri, 19 Jun 2020 10:00:00 -0700",
            messageID: "t-1@\(Self.domain)",
            html: ReservationMail.html([ReservationMail.restaurant(id: "DEFER1", start: "2020-06-26T19:30:00-07:00")])),
            domain: Self.domain)
        let registered = try ReservationMail.writeRegistered([Self.domain], in: folder)
        let calendar = folder.path + "/calendar"
        // The README's recipe: the filter's options in the configuration file, the rcfile as printed there.
        let home = try MTADelivery.Home(agent, .maildir, in: folder, filterArguments: [], deferIdiom: agent == .procmail)
        let recipe = try String(contentsOfFile: home.rcfile, encoding: .utf8)
            .replacingOccurrences(of: TestBinary.eventsuggest.path, with: "eventsuggest")
        let printed = agent == .procmail ? Self.readmeRecipe : Self.readmeMaildropLine
        #expect(recipe.contains(printed), "the rcfile is not the README's recipe:\n\(recipe)")
        // The README's code blocks are indented by four spaces.
        let readme = try String(contentsOf: TestBinary.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n    ", with: "\n")
        #expect(readme.contains(printed), "the README no longer shows this recipe")

        func configure(dns: String) throws {
            try MailboxE2E.write("calendar \(calendar)\nregistered \(registered)\ndns \(dns)\ndns-timeout 1\n"
                                 + "now \(ReservationMail.now)\ndefer-on-error yes\n",
                                 to: ".config/eventsuggest/config", in: home.root)
        }

        // DNS down: a loopback port nobody listens on.
        try configure(dns: "127.0.0.1:\(try LoopbackUDPSocket.freePort())")
        let first = try home.deliver(mail)
        #expect(first.status == 75, "\(agent) exit \(first.status): \(first.stderrText) \(home.log)")
        #expect(home.delivered().isEmpty, "delivered although deferred")
        let log = agent == .procmail ? home.log : first.stderrText
        if agent == .procmail { #expect(log.contains("Program failure (75)"), "\(log)") }
        #expect(log.contains("deferring"), "\(log)")
        #expect(ReservationMail.calendar(calendar).isEmpty)

        // The MTA retries once the DNS server is back.
        try withDNSMasq(records: [try Self.dnsmasqRecord(in: folder)]) { server in
            try configure(dns: server.description)
            let retry = try home.deliver(mail)
            #expect(retry.status == 0, "\(agent) exit \(retry.status): \(retry.stderrText) \(home.log)")
        }
        let delivered = home.delivered()
        #expect(delivered.count == 1)
        let stored = try #require(delivered.first)
        #expect(MTADelivery.deliveryProblem(stored, mail) == nil)
        #expect(ReservationMail.splitOurFields(stored).fields.first?.value.contains("dkim=pass header.d=\(Self.domain)") == true)
        #expect(ReservationMail.suggestions(stored).first?.hasPrefix("created") == true, "\(ReservationMail.suggestions(stored))")
        #expect(ReservationMail.calendar(calendar).count == 1)
    }

    /// The maildrop line the README prints: xfilter defers by itself on exit 75.
    static let readmeMaildropLine = "xfilter \"eventsuggest filter\""

    /// The lines the README prints and the tests' rcfile contains.
    static let readmeRecipe = """
        :0 fw
        | eventsuggest filter

        :0 e
        {
          EXITCODE=75
          HOST
        }
        """
}
