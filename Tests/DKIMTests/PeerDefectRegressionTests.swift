import DNS
import Foundation
import TestSupport
import Testing
@testable import DKIM
import MailMessage

/// The defects the peers' suites showed (issue 16), each with the attack beside the honest case.
@Suite("regressions found by the peers' suites")
struct PeerDefectRegressionTests {
    func parse(_ value: String) -> Result<DKIMSignature, DKIMSignature.ParseFailure> {
        let field = MailMessage(bytes: Array("DKIM-Signature: \(value)\r\n\r\n".utf8)).header.fields[0]
        do throws(DKIMSignature.ParseFailure) { return .success(try DKIMSignature(field: field)) } catch { return .failure(error) }
    }

    /// A resolver that counts the names it is asked for.
    final class Recording: DKIMKeyResolver, @unchecked Sendable {
        let answer: KeyLookupResult
        private let lock = NSLock()
        private var names: [String] = []
        init(_ answer: KeyLookupResult) { self.answer = answer }
        var asked: [String] { lock.withLock { names } }
        func lookUpKey(selector: String, domain: String) -> KeyLookupResult {
            lock.withLock { names.append("\(selector)._domainkey.\(domain)") }
            return answer
        }
    }

    // MARK: d= and s= syntax (RFC 6376 §3.5)

    @Test("d= that is not a domain name is permerror and never looked up; a real domain still passes",
          arguments: ["legitimate.com(.attacker.com", "-bad.example", "bad-.example",
                      "localhost", "two..dots.example", "trailing.example.", "sp ace.example", "b\u{E9}b\u{E9}.example"])
    func domainSyntax(domain: String) throws {
        let value = wellFormed.replacingOccurrences(of: "d=Example.COM", with: "d=\(domain)")
        guard case .failure(let failure) = parse(value) else {
            Issue.record("d=\(domain) was accepted")
            return
        }
        #expect(failure.outcome == .permerror)
        #expect(failure.reason.contains("is not a domain name (RFC 6376 §3.5"))
    }

    @Test("honest d= and s= forms: A-labels, digits, hyphens inside, dotted selectors",
          arguments: [("xn--bb-bjab.example", "sel"), ("mail-1.example.co.uk", "2024-01"), ("example.com", "a.b.c"),
                      ("EXAMPLE.com", "S1")])
    func honestNames(domain: String, selector: String) throws {
        let value = wellFormed.replacingOccurrences(of: "d=Example.COM", with: "d=\(domain)")
            .replacingOccurrences(of: "s=sel", with: "s=\(selector)")
        let signature = try parse(value).get()
        #expect(signature.domain == domain.lowercased())
        #expect(signature.selector == selector)
    }

    @Test("s= that is not a selector is permerror", arguments: ["sel(x", "sel/../x", "_sel", "sel.", "a b"])
    func selectorSyntax(selector: String) throws {
        let value = wellFormed.replacingOccurrences(of: "s=sel", with: "s=\(selector)")
        guard case .failure(let failure) = parse(value) else {
            Issue.record("s=\(selector) was accepted")
            return
        }
        #expect(failure.reason.contains("is not a selector (RFC 6376 §3.5"))
    }

    @Test("dkimpy's forged d=legitimate.com(.attacker.com: permerror, and the attacker's DNS name is never asked")
    func dkimpyBadDomain() throws {
        let message = try fixtureData("peers/dkimpy/data/test.message.baddomain")
        let recording = Recording(.records([try fixtureText("peers/dkimpy/data/test.txt")]))
        let result = try #require(DKIMVerifier(resolver: recording, now: 1_700_000_000).verify(MailMessage(bytes: message)).first)
        #expect(result.outcome == .permerror)
        #expect(result.reason?.contains("d=legitimate.com(.attacker.com is not a domain name") == true)
        #expect(recording.asked.isEmpty)
    }

    @Test("the signer refuses a d= or s= it could not put in a valid signature")
    func signerRefusesBadNames() throws {
        let message = MailMessage(bytes: sampleMessage())
        var signer = DKIMSigner(key: try privateKey("rsa2048"), domain: "legitimate.com(.attacker.com", selector: "sel")
        #expect(throws: DKIMSigner.SignError.self) { try signer.sign(message) }
        signer.domain = "epicsteak.example"
        signer.selector = "sel;x"
        #expect(throws: DKIMSigner.SignError.self) { try signer.sign(message) }
        signer.selector = "sel"
        #expect(verify(try signer.sign(message), records: [selectorName: try keyRecord("rsa2048")]).first?.outcome == .pass)
    }

    // MARK: i= is dkim-quoted-printable (RFC 6376 §2.11, §3.5)

    @Test("i= is decoded before the domain check", arguments: [
        ("jlong@messiah=2Eedu", "jlong@messiah.edu"), ("=6Along@messiah.edu", "jlong@messiah.edu"),
        ("jlong=40messiah.edu", "jlong@messiah.edu"), ("j=20long@mail.messiah.edu", "j long@mail.messiah.edu"),
        ("jlong@messiah.\r\n\tedu", "jlong@messiah.edu"), ("@messiah.edu", "@messiah.edu"),
    ])
    func identityDecoded(written: String, decoded: String) throws {
        let value = wellFormed.replacingOccurrences(of: "d=Example.COM", with: "d=messiah.edu") + "; i=\(written)"
        #expect(try parse(value).get().identity == decoded)
    }

    @Test("the attacks on i=: an encoded outside domain, an encoded delimiter, a broken escape", arguments: [
        ("jlong@evil=2Eexample", "is outside d=messiah.edu"),
        ("jlong@sub=28.messiah.edu", "does not end in a domain name"),
        ("jlong@messiah=2", "is not valid dkim-quoted-printable"),
        ("jlong@messiah=ZZedu", "is not valid dkim-quoted-printable"),
        ("jlong=40evil.example", "is outside d=messiah.edu"),
    ])
    func identityAttacks(written: String, reason: String) throws {
        let value = wellFormed.replacingOccurrences(of: "d=Example.COM", with: "d=messiah.edu") + "; i=\(written)"
        guard case .failure(let failure) = parse(value) else {
            Issue.record("i=\(written) was accepted")
            return
        }
        #expect(failure.outcome == .permerror)
        #expect(failure.reason.contains(reason))
    }

    @Test("the signer writes i= as dkim-quoted-printable and the verifier reads the same identity back")
    func identityRoundTrip() throws {
        let signedMessage = try signed(sampleMessage()) { $0.identity = "res desk;x=1@epicsteak.example" }
        #expect(String(decoding: signedMessage, as: UTF8.self).contains("i=res=20desk=3Bx=3D1@epicsteak.example;"))
        let result = try #require(verify(signedMessage, records: [selectorName: try keyRecord("rsa2048")]).first)
        #expect(result.outcome == .pass)
        #expect(result.identity == "res desk;x=1@epicsteak.example")
    }

    // MARK: no From (RFC 8601 §2.7.1)

    @Test("a message with no From is permerror, one with a From passes, two Froms fail")
    func noFrom() throws {
        let records = [selectorName: try keyRecord("rsa2048")]
        let signedMessage = try signed(sampleMessage())
        #expect(verify(signedMessage, records: records).first?.outcome == .pass)
        let withoutFrom = try #require(verify(signedMessage.replacing("From: EPIC Steak <res@epicsteak.example>\r\n", with: ""),
                                              records: records).first)
        #expect(withoutFrom.outcome == .permerror)
        #expect(withoutFrom.reason == "the message has no From field")
        let twoFroms = signedMessage.replacing("To: guest", with: "From: attacker@evil.example\r\nTo: guest")
        #expect(verify(twoFroms, records: records).first?.outcome == .fail)
    }

    // MARK: the verdict order of RFC 6376 §6.1.2 and §6.1.3

    @Test("a changed body: the key decides first — NXDOMAIN permerror, lookup failure temperror, bad key permerror, good key fail",
          arguments: [
            (KeyLookupResult.notFound("NXDOMAIN"), DKIMOutcome.permerror, "no key for selector sel"),
            (.temporaryFailure("SERVFAIL"), .temperror, "key lookup for sel._domainkey.epicsteak.example failed: SERVFAIL"),
            (.records(["v=DKIM1; k=rsa; p="]), .permerror, "key revoked"),
            (.records(["v=DKIM1; k=ed25519; p=11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo="]), .permerror, "the key is ed25519"),
          ])
    func changedBodyKeyFirst(answer: KeyLookupResult, outcome: DKIMOutcome, reason: String) throws {
        let forged = try signed(sampleMessage()).replacing("table for 2", with: "table for 9")
        let recording = Recording(answer)
        let result = try #require(DKIMVerifier(resolver: recording, now: 1_593_190_900).verify(MailMessage(bytes: forged)).first)
        #expect(result.outcome == outcome)
        #expect(result.reason?.hasPrefix(reason) == true)
        #expect(recording.asked == [selectorName])
    }

    @Test("a changed body with its key present is fail (body hash mismatch); the same body unchanged passes")
    func changedBodyWithKey() throws {
        let signedMessage = try signed(sampleMessage())
        let recording = Recording(.records([try keyRecord("rsa2048")]))
        let verifier = DKIMVerifier(resolver: recording, now: 1_593_190_900)
        #expect(verifier.verify(MailMessage(bytes: signedMessage)).first?.outcome == .pass)
        let forged = try #require(verifier.verify(MailMessage(bytes: signedMessage.replacing("table for 2", with: "table for 9"))).first)
        #expect(forged.outcome == .fail)
        #expect(forged.reason?.hasPrefix("body hash mismatch") == true)
    }

    @Test("l= longer than the body with no key: the missing key is the verdict")
    func cutBodyNoKey() throws {
        let signedMessage = try signed(sampleMessage(body: "signed text\r\nmore\r\n"), body: .simple) { $0.signsBodyLength = true }
        let cut = signedMessage.replacing("more\r\n", with: "")
        #expect(verify(cut, records: [selectorName: try keyRecord("rsa2048")]).first?.reason?.hasPrefix("l=") == true)
        #expect(verify(cut, records: [:]).first?.outcome == .permerror)
        #expect(verify(cut, records: [:]).first?.reason?.hasPrefix("no key for selector") == true)
    }

    // MARK: a body's last line without LF keeps a final CR (RFC 6376 §3.4.3, §3.4.4)

    @Test("a final lone CR is content: kept in both modes, in one piece or split across chunks")
    func finalLoneCR() {
        #expect(BodyCanonicalizer.canonicalize(Array("\r\n\r".utf8), mode: .simple) == Array("\r\n\r\r\n".utf8))
        #expect(BodyCanonicalizer.canonicalize(Array("a\r".utf8), mode: .relaxed) == Array("a\r\r\n".utf8))
        var split = BodyCanonicalizer(mode: .simple)
        split.update(Array("a\r".utf8))
        split.update(Array("\nb\r".utf8))
        split.finish()
        #expect(split.output == Array("a\r\nb\r\r\n".utf8))
        // A CRLF split across chunks is still one line end.
        var crlf = BodyCanonicalizer(mode: .simple)
        crlf.update(Array("a\r".utf8))
        crlf.update(Array("\n".utf8))
        crlf.finish()
        #expect(crlf.output == Array("a\r\n".utf8))
    }

    @Test("the attack: a body with a CR appended no longer hashes like the body without it")
    func loneCRChangesTheHash() throws {
        let signedMessage = try signed(sampleMessage(body: "pay 10\r\nEUR"), body: .simple)
        let records = [selectorName: try keyRecord("rsa2048")]
        #expect(verify(signedMessage, records: records).first?.outcome == .pass)
        #expect(verify(signedMessage + [0x0D], records: records).first?.outcome == .fail)
    }

    // MARK: the verdict order against a real DNS server on loopback (what --defer-on-tempfail sees)

    @Test("real DNS: a forged body is permerror when dnsmasq says NXDOMAIN, temperror when no server answers, fail when the key is served")
    func forgedBodyOverRealDNS() throws {
        let message = MailMessage(bytes: Array(("From: Shop <orders@shop.test.example>\r\nTo: guest@example.org\r\n"
            + "Subject: Your order\r\n\r\nTotal: 10 EUR\r\n").utf8))
        let signer = DKIMSigner(key: try privateKey("ed25519"), domain: "shop.test.example", selector: "sel",
                                timestamp: 1_593_190_800)
        let forged = MailMessage(bytes: try signer.sign(message).replacing("10 EUR", with: "99 EUR"))
        let record = "v=DKIM1; k=ed25519; p=" + (try fixtureText("ed25519.raw.b64"))

        func verdict(_ server: DNSServer) -> DKIMResult? {
            let resolver = DNSKeyResolver(resolver: DNSResolver(server: server, timeoutSeconds: 1, attempts: 1))
            return DKIMVerifier(resolver: resolver, now: 1_593_190_900).verify(forged).first
        }
        try withDNSMasq(records: []) { server in
            let absent = verdict(server)
            #expect(absent?.outcome == .permerror)
            #expect(absent?.reason?.hasPrefix("no key for selector sel") == true)
        }
        try withDNSMasq(records: ["--txt-record=sel._domainkey.shop.test.example,\(record)"]) { server in
            let served = verdict(server)
            #expect(served?.outcome == .fail)
            #expect(served?.reason?.hasPrefix("body hash mismatch") == true)
        }
        let silent = try LoopbackUDPSocket()
        #expect(verdict(silent.server)?.outcome == .temperror)
    }
}
