import CryptoOpenSSL
import Testing

@Suite("SHA-256 and SHA-1")
struct SHA256Tests {
    // FIPS 180-4 / NIST example vectors.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func vectors(input: String, expected: String) {
        #expect(SHA256.hash(Array(input.utf8)).hexString == expected)
    }

    @Test("streaming in any chunk split equals the one-shot digest", arguments: [1, 3, 64, 1000])
    func streaming(chunk: Int) {
        let data = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var hasher = Digest(.sha256)
        var start = 0
        while start < data.count {
            hasher.update(data[start..<min(data.count, start + chunk)])
            start += chunk
        }
        #expect(hasher.finalize() == SHA256.hash(data))
    }

    @Test("SHA-1 (FIPS 180-4 example), still needed to verify rsa-sha1 signatures")
    func sha1() {
        #expect(Digest.hash(.sha1, Array("abc".utf8)).hexString == "a9993e364706816aba3e25717850c26c9cd0d89d")
    }

    @Test("a non-contiguous collection hashes like its array")
    func nonContiguous() {
        let bytes = "hello".utf8
        #expect(SHA256.hash(bytes) == SHA256.hash(Array(bytes)))
    }

    @Test("hexString: two lowercase digits for every byte value, in order; empty for no bytes")
    func hexDigits() {
        let every = (0...255).map { UInt8($0) }
        let expected = every.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(every.hexString == expected)
        #expect([UInt8]().hexString == "")
    }
}
