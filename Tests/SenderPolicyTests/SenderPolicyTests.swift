import DKIM
import MailMessage
import SenderPolicy
import Testing

/// A few real Public Suffix List rules: a plain suffix, a two-level suffix, a wildcard with an exception.
let suffixes = PublicSuffixList(text: """
    // comment
    com
    uk
    co.uk
    *.ck
    !www.ck
    github.io
    """)

@Suite("the Public Suffix List")
struct PublicSuffixListTests {
    @Test(arguments: [
        ("mail.epicsteak.com", "epicsteak.com"),
        ("EpicSteak.COM.", "epicsteak.com"),
        ("a.b.shop.co.uk", "shop.co.uk"),
        ("x.y.ck", "x.y.ck"),           // *.ck: y.ck is a suffix
        ("www.ck", "www.ck"),           // !www.ck: an exception
        ("a.www.ck", "www.ck"),
        ("mail.epicsteak.example", "epicsteak.example"), // the implicit * rule
        ("alice.github.io", "alice.github.io"),
    ])
    func organizationalDomain(domain: String, expected: String) {
        #expect(suffixes.organizationalDomain(of: domain) == expected)
    }

    @Test("a public suffix has no organizational domain")
    func suffixItself() {
        #expect(suffixes.organizationalDomain(of: "co.uk") == nil)
        #expect(suffixes.organizationalDomain(of: "github.io") == nil)
    }

    @Test("Debian's list loads and knows real suffixes")
    func debianList() throws {
        let list = try PublicSuffixList()
        #expect(list.organizationalDomain(of: "mail.example.co.uk") == "example.co.uk")
        #expect(list.organizationalDomain(of: "x.blogspot.com") == "x.blogspot.com")
    }
}

@Suite("the registered-domains list")
struct RegisteredDomainsTests {
    @Test("a domain covers its subdomains, not look-alikes")
    func covers() throws {
        let list = try RegisteredDomains(text: "# senders\nEpicSteak.example\nunited.example  # airline\n")
        #expect(list.covers("epicsteak.example"))
        #expect(list.covers("mail.epicsteak.example"))
        #expect(!list.covers("epicsteak.example.evil.example"))
        #expect(!list.covers("notepicsteak.example"))
        #expect(!list.covers("example"))
    }

    @Test("a bad line names file and line")
    func badLine() {
        #expect(throws: RegisteredDomains.LoadError.self) { try RegisteredDomains(text: "ok.example\nnot a domain\n") }
        do { _ = try RegisteredDomains(text: "ok.example\n\nuser@x.example\n", path: "reg.txt") } catch {
            #expect(error.description == "reg.txt:3: 'user@x.example' is not a domain name")
        }
    }
}

@Suite("the sender policy")
struct SenderPolicyDecisionTests {
    func message(from: String) -> MailMessage {
        MailMessage(bytes: Array("From: \(from)\r\nSubject: x\r\n\r\nbody\r\n".utf8))
    }

    func pass(_ domain: String, unsigned: Int = 0) -> DKIMResult {
        var result = DKIMResult(outcome: .pass, domain: domain, selector: "s", algorithm: "rsa-sha256", line: 1)
        result.unsignedBodyBytes = unsigned
        return result
    }

    func policy(_ registered: String? = "epicsteak.com", anyDomain: Bool = false, unverified: Bool = false) throws -> SenderPolicy {
        SenderPolicy(publicSuffixes: suffixes, registered: try registered.map { try RegisteredDomains(text: $0) },
                     allowAnyDomain: anyDomain, allowUnverified: unverified)
    }

    @Test("trusted: a pass whose d= shares From's organizational domain, and From registered")
    func trusted() throws {
        let decision = try policy().decide(message(from: "res@mail.epicsteak.com"), dkim: [pass("epicsteak.com")])
        #expect(decision.trusted)
        #expect(decision.domain == "epicsteak.com")
        #expect(decision.code == "trusted")
    }

    @Test("not trusted: unsigned, failing, unaligned, l=-partial, unregistered, no single author")
    func refusals() throws {
        let policy = try policy()
        let from = message(from: "res@epicsteak.com")
        #expect(policy.decide(from, dkim: []).reason == "the message is not DKIM-signed")
        let failing = DKIMResult(outcome: .fail, domain: "epicsteak.com", line: 1)
        #expect(policy.decide(from, dkim: [failing]).reason == "no DKIM signature passes (fail d=epicsteak.com)")
        let unaligned = policy.decide(from, dkim: [pass("mailer.com")])
        #expect(!unaligned.trusted)
        #expect(unaligned.reason.contains("not aligned"))
        let partial = policy.decide(from, dkim: [pass("epicsteak.com", unsigned: 12)])
        #expect(!partial.trusted)
        #expect(partial.reason.contains("12 body bytes unsigned"))
        let lookalike = policy.decide(message(from: "res@epicsteak.com.evil.com"), dkim: [pass("evil.com")])
        #expect(!lookalike.trusted)
        #expect(lookalike.code == "not-registered")
        let two = MailMessage(bytes: Array("From: a@epicsteak.com\r\nFrom: b@epicsteak.com\r\n\r\n".utf8))
        #expect(policy.decide(two, dkim: [pass("epicsteak.com")]).code == "no-single-author")
    }

    @Test("the development switches relax one rule each and say so")
    func switches() throws {
        let unverified = try policy(unverified: true).decide(message(from: "res@epicsteak.com"), dkim: [])
        #expect(unverified.trusted)
        #expect(unverified.domain == "epicsteak.com")
        #expect(unverified.notes == ["--allow-unverified: DKIM not required"])
        let anyDomain = try policy(nil, anyDomain: true).decide(message(from: "x@other.com"), dkim: [pass("other.com")])
        #expect(anyDomain.trusted)
        #expect(anyDomain.notes == ["--allow-any-domain: registered-domains list not checked"])
        let none = try policy(nil).decide(message(from: "x@other.com"), dkim: [pass("other.com")])
        #expect(!none.trusted)
        #expect(none.reason.contains("none was given"))
    }
}
