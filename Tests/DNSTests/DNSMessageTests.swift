import TestSupport
import Testing
@testable import DNS

@Suite("DNS response parser: bounds, compression, counts (RFC 1035 §4.1)")
struct DNSMessageTests {
    /// A valid response with a compressed CNAME, a multi-string TXT and an A record.
    static let sample = response(answers: [
        .cname(.pointer(questionOffset), .labels("key", then: exampleComOffset)),
        .txt(.pointer(questionEnd + 12), ["v=DKIM1; ", "p=abc"]),
        .a(.text("other.example.org")),
    ])

    @Test("header, question and answers are read as written")
    func readsFields() throws {
        let message = try DNSMessage(parsing: Self.sample)
        #expect(message.header.id == 0x1234)
        #expect(message.header.isResponse && message.header.recursionDesired && message.header.recursionAvailable)
        #expect(!message.header.isTruncated && !message.header.isAuthoritative)
        #expect(message.header.rcode == 0 && message.header.answerCount == 3)
        #expect(message.questions == [.init(name: try DNSName(validating: askedName), type: 16, class: 1)])
        let key = try DNSName(validating: "key.example.com")
        #expect(message.answers.map(\.data) == [
            .cname(key), .txt([Array("v=DKIM1; ".utf8), Array("p=abc".utf8)]), .other([127, 0, 0, 2]),
        ])
        #expect(message.answers.map(\.name) == [try DNSName(validating: askedName), key, try DNSName(validating: "other.example.org")])
        #expect(message.answers.allSatisfy { $0.ttl == 300 && $0.class == 1 })
    }

    @Test("every cut-off prefix of a response is malformed, never a crash")
    func everyPrefixIsMalformed() {
        for length in 0..<Self.sample.count {
            guard case .unreadableResponse = interpretError(Array(Self.sample.prefix(length))) else {
                Issue.record("a packet cut to \(length) of \(Self.sample.count) bytes was accepted")
                continue
            }
        }
    }

    @Test("more answers counted than present is malformed", arguments: [4, 100, 65_535])
    func answerCountTooHigh(count: Int) {
        guard case .unreadableResponse = interpretError(Self.sample.withCount(at: 6, UInt16(count))) else {
            Issue.record("ANCOUNT \(count) accepted")
            return
        }
    }

    @Test("more questions counted than present is malformed", arguments: [2, 65_535])
    func questionCountTooHigh(count: Int) {
        guard case .unreadableResponse = interpretError(Self.sample.withCount(at: 4, UInt16(count))) else {
            Issue.record("QDCOUNT \(count) accepted")
            return
        }
    }

    @Test(
        "compression pointers that do not point to an earlier name are refused",
        arguments: [
            // Owner name of the first answer points to itself.
            ("pointer to itself", [WireRecord.txt(.pointer(questionEnd), ["x"])]),
            // Points forward, past its own position.
            ("forward pointer", [.txt(.pointer(questionEnd + 40), ["x"])]),
            // A label, then a pointer back to that label: each jump backwards, yet a loop.
            ("label then pointer to its own start", [.txt(.labels("a", then: questionEnd), ["x"])]),
            // Pointer outside the packet.
            ("pointer past the end", [.txt(.pointer(0x3FFF), ["x"])]),
        ])
    func badPointers(label: String, answers: [WireRecord]) {
        let error = interpretError(response(answers: answers))
        guard case .unreadableResponse(_, let reason) = error else {
            Issue.record("\(label): \(String(describing: error))")
            return
        }
        #expect(reason.contains("pointer") || reason.contains("ends early"), "\(label): \(reason)")
    }

    @Test("two names pointing at each other are refused")
    func pointerCycle() {
        // Answer 1 (at questionEnd) has a 2-byte owner and 10 fixed bytes, so its CNAME data is
        // at questionEnd + 12 and answer 2's owner at questionEnd + 14: each points to the other.
        let first = WireRecord.cname(.pointer(questionOffset), .pointer(questionEnd + 14))
        let second = WireRecord.txt(.pointer(questionEnd + 12), ["x"])
        guard case .unreadableResponse = interpretError(response(answers: [first, second])) else {
            Issue.record("pointer cycle accepted")
            return
        }
    }

    @Test(
        "lengths that disagree with the data are malformed",
        arguments: [
            ("RDLENGTH past the end", { () -> WireRecord in
                var record = WireRecord.txt(.pointer(questionOffset), ["abc"])
                record.claimedLength = 200
                return record
            }()),
            ("character-string past RDLENGTH", { () -> WireRecord in
                var record = WireRecord.txt(.pointer(questionOffset), ["abc"])
                record.claimedLength = 3
                return record
            }()),
            ("CNAME target shorter than RDLENGTH", { () -> WireRecord in
                var record = WireRecord.cname(.pointer(questionOffset), .text("key.example.net"))
                record.data += [0, 0]
                return record
            }()),
            ("CNAME target longer than RDLENGTH", { () -> WireRecord in
                var record = WireRecord.cname(.pointer(questionOffset), .text("key.example.net"))
                record.claimedLength = 4
                return record
            }()),
        ])
    func lengthMismatch(label: String, record: WireRecord) {
        // A trailing record keeps "past RDLENGTH" cases from merely running off the end.
        let packet = response(answers: [record, .a(.text("pad.example.org"))])
        guard case .unreadableResponse = interpretError(packet) else {
            Issue.record("\(label): accepted")
            return
        }
    }

    @Test("a name over 255 octets and an extended label type are refused")
    func nameLimits() {
        let long = (0..<5).map { _ in String(repeating: "a", count: 60) }.joined(separator: ".")
        guard case .unreadableResponse(_, let reason) = interpretError(response(answers: [.txt(.text(long), ["x"])])) else {
            Issue.record("300-octet name accepted")
            return
        }
        #expect(reason.contains("255"))
        var packet = response(answers: [.txt(.pointer(questionOffset), ["x"])])
        packet[questionEnd] = 0x40
        guard case .unreadableResponse(_, let labelReason) = interpretError(packet) else {
            Issue.record("label type 0x40 accepted")
            return
        }
        #expect(labelReason.contains("label type"))
    }

    @Test("random damage to a response gives an answer or an error, never a crash")
    func fuzzMutations() {
        var random = SplitMix64(state: 0x5EED)
        var errors = 0
        for _ in 0..<5_000 {
            var packet = Self.sample
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                packet[Int.random(in: 0..<packet.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if Bool.random(using: &random) { packet = Array(packet.prefix(Int.random(in: 0...packet.count, using: &random))) }
            if interpretError(packet) != nil { errors += 1 }
        }
        // Most damage must be noticed; the rest (a changed TTL, a letter) still parses.
        #expect(errors > 2_500)
    }

    @Test("random bytes give an error, never a crash")
    func fuzzRandomBytes() {
        var random = SplitMix64(state: 42)
        for _ in 0..<2_000 {
            let packet = (0..<Int.random(in: 0...80, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(interpretError(packet) != nil)
        }
    }
}
