import DKIM
import MailMessage
import SenderPolicy
import Testing

/// Alignment and registration across internationalized public suffixes (issue 13 item 3):
/// each attack — a signer under the same multi-label IDN suffix as the victim, in U-label,
/// A-label and mixed form — next to the honest neighbours it must not break.
@Suite("alignment under internationalized public suffixes")
struct IDNAlignmentTests {
    func message(from domain: String) -> MailMessage {
        MailMessage(bytes: Array("From: Reservations <res@\(domain)>\r\nSubject: x\r\n\r\nbody\r\n".utf8))
    }

    func pass(_ domain: String) -> DKIMResult {
        DKIMResult(outcome: .pass, domain: domain, selector: "s", algorithm: "rsa-sha256", line: 1)
    }

    func policy(registered: String) throws -> SenderPolicy {
        SenderPolicy(publicSuffixes: fixtureSuffixes,
                     registered: try RegisteredDomains(text: registered, publicSuffixes: fixtureSuffixes))
    }

    /// `公司.cn` (xn--55qx5d.cn) and `中国` (xn--fiqs8s) are public suffixes: a stranger who
    /// registers another name under them is not the victim.
    @Test(arguments: [
        ("attacker.xn--55qx5d.cn", "victim.xn--55qx5d.cn"),  // A-label both
        ("attacker.公司.cn", "victim.公司.cn"),                // U-label both
        ("attacker.xn--55qx5d.cn", "victim.公司.cn"),         // mixed
        ("attacker.公司.cn", "victim.xn--55qx5d.cn"),
        ("mail.attacker.xn--55qx5d.cn", "mail.victim.公司.cn"), // subdomains
        ("attacker.xn--fiqs8s", "victim.中国"),
        ("xn--55qx5d.cn", "victim.公司.cn"),                  // the suffix itself signing
        ("strasse.de", "straße.de"),                          // IDNA 2003 would make them one name
        ("xn--strae-oqa.de", "strasse.de"),
    ])
    func attackNotAligned(signer: String, author: String) throws {
        #expect(!fixtureSuffixes.isAligned(signer, with: author))
        let decision = try policy(registered: "victim.xn--55qx5d.cn\nvictim.中国\nstraße.de\nstrasse.de\n")
            .decide(message(from: author), dkim: [pass(signer)])
        #expect(!decision.trusted)
        #expect(decision.code == "not-verified")
        #expect(decision.reason.contains("not aligned"))
    }

    @Test(arguments: [
        ("victim.xn--55qx5d.cn", "victim.公司.cn"),           // U-label From, A-label d=
        ("victim.公司.cn", "victim.xn--55qx5d.cn"),           // and the other way round
        ("VICTIM.XN--55QX5D.CN", "mail.victim.公司.cn"),      // case and a subdomain of From
        ("shop.xn--55qx5d.cn", "shop.公司.cn"),               // an ASCII label under the IDN suffix
        ("xn--bcher-kva.com", "bücher.com"),                  // an IDN registrable domain under .com
        ("bücher.com", "news.xn--bcher-kva.com"),
        ("xn--strae-oqa.de", "straße.de"),
    ])
    func honestAligned(signer: String, author: String) throws {
        #expect(fixtureSuffixes.isAligned(signer, with: author))
        let decision = try policy(registered: "victim.公司.cn\nshop.xn--55qx5d.cn\nxn--bcher-kva.com\nstraße.de\n")
            .decide(message(from: author), dkim: [pass(signer)])
        #expect(decision.trusted, "\(decision.reason)")
    }

    @Test("the organizational domain is the A-label form for either input form")
    func organizationalDomain() {
        for written in ["www.食狮.公司.cn", "www.xn--85x722f.xn--55qx5d.cn", "WWW.食狮.XN--55QX5D.CN", "www.食狮.公司.cn."] {
            #expect(fixtureSuffixes.organizationalDomain(of: written) == "xn--85x722f.xn--55qx5d.cn", "\(written)")
        }
        #expect(fixtureSuffixes.publicSuffix(of: "www.食狮.公司.cn") == "xn--55qx5d.cn")
        #expect(fixtureSuffixes.organizationalDomain(of: "公司.cn") == nil)
    }

    @Test("a name that cannot be converted is aligned with nothing, not even itself, and never registered")
    func unconvertible() throws {
        for broken in ["xn--zz.example", "a_b.example", "ex\u{00AD}ample.com"] {
            #expect(!fixtureSuffixes.isAligned(broken, with: broken), "\(broken)")
            #expect(fixtureSuffixes.organizationalDomain(of: broken) == nil)
            #expect(throws: IDNAError.self) { try fixtureSuffixes.alignmentDomain(of: broken) }
        }
        let registered = try RegisteredDomains(text: "example.com\n")
        #expect(!registered.covers("ex\u{00AD}ample.com"))
        #expect(registered.covers("example.com"))
        let decision = try policy(registered: "example.com\n").decide(message(from: "ex\u{00AD}ample.com"), dkim: [pass("ex\u{00AD}ample.com")])
        #expect(!decision.trusted)
    }
}
