import Testing
@testable import DNS

/// Offset of the first byte after the question (header + name + type + class).
let questionEnd = questionOffset + WireName.text(askedName).bytes.count + 4
/// Where `example.com` starts inside the question name, for suffix pointers.
let exampleComOffset = questionOffset + 1 + 3 + 1 + 10

@Suite("TXT answers: joining, order, CNAMEs and rcodes (RFC 6376 §3.6.2.2)")
struct TXTAnswerTests {
    @Test("the character-strings of one record are joined without separator")
    func multiStringJoined() throws {
        let packet = response(answers: [.txt(.pointer(questionOffset), ["v=DKIM1; ", "k=rsa; ", "p=MIGf"])])
        #expect(try interpret(packet) == .records(["v=DKIM1; k=rsa; p=MIGf"]))
    }

    @Test("several records come back in answer order", arguments: [["first", "second"], ["second", "first"]])
    func severalRecordsInOrder(texts: [String]) throws {
        let packet = response(answers: texts.map { .txt(.pointer(questionOffset), [$0]) })
        #expect(try interpret(packet) == .records(texts))
    }

    @Test("a record of empty strings is an empty record, not an error")
    func emptyStrings() throws {
        let packet = response(answers: [.txt(.pointer(questionOffset), ["", ""]), .txt(.pointer(questionOffset), [])])
        #expect(try interpret(packet) == .records(["", ""]))
    }

    @Test("a CNAME is followed to the TXT record of its target, owner compressed to the CNAME data")
    func cnameThenTXT() throws {
        let cname = WireRecord.cname(.pointer(questionOffset), .text("key.example.net"))
        // The target name is the CNAME's RDATA: after its 2-byte owner pointer and 10 fixed bytes.
        let targetOffset = questionEnd + 2 + 10
        let packet = response(answers: [cname, .txt(.pointer(targetOffset), ["p=key"])])
        #expect(try interpret(packet) == .records(["p=key"]))
    }

    @Test("a CNAME target compressed as label + suffix pointer, owner matched without regard to case")
    func compressedTargetCaseInsensitive() throws {
        let cname = WireRecord.cname(.pointer(questionOffset), .labels("key", then: exampleComOffset))
        let packet = response(answers: [cname, .txt(.text("KEY.Example.COM"), ["p=key"])])
        #expect(try interpret(packet) == .records(["p=key"]))
    }

    @Test("TXT records of names outside the CNAME chain are ignored")
    func recordsOfOtherNamesIgnored() throws {
        let cname = WireRecord.cname(.pointer(questionOffset), .text("key.example.net"))
        let packet = response(answers: [
            .txt(.pointer(questionOffset), ["not me: the owner is an alias"]), cname,
            .txt(.text("other.example.net"), ["nor me"]), .txt(.text("key.example.net"), ["me"]),
        ])
        #expect(try interpret(packet) == .records(["me"]))
    }

    @Test("a CNAME without the target's records asks for the target next")
    func cnameOnlyIsAlias() throws {
        let packet = response(answers: [.cname(.pointer(questionOffset), .text("key.example.net"))])
        #expect(try interpret(packet) == .alias(try DNSName(validating: "key.example.net")))
    }

    @Test("a chain of exactly the budget is followed; one more hop is refused")
    func cnameBudget() throws {
        func chain(_ hops: Int) -> [UInt8] {
            var answers = [WireRecord.cname(.pointer(questionOffset), .text("c1.example.net"))]
            for hop in 1..<hops { answers.append(.cname(.text("c\(hop).example.net"), .text("c\(hop + 1).example.net"))) }
            answers.append(.txt(.text("c\(hops).example.net"), ["end"]))
            return response(answers: answers)
        }
        #expect(try interpret(chain(8), budget: 8) == .records(["end"]))
        guard case .malformedResponse(askedName, let reason) = interpretError(chain(9), budget: 8) else {
            Issue.record("nine hops were followed")
            return
        }
        #expect(reason.contains("CNAME"))
    }

    @Test("a CNAME loop inside one answer ends in an error, not a hang")
    func cnameLoop() {
        let packet = response(answers: [
            .cname(.pointer(questionOffset), .text("b.example.net")),
            .cname(.text("b.example.net"), .pointer(questionOffset)),
        ])
        #expect(interpretError(packet).map(\.isTemporary) == false)
        if case .malformedResponse = interpretError(packet) {} else { Issue.record("loop not reported") }
    }

    @Test(
        "rcodes: NXDOMAIN is not-found, everything else but NOERROR a server failure",
        arguments: [
            (UInt8(3), DNSError.nameNotFound(name: askedName)),
            (2, .serverFailure(name: askedName, code: 2)),
            (5, .serverFailure(name: askedName, code: 5)),
            (1, .serverFailure(name: askedName, code: 1)),
            (4, .serverFailure(name: askedName, code: 4)),
        ])
    func rcodes(rcode: UInt8, expected: DNSError) {
        #expect(interpretError(response(rcode: rcode)) == expected)
    }

    @Test("a SERVFAIL is a server failure even when the rest of its packet is damaged")
    func servfailWithDamagedBody() {
        let packet = Array(response(rcode: 2, answerCount: 3).prefix(14))
        #expect(interpretError(packet) == .serverFailure(name: askedName, code: 2))
    }

    @Test("NOERROR without a TXT record for the name is noRecords")
    func noData() {
        #expect(interpretError(response()) == .noRecords(name: askedName))
        #expect(interpretError(response(answers: [.a(.pointer(questionOffset))])) == .noRecords(name: askedName))
        var chaos = WireRecord.txt(.pointer(questionOffset), ["class CH"])
        chaos.class = 3
        #expect(interpretError(response(answers: [chaos])) == .noRecords(name: askedName))
    }

    @Test("a CNAME to a name without TXT is noRecords once the target was asked")
    func cnameToNoData() throws {
        var budget = 8
        let target = try DNSName(validating: "key.example.net")
        let packet = response(question: "key.example.net", answers: [.a(.pointer(questionOffset))])
        #expect(throws: DNSError.noRecords(name: askedName)) {
            try DNSMessage.txtAnswer(from: packet, question: target, cnameBudget: &budget, reportedName: askedName)
        }
    }

    @Test(
        "responses that do not answer the question are malformed",
        arguments: [
            ("truncated (TC)", response(truncated: true, answers: [.txt(.pointer(questionOffset), ["part"])])),
            ("not a response", response(isResponse: false)),
            ("another name", response(question: "other._domainkey.example.com")),
            ("another type", response(questionType: 1)),
            ("no question", Array(response().prefix(12)).withCount(at: 4, 0)),
        ])
    func notAnAnswer(label: String, packet: [UInt8]) {
        let error = interpretError(packet)
        if label == "truncated (TC)" {
            // Still truncated after libresolv's TCP retry: the records may be incomplete, and
            // asking again may help, so it is temporary (DKIM temperror), not malformed.
            guard case .unreadableResponse(askedName, _) = error else {
                Issue.record("\(label): \(String(describing: error))")
                return
            }
            #expect(error?.isTemporary == true)
            return
        }
        guard case .malformedResponse(askedName, _) = error else {
            Issue.record("\(label): accepted as an answer")
            return
        }
    }
}

extension Array where Element == UInt8 {
    /// The packet with the 16-bit count at `offset` (4 QD, 6 AN, 8 NS, 10 AR) set to `value`.
    func withCount(at offset: Int, _ value: UInt16) -> [UInt8] {
        var bytes = self
        bytes[offset] = UInt8(value >> 8)
        bytes[offset + 1] = UInt8(value & 0xFF)
        return bytes
    }
}
