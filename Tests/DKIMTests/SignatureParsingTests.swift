import Testing
@testable import DKIM
import MailMessage

/// A well-formed signature value the tables below vary.
let wellFormed = "v=1; a=rsa-sha256; d=Example.COM; s=sel; h=From : To;\r\n\tbh=2jUSOH9NhtVGCQWNr9BrIAPreKQjO6Sn7XIkfJVOzv8=;\r\n\tb=dGVz\r\n\t dA=="

/// Malformed signatures and the reason each must give (all permerror).
let permanentErrorCases: [(String, String)] = [
        (wellFormed + "; d=other.example", "tag d= appears twice"),
        ("v=1; a=rsa-sha256; d=example.com; h=from; bh=2jUSOH9NhtVGCQWNr9BrIAPreKQjO6Sn7XIkfJVOzv8=; b=dGVzdA==", "lacks the required tag s="),
        (wellFormed.replacingOccurrences(of: "b=dGVz", with: "b=dG*z"), "b= is not valid base64"),
        (wellFormed.replacingOccurrences(of: "bh=2jUS", with: "bh=2jU"), "bh= is not valid base64"),
        (wellFormed + "; i=joe@elsewhere.example", "i=joe@elsewhere.example is outside d=example.com"),
        (wellFormed.replacingOccurrences(of: "h=From : To", with: "h=To : Subject"), "h= does not list From"),
        (wellFormed + "; t=200; x=100", "x= is before t="),
        (wellFormed + "; l=12a", "l=12a is not a number"),
        (wellFormed + "; c=fancy", "unknown canonicalization"),
        (wellFormed + "; q=http", "no supported key query method"),
        (wellFormed.replacingOccurrences(of: "v=1", with: "v=2"), "unsupported signature version"),
        (wellFormed.replacingOccurrences(of: "a=rsa-sha256", with: "a=rsa-md5"), "unsupported algorithm a=rsa-md5"),
        (wellFormed + "; =novalue", "malformed tag"),
    ]

@Suite("DKIM-Signature parsing (RFC 6376 §3.5)")
struct SignatureParsingTests {

    func parse(_ value: String) -> Result<DKIMSignature, DKIMSignature.ParseFailure> {
        let field = MailMessage(bytes: Array("DKIM-Signature: \(value)\r\n\r\n".utf8)).header.fields[0]
        do throws(DKIMSignature.ParseFailure) { return .success(try DKIMSignature(field: field)) } catch { return .failure(error) }
    }

    @Test("a valid signature: defaults, folding removed inside b=, bh= and h=, d= lowercased")
    func valid() throws {
        let signature = try parse(wellFormed).get()
        #expect(signature.algorithm == .rsaSHA256)
        #expect(signature.domain == "example.com")
        #expect(signature.signedHeaders == ["From", "To"])
        #expect(signature.signature == Array("test".utf8))
        #expect(signature.headerCanonicalization == .simple && signature.bodyCanonicalization == .simple)
        #expect(signature.identity == "@example.com")
        #expect(signature.bodyLength == nil)
    }

    @Test(arguments: [
        ("c=relaxed", Canonicalization.relaxed, Canonicalization.simple),
        ("c=relaxed/relaxed", .relaxed, .relaxed),
        ("c=simple/relaxed", .simple, .relaxed),
    ])
    func canonicalizationDefaults(tag: String, header: Canonicalization, body: Canonicalization) throws {
        let signature = try parse(wellFormed + "; " + tag).get()
        #expect(signature.headerCanonicalization == header)
        #expect(signature.bodyCanonicalization == body)
    }

    @Test("unknown tags are ignored")
    func unknownTags() throws {
        #expect(throws: Never.self) { try parse(wellFormed + "; zz=whatever; future=1").get() }
    }

    @Test(arguments: permanentErrorCases)
    func permanentErrors(value: String, reason: String) {
        guard case .failure(let failure) = parse(value) else {
            Issue.record("expected a permerror for \(value)")
            return
        }
        #expect(failure.outcome == .permerror)
        #expect(failure.reason.contains(reason), "reason was: \(failure.reason)")
    }

    @Test("i= in a subdomain of d= is accepted; l= is read")
    func identityAndLength() throws {
        let signature = try parse(wellFormed + "; i=joe@mail.Example.com; l=120").get()
        #expect(signature.identity == "joe@mail.Example.com")
        #expect(signature.bodyLength == 120)
    }
}

@Suite("keys file and Authentication-Results")
struct KeysFileAndResultsTests {
    @Test("keys file: comments, bare and quoted TXT text, several records per name, absent names as NXDOMAIN")
    func keysFile() throws {
        let resolver = try KeysFileResolver(text: """
            # test keys
            sel._domainkey.Example.com  v=DKIM1; p=abc   # trailing comment
            two._domainkey.example.com "v=DKIM1; " "p=def"
            two._domainkey.example.com v=DKIM1; p=ghi
            """)
        #expect(resolver.lookUpKey(selector: "sel", domain: "example.com") == .records(["v=DKIM1; p=abc"]))
        #expect(resolver.lookUpKey(selector: "two", domain: "EXAMPLE.com") == .records(["v=DKIM1; p=def", "v=DKIM1; p=ghi"]))
        guard case .notFound = resolver.lookUpKey(selector: "none", domain: "example.com") else {
            Issue.record("an absent name must be answered like NXDOMAIN")
            return
        }
    }

    @Test("a bad keys file line is reported with file and line")
    func keysFileError() {
        #expect(throws: KeysFileResolver.LoadError.self) { try KeysFileResolver(text: "ok._domainkey.x v=DKIM1\nnonsense\n", path: "keys.txt") }
        do {
            _ = try KeysFileResolver(text: "\n\nnot-a-key-name v=DKIM1; p=x\n", path: "keys.txt")
        } catch {
            #expect(error.description == "keys.txt:3: 'not-a-key-name' is not a selector._domainkey.domain name")
        }
    }

    @Test("Authentication-Results: one dkim= per signature with properties and the reason as a comment")
    func authenticationResults() {
        var pass = DKIMResult(outcome: .pass, domain: "epicsteak.example", selector: "sel", algorithm: "rsa-sha256", line: 1)
        pass.identity = "@epicsteak.example"
        pass.signaturePrefix = "AbCdEfGh1234"
        let fail = DKIMResult(outcome: .fail, reason: "body hash mismatch (x)", domain: "a.example", selector: "s", algorithm: "ed25519-sha256", line: 9)
        #expect(AuthenticationResults.dkimResults([pass, fail]) == [
            "dkim=pass header.d=epicsteak.example header.s=sel header.a=rsa-sha256 header.b=AbCdEfGh1234",
            // Issue 19: nested comments are kept (RFC 5322 §3.2.2), no longer turned into underscores.
            "dkim=fail (body hash mismatch (x)) header.d=a.example header.s=s header.a=ed25519-sha256",
        ])
        #expect(AuthenticationResults.dkimResults([]) == ["dkim=none"])
        #expect(AuthenticationResults.fieldValue(authservID: "mx.example.org", results: []) == "mx.example.org;\r\n\tdkim=none")
        #expect(AuthenticationResults.valueSafe("a b;c") == "\"a b;c\"")
    }
}
