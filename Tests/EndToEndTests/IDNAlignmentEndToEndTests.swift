import Foundation
import Testing

/// Issue 13 item 3 through the built binary, as a user runs it: `filter --calendar` with a keys
/// file and a registered-domains file, mail signed by our own `sign` with a key the test
/// publishes. Under the multi-label IDN suffix 公司.cn (xn--55qx5d.cn), a stranger's domain is
/// not the victim's, in whichever form either is written; the victim's own mail, with From in
/// U-labels and d= in A-labels, still gives its event.
@Suite("IDN public suffixes end to end")
struct IDNAlignmentEndToEndTests {
    static let key = TestBinary.repositoryRoot.appendingPathComponent("Tests/DKIMTests/Fixtures/rsa2048.pem").path
    static let selector = "idn2026"
    static let now = "2020-06-20T00:00:00Z"

    struct Setup {
        let folder: URL
        var keys: String { folder.appendingPathComponent("keys").path }
        var registered: String { folder.appendingPathComponent("registered").path }
        var calendar: String { folder.appendingPathComponent("calendar").path }
    }

    /// A temporary folder with a keys file for `signers` (from `sign --print-record`) and a
    /// registered-domains file holding `registered`.
    static func setup(signers: [String], registered: [String]) throws -> Setup {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("es-idn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let setup = Setup(folder: folder)
        var keys = ""
        for signer in signers {
            let record = try TestBinary.run(["sign", "--key", key, "--domain", signer, "--selector", selector, "--print-record"])
            try #require(record.status == 0, "sign --print-record: \(record.stderrText)")
            keys += record.stdoutText.hasSuffix("\n") ? record.stdoutText : record.stdoutText + "\n"
        }
        try Data(keys.utf8).write(to: URL(fileURLWithPath: setup.keys))
        try Data(("# the senders we trust\n" + registered.map { $0 + "\n" }.joined()).utf8).write(to: URL(fileURLWithPath: setup.registered))
        return setup
    }

    /// A restaurant confirmation from `from` (raw UTF-8 in the header, RFC 6532), signed by `signer`.
    static func signedMessage(from: String, signer: String, id: String) throws -> [UInt8] {
        let markup = """
            {"@context": "http://schema.org", "@type": "FoodEstablishmentReservation", "reservationNumber": "\(id)",
             "reservationStatus": "http://schema.org/ReservationConfirmed", "partySize": 2,
             "underName": {"@type": "Person", "name": "Ann Example"}, "startTime": "2020-07-01T19:00:00+08:00",
             "reservationFor": {"@type": "FoodEstablishment", "name": "Shishi Canteen",
               "address": {"@type": "PostalAddress", "streetAddress": "1 Nanjing Road", "addressLocality": "Shanghai"}}}
            """
        let message = [
            "From: Reservations <res@\(from)>", "To: Ann Example <ann@example.org>", "Subject: Your table \(id)",
            "Date: Mon, 15 Jun 2020 10:00:00 +0800", "Message-ID: <\(id)@\(signer)>", "MIME-Version: 1.0",
            "Content-Type: text/html; charset=utf-8", "Content-Transfer-Encoding: 8bit", "",
            "<html><body><script type=\"application/ld+json\">\(markup)</script><p>Table for 2.</p></body></html>", "",
        ].joined(separator: "\r\n")
        let signed = try TestBinary.run(["sign", "--key", key, "--domain", signer, "--selector", selector,
                                         "--now", "2020-06-15T02:00:00Z"], input: Data(message.utf8))
        try #require(signed.status == 0, "sign: \(signed.stderrText)")
        return Array(signed.stdout)
    }

    static func filter(_ message: [UInt8], _ setup: Setup) throws -> (headers: String, events: Int) {
        let result = try TestBinary.run(["filter", "--calendar", setup.calendar, "--keys", setup.keys, "--registered", setup.registered,
                                         "--now", now], input: Data(message))
        try #require(result.status == 0, "filter: \(result.stderrText)")
        let text = result.stdoutText
        let headers = String(text[..<(text.range(of: "\r\n\r\n")?.lowerBound ?? text.endIndex)])
        let names = (try? FileManager.default.contentsOfDirectory(atPath: setup.calendar)) ?? []
        return (headers, names.filter { $0.hasSuffix(".ics") }.count)
    }

    /// The attacker owns attacker.公司.cn and signs for it with a valid key: dkim=pass, but the
    /// signer is not aligned with the victim's From, so no event, whichever form each is in.
    @Test("d=attacker under 公司.cn, From victim under 公司.cn: dkim=pass, no event", arguments: [
        ("victim.xn--55qx5d.cn", "attacker.xn--55qx5d.cn"),
        ("victim.公司.cn", "attacker.xn--55qx5d.cn"),
    ])
    func attack(from: String, signer: String) throws {
        // The victim registered in both forms: only alignment stands between the attacker and an event.
        let setup = try Self.setup(signers: [signer], registered: ["victim.xn--55qx5d.cn", "victim.公司.cn"])
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let (headers, events) = try Self.filter(try Self.signedMessage(from: from, signer: signer, id: "ATTACK1"), setup)
        #expect(headers.contains("dkim=pass"), "the signature itself must pass: \(headers)")
        #expect(events == 0, "\(headers)")
        #expect(!headers.contains("X-Event-Suggestion: created"), "\(headers)")
    }

    /// Each registered in the other form than its From: registration compares A-labels too.
    @Test("the victim's own mail, From in U-labels and d= in A-labels, or an ASCII name under the suffix: an event", arguments: [
        ("victim.公司.cn", "victim.xn--55qx5d.cn", "victim.xn--55qx5d.cn"),
        ("mail.victim.xn--55qx5d.cn", "victim.xn--55qx5d.cn", "victim.公司.cn"),
    ])
    func honest(from: String, signer: String, registered: String) throws {
        let setup = try Self.setup(signers: [signer], registered: [registered])
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let (headers, events) = try Self.filter(try Self.signedMessage(from: from, signer: signer, id: "HONEST1"), setup)
        #expect(headers.contains("dkim=pass"), "\(headers)")
        #expect(events == 1, "\(headers)")
    }

    @Test("a registered-domains file naming a public suffix is refused with the file and line")
    func suffixRefused() throws {
        let setup = try Self.setup(signers: ["victim.xn--55qx5d.cn"], registered: [])
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        try Data("victim.公司.cn\r\n公司.cn\r\n".utf8).write(to: URL(fileURLWithPath: setup.registered))
        let message = try Self.signedMessage(from: "victim.公司.cn", signer: "victim.xn--55qx5d.cn", id: "SUFFIX1")
        let result = try TestBinary.run(["filter", "--calendar", setup.calendar, "--keys", setup.keys, "--registered", setup.registered,
                                         "--now", Self.now], input: Data(message))
        #expect(result.stderrText.contains("\(setup.registered):2: '公司.cn' is a public suffix"), "\(result.stderrText)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: setup.calendar)) ?? []
        #expect(!names.contains { $0.hasSuffix(".ics") })
    }
}
