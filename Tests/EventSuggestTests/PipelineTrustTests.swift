import CryptoOpenSSL
import DKIM
import EventSuggest
import Findings
import Foundation
import MailMessage
import SenderPolicy
import Testing

/// `Pipeline.analyze` reads the Date (and Message-ID) only as the passing signature covers
/// them (issue 13, item 2): the contract with the version rule, which takes a nil
/// `MessageReport.date` as older than anything stored.
@Suite("the pipeline's Date is the signed Date")
struct PipelineTrustTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DKIMTests/Fixtures")
    static let now: Int64 = 1_592_611_200 // 2020-06-20T00:00:00Z

    static func message(date: String?) -> String {
        "From: EPIC Steak <reservations@epicsteak.example>\r\nSubject: Your table\r\n"
            + (date.map { "Date: \($0)\r\n" } ?? "")
            + "Message-ID: <r1@epicsteak.example>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain\r\n\r\nHello\r\n"
    }

    static func signed(_ text: String, headers: [String]? = nil, selector: String = "s2020") throws -> [UInt8] {
        var signer = DKIMSigner(key: try PrivateKey(pem: Array(try Data(contentsOf: fixtures.appendingPathComponent("rsa2048.pem")))),
                                domain: "epicsteak.example", selector: selector, timestamp: now - 60)
        signer.signedHeaderNames = headers
        return try signer.sign(MailMessage(bytes: Array(text.utf8)))
    }

    static func analyze(_ bytes: [UInt8]) throws -> MessageReport {
        let key = try String(contentsOf: fixtures.appendingPathComponent("rsa2048.spki.b64"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let resolver = StaticKeyResolver(records: [
            "s2020._domainkey.epicsteak.example": ["v=DKIM1; k=rsa; p=\(key)"],
            "testing._domainkey.epicsteak.example": ["v=DKIM1; k=rsa; t=y; p=\(key)"],
        ])
        let pipeline = Pipeline(
            verifier: DKIMVerifier(resolver: resolver, now: now),
            policy: SenderPolicy(publicSuffixes: PublicSuffixList(text: "example\n"),
                                 registered: try RegisteredDomains(text: "epicsteak.example")),
            store: nil)
        return pipeline.analyze(MailMessage(bytes: bytes))
    }

    @Test("a signed Date in the past is the report's date, and the signed Message-ID its id")
    func signedDate() throws {
        for date in ["Fri, 19 Jun 2020 10:00:00 -0700", "Thu, 19 Jun 2003 10:00:00 -0700"] {
            let report = try Self.analyze(try Self.signed(Self.message(date: date)))
            #expect(report.decision.trusted)
            #expect(report.date == MessageDate(parsing: date)?.secondsSince1970)
            #expect(report.messageID == "r1@epicsteak.example")
            #expect(!report.findings.contains { $0.code.hasPrefix("date-") })
        }
    }

    @Test("no usable signed Date: nil, with the finding that says why", arguments: [
        ("Fri, 19 Jun 2020 10:00:00 -0700", false, FindingCode.dateNotSigned.id),
        ("Sat, 19 Jun 2027 10:00:00 -0700", true, FindingCode.dateInFuture.id),
        ("someday", true, FindingCode.dateInvalid.id),
    ])
    func unusableDate(_ date: String, _ signsDate: Bool, _ code: String) throws {
        let headers = signsDate ? nil : ["from", "subject", "message-id", "mime-version", "content-type"]
        let report = try Self.analyze(try Self.signed(Self.message(date: date), headers: headers))
        #expect(report.decision.trusted)
        #expect(report.date == nil)
        #expect(report.findings.map(\.code).contains(code), "\(report.findings.map(\.code))")
    }

    @Test("a missing Date: nil, date-missing")
    func missingDate() throws {
        let report = try Self.analyze(try Self.signed(Self.message(date: nil)))
        #expect(report.date == nil)
        #expect(report.findings.map(\.code).contains(FindingCode.dateMissing.id))
    }

    @Test("a Date added above the signed one: not trusted, no date, header-added-after-signing")
    func replayedDate() throws {
        let signed = try Self.signed(Self.message(date: "Fri, 19 Jun 2020 10:00:00 -0700"))
        let report = try Self.analyze(Array("Date: Sat, 19 Jun 2027 10:00:00 -0700\r\n".utf8) + signed)
        #expect(report.dkim.map(\.outcome) == [.pass])
        #expect(!report.decision.trusted)
        #expect(report.date == nil)
        #expect(report.findings.map(\.code).contains(FindingCode.headerAddedAfterSigning.id))
    }

    @Test("a t=y key: dkim pass stays in the report, the policy says key-in-testing-mode, and so does a finding")
    func testingKey() throws {
        let report = try Self.analyze(try Self.signed(Self.message(date: "Fri, 19 Jun 2020 10:00:00 -0700"), selector: "testing"))
        #expect(report.dkim.map(\.outcome) == [.pass])
        #expect(!report.decision.trusted)
        #expect(report.findings.map(\.code).contains(FindingCode.keyInTestingMode.id))
        #expect(report.date == nil)
    }
}
