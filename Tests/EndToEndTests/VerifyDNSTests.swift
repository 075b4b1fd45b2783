import Foundation
import TestSupport
import Testing

/// `eventsuggest verify --dns` against a real DNS server (dnsmasq) on 127.0.0.1.
@Suite("verify with keys from a real DNS server", .serialized)
struct VerifyDNSTests {
    static let keys = TestBinary.repositoryRoot.appendingPathComponent("Tests/DKIMTests/Fixtures")
    static let message = "From: Shop <orders@shop.test.example>\r\nTo: a@example.org\r\nSubject: Order\r\n"
        + "Date: Mon, 01 Feb 2027 09:00:00 +0000\r\nMessage-ID: <o1@shop.test.example>\r\n\r\nThanks!\r\n"

    /// The message signed by the binary with a test key for `selector`.
    func signedMessage(selector: String, key: String = "rsa2048") throws -> Data {
        let result = try TestBinary.run(
            ["sign", "--key", Self.keys.appendingPathComponent("\(key).pem").path, "--domain", "shop.test.example",
             "--selector", selector, "--now", "2027-02-01T09:00:01Z"],
            input: Data(Self.message.utf8))
        try #require(result.status == 0, "sign failed: \(result.stderrText)")
        return result.stdout
    }

    /// dnsmasq's --txt-record with the value cut into strings of at most 200 bytes (a split TXT).
    /// On dnsmasq's command line commas separate the strings and quotes would be kept literally.
    func txtRecord(_ name: String, _ value: String) -> String {
        var pieces: [String] = []
        var rest = Substring(value)
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(200)))
            rest = rest.dropFirst(200)
        }
        return "--txt-record=\(name)," + pieces.joined(separator: ",")
    }

    func verify(_ message: Data, server: String, timeout: String = "1") throws -> (TestBinary.Result, [[String: Any]]) {
        let result = try TestBinary.run(["verify", "--dns", server, "--dns-timeout", timeout, "--json",
                                         "--now", "2027-02-01T10:00:00Z", "-"], input: message)
        let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
        return (result, object?["signatures"] as? [[String: Any]] ?? [])
    }

    @Test("a key in a split TXT record and a key behind a CNAME both verify; an absent selector is permerror")
    func lookups() throws {
        let spki = try String(contentsOf: Self.keys.appendingPathComponent("rsa2048.spki.b64"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let record = "v=DKIM1; k=rsa; p=" + spki
        try withDNSMasq(records: [
            txtRecord("split._domainkey.shop.test.example", record),
            "--cname=alias._domainkey.shop.test.example,target._domainkey.keys.test.example",
            txtRecord("target._domainkey.keys.test.example", record),
        ]) { server in
            let (split, splitSignatures) = try verify(try signedMessage(selector: "split"), server: server.description)
            #expect(split.status == 0)
            #expect(splitSignatures.first?["result"] as? String == "pass")

            let (alias, aliasSignatures) = try verify(try signedMessage(selector: "alias"), server: server.description)
            #expect(alias.status == 0)
            #expect(aliasSignatures.first?["result"] as? String == "pass")

            let (missing, missingSignatures) = try verify(try signedMessage(selector: "absent"), server: server.description)
            #expect(missing.status == 1)
            #expect(missingSignatures.first?["result"] as? String == "permerror")
            #expect((missingSignatures.first?["reason"] as? String)?.hasPrefix("no key for selector absent") == true)
        }
    }

    @Test("--dns [::1]:PORT: the key comes from a server on IPv6 loopback (issue 19)")
    func ipv6Server() throws {
        let spki = try String(contentsOf: Self.keys.appendingPathComponent("rsa2048.spki.b64"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try withDNSMasq(records: [txtRecord("v6._domainkey.shop.test.example", "v=DKIM1; k=rsa; p=" + spki)], address: "::1") { server in
            #expect(server.description.hasPrefix("[::1]:"))
            let (result, signatures) = try verify(try signedMessage(selector: "v6"), server: server.description)
            #expect(result.status == 0, "\(result.stderrText)")
            #expect(signatures.first?["result"] as? String == "pass")
            // The same port on IPv4 has no server: the answer came over IPv6.
            let (ipv4, ipv4Signatures) = try verify(try signedMessage(selector: "v6"), server: "127.0.0.1:\(server.port)")
            #expect(ipv4.status == 1)
            #expect(ipv4Signatures.first?["result"] as? String == "temperror")
        }
    }

    @Test("a server that never answers gives temperror within the timeout and its retry")
    func silentServer() throws {
        let silent = try LoopbackUDPSocket()
        let (result, signatures) = try verify(try signedMessage(selector: "any"), server: silent.server.description)
        #expect(result.status == 1)
        #expect(signatures.first?["result"] as? String == "temperror")
        #expect((signatures.first?["reason"] as? String)?.contains("sel") == false)
        #expect(result.seconds < 6, "1 s timeout, 2 attempts: took \(result.seconds) s")
    }
}
