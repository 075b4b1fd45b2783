import CryptoOpenSSL
import DKIM
import Findings
import Foundation
import MailMessage
import SenderPolicy
import Testing

/// The trust rules of issue 13 over real signatures: each attack next to the honest message it
/// must let through. The signatures verify (`pass`) in every case; only the policy says no.
@Suite("the trust rules over real DKIM signatures")
struct TrustRuleTests {
    static let keyFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DKIMTests/Fixtures/rsa2048.pem")
    static let publicKey = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DKIMTests/Fixtures/rsa2048.spki.b64")
    static let now: Int64 = 1_592_611_200

    static let message = """
        Received: from out.epicsteak.example by mx.example.org; Fri, 19 Jun 2020 10:00:05 -0700\r
        From: EPIC Steak <reservations@epicsteak.example>\r
        To: ann@example.org\r
        Subject: Your table\r
        Date: Fri, 19 Jun 2020 10:00:00 -0700\r
        Message-ID: <r1@epicsteak.example>\r
        MIME-Version: 1.0\r
        Content-Type: text/plain; charset=utf-8\r
        \r
        You wrote: +ADw-script type+AD0AIg-application/ld+-json+ACIAPg-\r

        """

    static func sign(_ text: String, headers: [String]? = nil) throws -> [UInt8] {
        var signer = DKIMSigner(key: try PrivateKey(pem: Array(try Data(contentsOf: keyFile))), domain: "epicsteak.example",
                                selector: "s2020", timestamp: now - 3600)
        signer.signedHeaderNames = headers
        return try signer.sign(MailMessage(bytes: Array(text.utf8)))
    }

    static func decide(_ bytes: [UInt8], keyFlags: String = "", unverified: Bool = false)
        throws -> (dkim: [DKIMResult], decision: PolicyDecision) {
        let key = String(decoding: try Data(contentsOf: publicKey), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let resolver = StaticKeyResolver(records: ["s2020._domainkey.epicsteak.example": ["v=DKIM1; k=rsa; \(keyFlags)p=\(key)"]])
        let message = MailMessage(bytes: bytes)
        let dkim = DKIMVerifier(resolver: resolver, now: now).verify(message)
        let policy = SenderPolicy(publicSuffixes: suffixes, registered: try RegisteredDomains(text: "epicsteak.example"),
                                  allowUnverified: unverified)
        return (dkim, policy.decide(message, dkim: dkim))
    }

    static func prepend(_ field: String, to bytes: [UInt8]) -> [UInt8] { Array((field + "\r\n").utf8) + bytes }

    @Test("the honest message and its neighbours are trusted: a second Received, oversigned From")
    func honest() throws {
        let signed = try Self.sign(Self.message)
        for bytes in [signed, Self.prepend("Received: from relay.example by mx2.example.org; Fri, 19 Jun 2020 10:01:00 -0700", to: signed),
                      try Self.sign(Self.message, headers: ["from", "from", "subject", "date", "message-id", "mime-version",
                                                            "content-type", "content-type"])] {
            let (dkim, decision) = try Self.decide(bytes)
            #expect(dkim.map(\.outcome) == [.pass])
            #expect(decision.trusted, "\(decision.reason)")
            #expect(decision.headerView?.date(now: Self.now).secondsSince1970 == 1_592_586_000)
        }
    }

    @Test("a decisive field prepended to the signed message: pass, but header-added-after-signing", arguments: [
        "Content-Type: text/html; charset=utf-7", "Content-Transfer-Encoding: base64",
        "From: EPIC Steak <reservations@epicsteak.example>", "Date: Fri, 19 Jun 2037 10:00:00 -0700",
        "Date: yesterday", "Date: Thu, 19 Jun 2003 10:00:00 -0700", "Subject: Your table was moved",
        "Message-ID: <forged@epicsteak.example>", "MIME-Version: 1.0",
    ])
    func prepended(_ field: String) throws {
        let (dkim, decision) = try Self.decide(Self.prepend(field, to: try Self.sign(Self.message)))
        #expect(dkim.map(\.outcome) == [.pass] || field.hasPrefix("From:"), "\(dkim.map(\.summary))")
        #expect(!decision.trusted)
        if field.hasPrefix("From:") {
            // Two From fields: no single author, and DKIM itself refuses (RFC 6376 §8.15).
            #expect(decision.code == FindingCode.noSingleAuthor.id)
        } else if field.hasPrefix("Content-Transfer-Encoding:") {
            // The signed message had none: the one there is unsigned.
            #expect(decision.code == FindingCode.contentTypeNotSigned.id, "\(decision.code): \(decision.reason)")
        } else {
            #expect(decision.code == FindingCode.headerAddedAfterSigning.id, "\(decision.code): \(decision.reason)")
            let name = String(field.prefix { $0 != ":" })
            #expect(decision.reason.contains("2 \(name) fields"), "\(decision.reason)")
        }
    }

    @Test("a signature that does not cover Content-Type: pass, but content-type-not-signed, and the sender is told what to do")
    func unsignedContentType() throws {
        let bytes = try Self.sign(Self.message, headers: ["from", "subject", "date", "message-id", "mime-version"])
        let (dkim, decision) = try Self.decide(bytes)
        #expect(dkim.map(\.outcome) == [.pass])
        #expect(!decision.trusted)
        #expect(decision.code == FindingCode.contentTypeNotSigned.id)
        #expect(decision.reason.contains("add content-type to the signature's h= tag"), "\(decision.reason)")
        #expect(decision.findings.map(\.code) == [FindingCode.contentTypeNotSigned.id])
        // Its neighbour: a second signature by the same sender that does cover it decides.
        let both = try Self.sign(String(decoding: bytes, as: UTF8.self))
        let second = try Self.decide(both)
        #expect(second.dkim.map(\.outcome) == [.pass, .pass])
        #expect(second.decision.trusted, "\(second.decision.reason)")
    }

    @Test("a signature that does not cover Date: trusted, but the Date decides nothing")
    func unsignedDate() throws {
        let bytes = try Self.sign(Self.message, headers: ["from", "subject", "message-id", "mime-version", "content-type"])
        let (_, decision) = try Self.decide(bytes)
        #expect(decision.trusted)
        let reading = try #require(decision.headerView).date(now: Self.now)
        #expect(reading.secondsSince1970 == nil)
        #expect(reading.finding?.code == FindingCode.dateNotSigned.id)
    }

    @Test("t=y: the signature passes, the policy treats the message as unsigned; t=s is unchanged")
    func testingKey() throws {
        let signed = try Self.sign(Self.message)
        let testing = try Self.decide(signed, keyFlags: "t=y; ")
        #expect(testing.dkim.map(\.outcome) == [.pass])
        #expect(testing.dkim.first?.keyIsTesting == true)
        #expect(!testing.decision.trusted)
        #expect(testing.decision.code == FindingCode.keyInTestingMode.id)
        #expect(testing.decision.reason.contains("t=y"))
        // As unsigned mail is, it is taken with --allow-unverified (and then says so).
        let unverified = try Self.decide(signed, keyFlags: "t=y; ", unverified: true)
        #expect(unverified.decision.trusted)
        #expect(unverified.decision.signature == nil)
        for flags in ["t=s; ", ""] {
            let strict = try Self.decide(signed, keyFlags: flags)
            #expect(strict.decision.trusted, "\(flags): \(strict.decision.reason)")
        }
    }
}
