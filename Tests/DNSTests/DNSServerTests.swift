import Testing
import DNS

@Suite("DNS server addresses")
struct DNSServerTests {
    @Test(
        "accepted forms",
        arguments: [
            ("127.0.0.1", "127.0.0.1", UInt16(53)), ("127.0.0.1:5353", "127.0.0.1", 5353),
            ("0.0.0.0:1", "0.0.0.0", 1), ("255.255.255.255:65535", "255.255.255.255", 65535),
            ("10.0.0.53", "10.0.0.53", 53),
        ])
    func accepted(text: String, host: String, port: UInt16) throws {
        let server = try #require(DNSServer(parsing: text))
        #expect(server.host == host)
        #expect(server.port == port)
        #expect(server.description == "\(host):\(port)")
        #expect(DNSServer(parsing: server.description) == server)
    }

    @Test(
        "refused forms",
        arguments: [
            "", "localhost", "dns.example.com", "127.0.0", "127.0.0.1.1", "256.0.0.1", "127.0.0.01", "-1.0.0.0",
            "127.0.0.1:", "127.0.0.1:0", "127.0.0.1:65536", "127.0.0.1:53:53", "127.0.0.1:+53", ":53",
            " 127.0.0.1", "127.0.0.1 ", "1.2.3.4:0053", "[127.0.0.1]", "١٢٧.0.0.1",
            // IPv6: a port needs brackets; brackets hold an IPv6 address and nothing else.
            "[::1", "[::1]x", "[::1]:", "[::1]:0", "[::1]:65536", "[]", ":::1", "[fe80::1%eth0]", "[::1]]:53", "::g",
        ])
    func refused(text: String) {
        #expect(DNSServer(parsing: text) == nil)
    }

    @Test(
        "IPv6 servers (issue 19: '--dns [::1]:53' was refused although the error message offered it)",
        arguments: [
            ("[::1]:53", "::1", UInt16(53)), ("[::1]:5353", "::1", 5353), ("::1", "::1", 53), ("[::1]", "::1", 53),
            ("[2001:DB8:0:0:0:0:0:1]:853", "2001:db8::1", 853), ("2001:db8::53", "2001:db8::53", 53),
        ])
    func ipv6(text: String, host: String, port: UInt16) throws {
        let server = try #require(DNSServer(parsing: text))
        #expect(server.host == host && server.port == port && server.isIPv6)
        #expect(server.description == "[\(host)]:\(port)")
        #expect(DNSServer(parsing: server.description) == server)
    }

    @Test("the memberwise form validates the same way")
    func hostAndPort() {
        #expect(DNSServer(host: "127.0.0.1", port: 5353)?.description == "127.0.0.1:5353")
        #expect(DNSServer(host: "127.0.0.1", port: 0) == nil)
        #expect(DNSServer(host: "localhost") == nil)
    }
}

@Suite("DNS errors")
struct DNSErrorTests {
    @Test(
        "timeouts, server failures and unreachable servers are temporary; the rest is not",
        arguments: [
            (DNSError.timeout(name: "n.example", server: "127.0.0.1:53"), true),
            (.serverFailure(name: "n.example", code: 2), true),
            (.unreachable(name: "n.example", server: "127.0.0.1:53", reason: "connection refused"), true),
            (.nameNotFound(name: "n.example"), false), (.noRecords(name: "n.example"), false),
            (.malformedResponse(name: "n.example", reason: "x"), false), (.invalidName(name: "n.example"), false),
            (.unreadableResponse(name: "n.example", reason: "x"), true),
        ])
    func temporary(error: DNSError, expected: Bool) {
        #expect(error.isTemporary == expected)
        #expect(error.description.contains("n.example"))
    }

    @Test("messages name the rcode and the server")
    func messages() {
        #expect(DNSError.serverFailure(name: "n.example", code: 2).description.contains("SERVFAIL"))
        #expect(DNSError.serverFailure(name: "n.example", code: 5).description.contains("REFUSED"))
        #expect(DNSError.serverFailure(name: "n.example", code: 9).description.contains("rcode 9"))
        #expect(DNSError.timeout(name: "n.example", server: "127.0.0.1:5353").description.contains("127.0.0.1:5353"))
    }
}
