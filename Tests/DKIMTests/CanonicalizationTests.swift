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

    @Test("l= hashes only the first l canonical bytes and still counts the rest")
    func bodyLength() {
        let body = Array("first line\r\nsecond line\r\n".utf8)
        let limited = BodyHasher.hash(body, mode: .simple, digest: .sha256, limit: 12)
        let prefix = BodyHasher.hash(Array("first line\r\n".utf8), mode: .simple, digest: .sha256, limit: nil)
        #expect(limited.hash == prefix.hash)
        #expect(limited.canonicalLength == 25)
    }
}
