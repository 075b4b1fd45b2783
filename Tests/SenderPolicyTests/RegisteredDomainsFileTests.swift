import Foundation
import SenderPolicy
import Testing

/// The registered-domains file as users write it (issue 14): CRLF line ends, U-labels or
/// A-labels, a trailing dot; a whole public suffix refused with the file and line named.
@Suite("the registered-domains file")
struct RegisteredDomainsFileTests {
    static let seventeen = [
        "epicsteak.example", "united.example", "hotel.example", "lufthansa.com", "db.de", "sbb.ch", "bahn.de",
        "opentable.com", "booking.com", "airbnb.com", "eurostar.com", "amtrak.com", "hertz.com", "uber.com",
        "ticketmaster.com", "bücher.example", "shop.公司.cn",
    ]

    func temporaryFile(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("registered-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("a CRLF file reads all 17 domains, as the LF file does")
    func crlf() throws {
        let body = "# senders we trust\r\n" + Self.seventeen.map { $0 + "\r\n" }.joined()
        let path = try temporaryFile(body)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let crlf = try RegisteredDomains(path: path, publicSuffixes: fixtureSuffixes)
        let lf = try RegisteredDomains(text: body.replacingOccurrences(of: "\r\n", with: "\n"), publicSuffixes: fixtureSuffixes)
        #expect(crlf.domains.count == 17)
        #expect(crlf.domains == lf.domains)
        #expect(crlf.covers("mail.epicsteak.example"))
        #expect(crlf.covers("ticketmaster.com"))       // the last line
        #expect(!crlf.covers("epicsteak.example\r"))  // a carriage return is never part of a name
    }

    @Test("U-labels and A-labels are one entry; either form is covered; a trailing dot is the same name")
    func forms() throws {
        let list = try RegisteredDomains(text: "bücher.example\nxn--bcher-kva.example\nshop.xn--55qx5d.cn.\nEpicSteak.Example.\n",
                                         publicSuffixes: fixtureSuffixes)
        #expect(list.domains == ["xn--bcher-kva.example", "shop.xn--55qx5d.cn", "epicsteak.example"])
        #expect(list.covers("news.BÜCHER.example"))
        #expect(list.covers("shop.公司.cn"))
        #expect(list.covers("epicsteak.example."))
        #expect(!list.covers("attacker.公司.cn"))
        #expect(!list.covers("bucher.example"))
    }

    @Test(arguments: [
        ("com.", "com."), ("example.", "example."), ("co.uk", "co.uk"), ("公司.cn", "公司.cn"), ("xn--55qx5d.cn", "xn--55qx5d.cn"),
        ("any.ck", "any.ck"), // *.ck: every name under .ck is a suffix
    ])
    func publicSuffixRefused(entry: String, shown: String) throws {
        let path = try temporaryFile("ok.example\r\n# a comment\r\n\(entry)\r\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: RegisteredDomains.LoadError.self) { try RegisteredDomains(path: path, publicSuffixes: fixtureSuffixes) }
        do { _ = try RegisteredDomains(path: path, publicSuffixes: fixtureSuffixes) } catch {
            #expect(error.line == 3)
            #expect(error.description == "\(path):3: '\(shown)' is a public suffix, not a registered domain: it would trust every sender under it")
        }
    }

    @Test("the honest neighbours of a suffix are accepted: a name under it, an exception rule")
    func suffixNeighbours() throws {
        let list = try RegisteredDomains(text: "shop.co.uk\nvictim.公司.cn\nwww.ck\n", publicSuffixes: fixtureSuffixes)
        #expect(list.domains == ["shop.co.uk", "victim.xn--55qx5d.cn", "www.ck"])
    }

    @Test("without a list, a lone label is still a suffix (the implicit * rule); an invalid name names its label")
    func withoutList() throws {
        #expect(throws: RegisteredDomains.LoadError.self) { try RegisteredDomains(text: "example.\n") }
        do { _ = try RegisteredDomains(text: "ok.example\nxn--zz.example\n", path: "reg.txt") } catch {
            #expect(error.description == "reg.txt:2: 'xn--zz.example' is not a valid domain name: label 'xn--zz' is not valid Punycode")
        }
        #expect(try RegisteredDomains(text: "\u{FEFF}ok.example\r\n").domains == ["ok.example"]) // a byte order mark
    }
}
