import Foundation
import Testing
@testable import DKIM
import Findings
import MailMessage

@Suite("verification")
struct VerifierTests {
    @Test("RFC 8463 Appendix A: the Ed25519 and the RSA signature both pass")
    func rfc8463() throws {
        let resolver = try KeysFileResolver(text: try fixtureText("rfc8463.keys"))
        let results = DKIMVerifier(resolver: resolver, now: 1_528_637_909)
            .verify(MailMessage(bytes: try fixtureData("rfc8463.eml")))
        #expect(results.map(\.outcome) == [.pass, .pass])
        #expect(results.map(\.algorithm) == ["ed25519-sha256", "rsa-sha256"])
        #expect(results.map(\.selector) == ["brisbane", "test"])
        #expect(results.allSatisfy { $0.domain == "football.example.com" && $0.reason == nil })
        #expect(results[1].keyBits == 1024)
    }

    @Test("RFC 8463 Appendix A stored with LF line endings still passes")
    func rfc8463LFOnly() throws {
        let resolver = try KeysFileResolver(text: try fixtureText("rfc8463.keys"))
        let results = DKIMVerifier(resolver: resolver, now: 1_528_637_909)
            .verify(MailMessage(bytes: try fixtureData("rfc8463.eml").lfOnly))
        #expect(results.map(\.outcome) == [.pass, .pass])
    }

    @Test("sign then verify: both algorithms, every canonicalization, CRLF and LF-only storage",
          arguments: [("rsa2048", "rsa"), ("ed25519", "ed25519")],
          [(Canonicalization.simple, Canonicalization.simple), (.simple, .relaxed), (.relaxed, .simple), (.relaxed, .relaxed)])
    func roundTrip(key: (String, String), canonicalization: (Canonicalization, Canonicalization)) throws {
        let message = sampleMessage(body: "Table  for 2 \r\n\r\n\tsee you\r\n\r\n\r\n",
                                    extraHeaders: "X-Folded: one\r\n two\r\n")
        let signedMessage = try signed(message, key: key.0, header: canonicalization.0, body: canonicalization.1)
        let records = [selectorName: try keyRecord(key.0, kind: key.1)]
        #expect(verify(signedMessage, records: records).map(\.outcome) == [.pass])
        #expect(verify(signedMessage.lfOnly, records: records).map(\.outcome) == [.pass])
    }

    @Test("a changed body fails with both hashes in the reason")
    func tamperedBody() throws {
        let signedMessage = try signed(sampleMessage())
        let result = try #require(verify(signedMessage.replacing("table for 2", with: "table for 9"),
                                         records: [selectorName: try keyRecord("rsa2048")]).first)
        #expect(result.outcome == .fail)
        #expect(result.reason?.hasPrefix("body hash mismatch: computed ") == true)
        #expect(result.reason?.contains(", signed ") == true)
    }

    @Test("a changed signed header fails; a changed unsigned header does not")
    func tamperedHeader() throws {
        let signedMessage = try signed(sampleMessage(extraHeaders: "X-Unsigned: a\r\n"))
        let records = [selectorName: try keyRecord("rsa2048")]
        let subject = verify(signedMessage.replacing("Your reservation", with: "Your reservatiom"), records: records)
        #expect(subject.first?.outcome == .fail)
        #expect(subject.first?.reason?.hasPrefix("signature did not verify") == true)
        #expect(verify(signedMessage.replacing("X-Unsigned: a", with: "X-Unsigned: b"), records: records).first?.outcome == .pass)
    }

    @Test("relaxed header canonicalization tolerates refolding; simple does not")
    func refolding() throws {
        let records = [selectorName: try keyRecord("rsa2048")]
        let relaxed = try signed(sampleMessage(), header: .relaxed)
        #expect(verify(relaxed.replacing("Subject: Your reservation", with: "Subject:   Your\r\n  reservation"),
                       records: records).first?.outcome == .pass)
        let simple = try signed(sampleMessage(), header: .simple)
        #expect(verify(simple.replacing("Subject: Your reservation", with: "Subject:   Your\r\n  reservation"),
                       records: records).first?.outcome == .fail)
    }

    @Test("l=: content appended after signing is reported as unsigned bytes, still a pass")
    func bodyLengthTag() throws {
        let original = sampleMessage(body: "signed text\r\n")
        let signedMessage = try signed(original, body: .simple) { signer in signer.signsBodyLength = true }
        let records = [selectorName: try keyRecord("rsa2048")]
        let intact = try #require(verify(signedMessage, records: records).first)
        #expect(intact.outcome == .pass)
        #expect(intact.unsignedBodyBytes == 0)
        let appended = try #require(verify(signedMessage + Array("<script>evil</script>\r\n".utf8), records: records).first)
        #expect(appended.outcome == .pass)
        #expect(appended.unsignedBodyBytes == 23)
        #expect(appended.reason == "l=13 leaves 23 body bytes unsigned")
    }

    @Test("From must be signed; a second From fails the message; oversigning catches an added From")
    func fromRules() throws {
        let records = [selectorName: try keyRecord("rsa2048")]
        let noFrom = try signed(sampleMessage()) { $0.signedHeaderNames = ["subject"] }
        // The signer always adds From; strip it from h= by hand to get a signature without it.
        let withoutFrom = noFrom.replacing("h=subject:from;", with: "h=subject;")
        let unsignedFrom = try #require(verify(withoutFrom, records: records).first)
        #expect(unsignedFrom.outcome == .permerror)
        #expect(unsignedFrom.reason?.contains("does not list From") == true)

        let signedMessage = try signed(sampleMessage())
        let twoFroms = signedMessage.replacing("To: guest", with: "From: attacker@evil.example\r\nTo: guest")
        let result = try #require(verify(twoFroms, records: records).first)
        #expect(result.outcome == .fail)
        #expect(result.reason == "the message has 2 From fields; a signature cannot vouch for one author")
    }

    @Test("expired signatures are a permerror naming the time")
    func expired() throws {
        let signedMessage = try signed(sampleMessage()) { $0.lifetime = 60 }
        let records = [selectorName: try keyRecord("rsa2048")]
        #expect(verify(signedMessage, records: records, now: 1_593_190_850).first?.outcome == .pass)
        let late = try #require(verify(signedMessage, records: records, now: 1_593_190_900).first)
        #expect(late.outcome == .permerror)
        #expect(late.reason == "signature expired at 2020-06-26T17:01:00Z")
    }

    @Test("key records: revoked, missing, testing, wrong type, wrong hash, not for e-mail, bare PKCS#1")
    func keyRecords() throws {
        let signedMessage = try signed(sampleMessage())
        func outcome(_ record: String?) -> DKIMResult? {
            verify(signedMessage, records: record.map { [selectorName: $0] } ?? [:]).first
        }
        #expect(outcome("v=DKIM1; k=rsa; p=")?.reason?.hasPrefix("key revoked") == true)
        #expect(outcome("v=DKIM1; k=rsa; p=")?.outcome == .permerror)
        let missing = try #require(outcome(nil))
        #expect(missing.outcome == .permerror)
        #expect(missing.reason?.hasPrefix("no key for selector sel") == true)
        let testing = try #require(outcome(try keyRecord("rsa2048", extra: "t=y; ")))
        #expect(testing.outcome == .pass)
        #expect(testing.keyIsTesting)
        #expect(testing.reason == "key in testing mode (t=y)")
        #expect(outcome(try keyRecord("rsa2048", extra: "h=sha1; "))?.outcome == .permerror)
        #expect(outcome(try keyRecord("rsa2048", extra: "s=tlsrpt; "))?.reason?.contains("not for e-mail") == true)
        #expect(outcome("v=DKIM1; k=ed25519; p=" + (try fixtureText("ed25519.raw.b64")))?.outcome == .permerror)
        #expect(outcome("v=DKIM2; p=" + (try fixtureText("rsa2048.spki.b64")))?.outcome == .permerror)
        #expect(outcome("v=DKIM1; p=" + (try fixtureText("rsa2048.pkcs1.b64")))?.outcome == .pass)
        #expect(outcome("v=DKIM1; p=not*base64")?.outcome == .permerror)
    }

    @Test("rsa-sha1 and keys under 1024 bits verify but are policy, never pass (RFC 8301)")
    func weakCrypto() throws {
        let sha1 = try #require(verify(try signed(sampleMessage(), algorithm: .rsaSHA1),
                                       records: [selectorName: try keyRecord("rsa2048")]).first)
        #expect(sha1.outcome == .policy)
        #expect(sha1.reason?.contains("RFC 8301") == true)
        let small = try #require(verify(try signed(sampleMessage(), key: "rsa512"),
                                        records: [selectorName: try keyRecord("rsa512")]).first)
        #expect(small.outcome == .policy)
        #expect(small.reason?.hasPrefix("RSA key of 512 bits is below 1024") == true)
        #expect(verify(try signed(sampleMessage(), key: "rsa1024"),
                       records: [selectorName: try keyRecord("rsa1024")]).first?.outcome == .pass)
    }

    @Test("limits: signatures past maxSignatures are neutral; keys above maxRSABits are permerror; lookups bounded")
    func limits() throws {
        var message = sampleMessage()
        for _ in 0..<3 { message = try signed(message) }
        let records = [selectorName: try keyRecord("rsa2048")]
        let results = verify(message, records: records, limits: DKIMLimits(maxSignatures: 2))
        #expect(results.map(\.outcome) == [.pass, .pass, .neutral])
        #expect(results[2].reason?.contains("(limit dkim-signatures)") == true && results[2].limitCode == .tooManySignatures)
        let lookups = verify(message, records: records, limits: DKIMLimits(maxKeyLookups: 1))
        #expect(lookups.map(\.outcome) == [.pass, .neutral, .neutral])
        #expect(lookups[1].reason?.contains("(limit dns-queries)") == true && lookups[1].limitCode == .dnsQueryLimit)
        let big = try #require(verify(try signed(sampleMessage(), key: "rsa3072"),
                                      records: [selectorName: try keyRecord("rsa3072")],
                                      limits: DKIMLimits(maxRSABits: 2048)).first)
        #expect(big.outcome == .permerror)
        #expect(big.reason == "RSA key of 3072 bits exceeds the limit of 2048 (limit rsa-bits)")
        #expect(big.limitCode == .rsaKeyTooLarge && results[0].limitCode == nil)
    }

    @Test("a temporary key lookup failure is temperror, not fail")
    func temporaryFailure() throws {
        struct Flaky: DKIMKeyResolver {
            func lookUpKey(selector: String, domain: String) -> KeyLookupResult { .temporaryFailure("timed out") }
        }
        let results = DKIMVerifier(resolver: Flaky(), now: 1_593_190_900).verify(MailMessage(bytes: try signed(sampleMessage())))
        #expect(results.first?.outcome == .temperror)
        #expect(results.first?.reason == "key lookup for sel._domainkey.epicsteak.example failed: timed out")
    }

    @Test("a key record is parsed once per run, whatever the number of messages it signs")
    func keyParsedOnce() throws {
        let verifier = verifier([selectorName: try keyRecord("rsa2048")])
        for body in ["one\r\n", "two\r\n", "three\r\n"] {
            let results = verifier.verify(MailMessage(bytes: try signed(sampleMessage(body: body))))
            #expect(results.first?.outcome == .pass)
        }
        #expect(verifier.keyCache.count == 1)
        // A revoked key's problem is remembered too.
        let revoked = DKIMVerifier(resolver: StaticKeyResolver(records: [selectorName: ["v=DKIM1; p="]]), now: 1_593_190_900)
        for _ in 0..<2 { #expect(revoked.verify(MailMessage(bytes: try signed(sampleMessage()))).first?.outcome == .permerror) }
        #expect(revoked.keyCache.count == 1)
    }

    @Test("an unsigned message has no results; the caching resolver asks once per selector")
    func unsignedAndCache() throws {
        #expect(verify(sampleMessage(), records: [:]).isEmpty)
        final class Counting: DKIMKeyResolver, @unchecked Sendable {
            var count = 0
            let record: String
            init(record: String) { self.record = record }
            func lookUpKey(selector: String, domain: String) -> KeyLookupResult { count += 1; return .records([record]) }
        }
        let counting = Counting(record: try keyRecord("rsa2048"))
        let cache = CachingKeyResolver(counting)
        let verifier = DKIMVerifier(resolver: cache, now: 1_593_190_900)
        let message = MailMessage(bytes: try signed(sampleMessage()))
        for _ in 0..<5 { #expect(verifier.verify(message).first?.outcome == .pass) }
        #expect(counting.count == 1)
        #expect(cache.lookupCount == 1)
    }
}
