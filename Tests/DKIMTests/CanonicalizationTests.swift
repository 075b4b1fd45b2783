import TestSupport
import Testing
@testable import DKIM

@Suite("canonicalization (RFC 6376 §3.4)")
struct CanonicalizationTests {
    // RFC 6376 §3.4.5, the header example.
    @Test("relaxed header: lowercase name, unfolded, WSP runs to one space, WSP around the colon and at the end removed")
    func relaxedHeaderExample() {
        #expect(HeaderCanonicalization.canonicalize(Array("A: X\r\n".utf8), .relaxed) == Array("a:X\r\n".utf8))
        #expect(HeaderCanonicalization.canonicalize(Array("B : Y\t\r\n\tZ  \r\n".utf8), .relaxed) == Array("b:Y Z\r\n".utf8))
        #expect(HeaderCanonicalization.canonicalize(Array("Subject: a: b  c\r\n".utf8), .relaxed) == Array("subject:a: b c\r\n".utf8))
        #expect(HeaderCanonicalization.canonicalize(Array("X-Empty:   \r\n".utf8), .relaxed) == Array("x-empty:\r\n".utf8))
    }

    @Test("simple header: unchanged, LF-only storage read as CRLF, never CR CR LF")
    func simpleHeader() {
        #expect(HeaderCanonicalization.canonicalize(Array("B : Y\t\r\n\tZ  \r\n".utf8), .simple) == Array("B : Y\t\r\n\tZ  \r\n".utf8))
        #expect(HeaderCanonicalization.canonicalize(Array("B : Y\t\n\tZ  \n".utf8), .simple) == Array("B : Y\t\r\n\tZ  \r\n".utf8))
        #expect(HeaderCanonicalization.canonicalize(Array("A: x\r\n".utf8), .simple, withLineEnding: false) == Array("A: x".utf8))
    }

    // RFC 6376 §3.4.5, the body example; then the edge cases of §3.4.3/§3.4.4 and errata 1384.
    @Test(arguments: [
        (" C \r\nD \t E\r\n\r\n\r\n", " C \r\nD \t E\r\n", " C\r\nD E\r\n"),
        ("", "\r\n", ""),
        ("\r\n\r\n", "\r\n", ""),
        ("abc", "abc\r\n", "abc\r\n"),
        ("abc  \r\n \t \r\n", "abc  \r\n \t \r\n", "abc\r\n"),
        ("a\n\nb\n\n", "a\r\n\r\nb\r\n", "a\r\n\r\nb\r\n"),          // LF-only storage
        ("a\r\r\nb\r\n", "a\r\r\nb\r\n", "a\r\r\nb\r\n"),             // a CR that really is there stays
        ("  lead\r\n", "  lead\r\n", " lead\r\n"),
    ])
    func body(input: String, simple: String, relaxed: String) {
        #expect(BodyCanonicalizer.canonicalize(Array(input.utf8), mode: .simple) == Array(simple.utf8))
        #expect(BodyCanonicalizer.canonicalize(Array(input.utf8), mode: .relaxed) == Array(relaxed.utf8))
    }

    @Test("any chunk split gives the one-shot result", arguments: [1, 2, 3, 5, 13, 64])
    func chunkSplits(chunk: Int) {
        let body = Array("Hi.  \r\n\r\n \tWe lost  the game.\t\r\n\r\nJoe.\n\n \r\n\r\nlast line without end  ".utf8)
        for mode in [Canonicalization.simple, .relaxed] {
            var canonicalizer = BodyCanonicalizer(mode: mode)
            var output: [UInt8] = []
            var start = 0
            while start < body.count {
                canonicalizer.update(body[start..<min(body.count, start + chunk)])
                output += canonicalizer.drain()
                start += chunk
            }
            canonicalizer.finish()
            output += canonicalizer.drain()
            #expect(output == BodyCanonicalizer.canonicalize(body, mode: mode))
        }
    }

    /// RFC 6376 §3.4.4 written the plain way, line by line, to check the fast path
    /// (lines without a tab or double space are copied whole) against.
    static func relaxedReference(_ body: [UInt8]) -> [UInt8] {
        var lines = body.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        // The last piece has no LF after it unless it is empty: there a final CR is content
        // (RFC 6376 §3.4.4 works on CRLF-ended lines; dkimpy and go-msgauth keep that CR).
        let lastIsUnterminated = lines.last != []
        if !lastIsUnterminated { lines.removeLast() }
        var canonical: [[UInt8]] = lines.enumerated().map { index, line in
            var line = line
            let unterminated = lastIsUnterminated && index == lines.count - 1
            if line.last == 0x0D && !unterminated { line.removeLast() }
            var folded: [UInt8] = []
            for byte in line {
                let isSpace = byte == 0x20 || byte == 0x09
                if isSpace && folded.last == 0x20 { continue }
                folded.append(isSpace ? 0x20 : byte)
            }
            while folded.last == 0x20 { folded.removeLast() }
            return folded
        }
        while canonical.last == [] { canonical.removeLast() }
        return canonical.flatMap { $0 + [0x0D, 0x0A] }
    }

    @Test("relaxed body: 2,000 generated bodies of spaces, tabs, CRs and text equal the plain reference")
    func relaxedAgainstReference() {
        var generator = SplitMix64(seed: 6376)
        let alphabet: [UInt8] = [0x20, 0x20, 0x20, 0x09, 0x0D, 0x0A, 0x0A, 0x61, 0x62, 0x3D, 0xC3, 0xA9]
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 300)
            let body = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            // Only whole CRLF/LF line ends: a lone CR is content, which the reference keeps too.
            #expect(BodyCanonicalizer.canonicalize(body, mode: .relaxed) == Self.relaxedReference(body),
                    "\(body)")
        }
    }

    /// Mostly text with a sprinkling of whitespace: long unchanged lines, so the sixteen-byte
    /// scan meets its stops in every lane and at every distance from a line's start.
    @Test("relaxed body: 2,000 text-like bodies equal the plain reference, whole and fed in random chunks")
    func relaxedTextAgainstReference() {
        var generator = SplitMix64(seed: 8463)
        let letters: [UInt8] = Array("abcdefghijklmnopqrstuvwxyz<>=/0123456789".utf8)
        let rare: [UInt8] = [0x20, 0x20, 0x20, 0x20, 0x09, 0x0D, 0x0A, 0x0A, 0x0A]
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 2_000)
            let body = (0..<length).map { _ in
                generator.next() % 8 == 0 ? rare[Int(generator.next() % UInt64(rare.count))]
                    : letters[Int(generator.next() % UInt64(letters.count))]
            }
            let expected = Self.relaxedReference(body)
            #expect(BodyCanonicalizer.canonicalize(body, mode: .relaxed) == expected, "\(body)")
            var streamed = BodyCanonicalizer(mode: .relaxed)
            var start = 0
            while start < body.count {
                let end = min(body.count, start + 1 + Int(generator.next() % 100))
                streamed.update(body[start..<end])
                start = end
            }
            streamed.finish()
            #expect(streamed.output == expected, "\(body)")
        }
    }

    @Test("the scan for line ends and foldable whitespace stops where a byte-by-byte reading does, from every start")
    func lineEndScan() {
        var generator = SplitMix64(seed: 1384)
        let alphabet: [UInt8] = [0x61, 0x61, 0x61, 0x61, 0x62, 0x20, 0x20, 0x09, 0x0D, 0x0A]
        for _ in 0..<300 {
            let bytes = (0..<Int(generator.next() % 80)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            func isStop(_ index: Int) -> Bool {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x09 { return true }
                guard byte == 0x20, index + 1 < bytes.count else { return false }
                return [0x20, 0x09, 0x0D, 0x0A].contains(bytes[index + 1])
            }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...bytes.count {
                    let expected = (start..<bytes.count).first(where: isStop) ?? bytes.count
                    let found = buffer.baseAddress.map {
                        BodyCanonicalizer.firstLineEndOrFoldableWhitespace($0, from: start, count: bytes.count)
                    } ?? bytes.count
                    #expect(found == expected, "\(bytes) from \(start)")
                }
            }
        }
    }

    @Test("l= hashes only the first l canonical bytes and still counts the rest")
    func bodyLength() {
        let body = Array("first line\r\nsecond line\r\n".utf8)
        let limited = BodyHasher.hash(body, mode: .simple, digest: .sha256, limit: 12)
        let prefix = BodyHasher.hash(Array("first line\r\n".utf8), mode: .simple, digest: .sha256, limit: nil)
        #expect(limited.hash == prefix.hash)
        #expect(limited.canonicalLength == 25)
    }
}
