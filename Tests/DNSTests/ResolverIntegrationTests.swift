import TestSupport
import Foundation
import Synchronization
import Testing
import DNS

/// The records every integration test's dnsmasq serves, all under test.example.
private let long300 = String(repeating: "L", count: 300)
private let big = (0..<3).map { index in String(repeating: Character(String(index)), count: 250) }
private let zone = [
    "--txt-record=multi.test.example,v=DKIM1; ,k=rsa; ,p=MIGfMA0",
    // dnsmasq stores a string over 255 octets as several character-strings.
    "--txt-record=long.test.example,\(String(long300.prefix(255))),\(String(long300.dropFirst(255)))",
    // 750 octets of TXT: over the 512 of plain UDP, so the answer must come over TCP.
    "--txt-record=big.test.example,\(big.joined(separator: ","))",
    "--txt-record=two.test.example,first",
    "--txt-record=two.test.example,second",
    "--txt-record=key.test.example,v=DKIM1; p=key",
    "--cname=sel._domainkey.test.example,key.test.example",
    "--cname=hop1.test.example,hop2.test.example",
    "--cname=hop2.test.example,multi.test.example",
    "--host-record=only-a.test.example,127.0.0.2",
    "--cname=alias-of-a.test.example,only-a.test.example",
]

@Suite("TXT lookups against dnsmasq on 127.0.0.1")
struct ResolverIntegrationTests {
    @Test("a server on ::1 is asked over IPv6 (--dns [::1]:PORT)")
    func overIPv6() throws {
        try withDNSMasq(records: zone, address: "::1") { server throws in
            #expect(server.isIPv6)
            let resolver = DNSResolver(server: server)
            #expect(try resolver.txtRecords(for: "multi.test.example") == ["v=DKIM1; k=rsa; p=MIGfMA0"])
            // Nothing listens on IPv4 at that port: an answer came over IPv6.
            let ipv4 = DNSResolver(server: DNSServer(host: "127.0.0.1", port: server.port)!, timeoutSeconds: 1, attempts: 1)
            #expect(throws: DNSError.self) { try ipv4.txtRecords(for: "multi.test.example") }
        }
    }

    @Test("strings of one record are joined; a record over 255 octets arrives whole")
    func joined() throws {
        try withDNSMasq(records: zone) { server throws in
            let resolver = DNSResolver(server: server)
            #expect(try resolver.txtRecords(for: "multi.test.example") == ["v=DKIM1; k=rsa; p=MIGfMA0"])
            #expect(try resolver.txtRecords(for: "long.test.example") == [long300])
        }
    }

    @Test("an answer over 512 bytes is fetched again over TCP")
    func truncatedRetriedOverTCP() throws {
        try withDNSMasq(records: zone) { server throws in
            #expect(try DNSResolver(server: server).txtRecords(for: "big.test.example") == [big.joined()])
        }
    }

    @Test("a name with two TXT records gives both")
    func twoRecords() throws {
        try withDNSMasq(records: zone) { server throws in
            let records = try DNSResolver(server: server).txtRecords(for: "two.test.example")
            #expect(records.sorted() == ["first", "second"])
        }
    }

    @Test("CNAMEs are followed, names matched without regard to case or final dot")
    func cnameFollowed() throws {
        try withDNSMasq(records: zone) { server throws in
            let resolver = DNSResolver(server: server)
            #expect(try resolver.txtRecords(for: "sel._domainkey.test.example") == ["v=DKIM1; p=key"])
            #expect(try resolver.txtRecords(for: "HOP1.Test.Example.") == ["v=DKIM1; k=rsa; p=MIGfMA0"])
        }
    }

    @Test("NXDOMAIN, NODATA and REFUSED come back as different errors")
    func negativeAnswers() throws {
        try withDNSMasq(records: zone) { server throws in
            let resolver = DNSResolver(server: server)
            #expect(throws: DNSError.nameNotFound(name: "absent._domainkey.test.example")) {
                try resolver.txtRecords(for: "absent._domainkey.test.example")
            }
            #expect(throws: DNSError.noRecords(name: "only-a.test.example")) {
                try resolver.txtRecords(for: "only-a.test.example")
            }
            #expect(throws: DNSError.noRecords(name: "alias-of-a.test.example")) {
                try resolver.txtRecords(for: "alias-of-a.test.example")
            }
            // Outside --local and without upstream servers, dnsmasq refuses (rcode 5).
            #expect(throws: DNSError.serverFailure(name: "elsewhere.invalid", code: 5)) {
                try resolver.txtRecords(for: "elsewhere.invalid")
            }
        }
    }

    @Test("lookups from many threads at once each get their own answer")
    func concurrentLookups() throws {
        try withDNSMasq(records: zone) { server throws in
            let resolver = DNSResolver(server: server)
            let names = ["multi", "key", "two", "long", "sel._domainkey", "absent"]
            let expected = names.map { name in Result { try resolver.txtRecords(for: "\(name).test.example").sorted() } }
            let results = Mutex([[String]?](repeating: nil, count: 48))
            DispatchQueue.concurrentPerform(iterations: 48) { index in
                let answer = try? resolver.txtRecords(for: "\(names[index % names.count]).test.example").sorted()
                results.withLock { $0[index] = answer }
            }
            let got = results.withLock { $0 }
            for index in got.indices {
                #expect(got[index] == (try? expected[index % names.count].get()), "lookup \(index)")
            }
        }
    }

    @Test("a server that never answers times out after timeout × attempts")
    func timeout() throws {
        let silent = try LoopbackUDPSocket()
        let resolver = DNSResolver(server: silent.server, timeoutSeconds: 1, attempts: 2)
        let started = ContinuousClock.now
        #expect(throws: DNSError.timeout(name: "sel._domainkey.test.example", server: silent.server.description)) {
            try resolver.txtRecords(for: "sel._domainkey.test.example")
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(1_800) && elapsed < .seconds(3), "took \(elapsed)")
        withExtendedLifetime(silent) {}
    }

    @Test("nothing listening is a temporary error, reported at once")
    func connectionRefused() throws {
        let server = DNSServer(host: "127.0.0.1", port: try LoopbackUDPSocket.freePort())!
        let started = ContinuousClock.now
        do {
            _ = try DNSResolver(server: server, timeoutSeconds: 2, attempts: 2).txtRecords(for: "a.test.example")
            Issue.record("an answer from a closed port")
        } catch {
            guard case .unreachable(let name, let described, let reason) = error else {
                Issue.record("expected .unreachable, got \(error)")
                return
            }
            #expect(name == "a.test.example" && described == server.description && reason.contains("refused"))
            #expect(error.isTemporary)
        }
        #expect(ContinuousClock.now - started < .seconds(1))
    }

    @Test("an invalid name is refused before anything is sent")
    func invalidName() {
        // The system resolver: a query would go out if the name were not checked first.
        #expect(throws: DNSError.invalidName(name: "a..b")) { try DNSResolver().txtRecords(for: "a..b") }
    }
}
