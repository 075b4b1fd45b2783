import TestSupport
import Foundation
import Testing
@testable import DKIM
import MailMessage

/// No signature field, key record or message makes the verifier crash or hang.
@Suite("verifier robustness")
struct VerifierRobustnessTests {
    static let alphabet = Array("=;: \t\r\nabvhdsil0129+/-_@.".utf8) + [0x00, 0xFF, 0xC3]

    func mutate(_ bytes: [UInt8], in range: Range<Int>, using generator: inout SplitMix64) -> [UInt8] {
        var copy = bytes
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
            // The range shrinks with every removal; stay inside what is left.
            let index = min(Int.random(in: range, using: &generator), copy.count - 1)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: copy[index] = Self.alphabet.randomElement(using: &generator)!
            case 1: copy.remove(at: index)
            default: copy.insert(Self.alphabet.randomElement(using: &generator)!, at: index)
            }
        }
        return copy
    }

    @Test("2,000 mutated DKIM-Signature fields: one result per field, no crash, bounded time")
    func mutatedSignatures() throws {
        let message = try signed(sampleMessage())
        let records = [selectorName: try keyRecord("rsa2048")]
        let headerEnd = try #require(String(decoding: message, as: UTF8.self).range(of: "From: ")?.lowerBound.utf16Offset(
            in: String(decoding: message, as: UTF8.self)))
        var generator = SplitMix64(state: 42)
        let verifier = verifier(records)
        let start = ContinuousClock.now
        for _ in 0..<2_000 {
            let mutated = mutate(message, in: 16..<(headerEnd - 2), using: &generator)
            let parsed = MailMessage(bytes: mutated)
            let results = verifier.verify(parsed)
            #expect(results.count == parsed.header.fields(named: "DKIM-Signature").count)
        }
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test("2,000 mutated key records: a result with a reason, never a crash")
    func mutatedKeyRecords() throws {
        let message = MailMessage(bytes: try signed(sampleMessage()))
        let record = Array(try keyRecord("rsa2048", extra: "h=sha256; t=y; ").utf8)
        var generator = SplitMix64(state: 7)
        for _ in 0..<2_000 {
            let mutated = String(decoding: mutate(record, in: 0..<record.count, using: &generator), as: UTF8.self)
            let result = try #require(DKIMVerifier(
                resolver: StaticKeyResolver(records: [selectorName: [mutated]]), now: 1_593_190_900).verify(message).first)
            if result.outcome != .pass { #expect(result.reason != nil) }
        }
    }

    @Test("random bytes as a message, and a header of 200 signatures, are handled within the limits")
    func hostileMessages() throws {
        var generator = SplitMix64(state: 99)
        let verifier = verifier([selectorName: try keyRecord("rsa2048")])
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<4_000, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = verifier.verify(MailMessage(bytes: bytes))
        }
        let field = "DKIM-Signature: v=1; a=rsa-sha256; d=epicsteak.example; s=sel; h=from; bh=2jUSOH9NhtVGCQWNr9BrIAPreKQjO6Sn7XIkfJVOzv8=; b=dGVzdA==\r\n"
        let many = MailMessage(bytes: Array((String(repeating: field, count: 200) + "From: a@epicsteak.example\r\n\r\nx").utf8))
        let results = verifier.verify(many)
        #expect(results.count == 200)
        #expect(results.filter { $0.outcome == .neutral }.count == 195)
    }
}
