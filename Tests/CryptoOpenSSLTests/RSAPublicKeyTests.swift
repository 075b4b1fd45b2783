@testable import CryptoOpenSSL
import Testing

@Suite("RSA public keys from DER: the SubjectPublicKeyInfo shortcut and OpenSSL's own parsers")
struct RSAPublicKeyTests {
    // A 1024-bit test key (openssl genrsa), its SubjectPublicKeyInfo (`openssl rsa -pubout
    // -outform DER`), and its rsa-sha256 signature of "the quick brown fox" (`openssl dgst -sha256 -sign`).
    static let spki = bytes("30819f300d06092a864886f70d010101050003818d0030818902818100b8ec974248ace6b44945da2de9c6fe353d3f0a"
                            + "0ce452036cda9064285f91418700001577cec4b7ac5098a404fc4f7af606de32ab838f6a600309905896ddc4724aff13"
                            + "46653b2f332120c393a58b725a86c94835e9de2610453bb2ba79fa6cf436d5869b631a020f730ecd153d0110a08d5d96"
                            + "41d01c53e19d86b7b43c0589f70203010001")
    static let signature = bytes("57c98cfea1e924c0fa1af8ea218ae4e7ee7f48881a2495fb8d1b14ebcd3d88b134ed71297ef58961bd966dd68a6c4d75"
                                 + "5e07938d5c6d1fb99197919fa76d82d7994d7e1c547a95745fa47b0c346a99be32b7d5ff9c039c49159faf69dcf6e6ca"
                                 + "74e0d969d21b77d0a3c63d102d7f4eeafbd2363e43a5217153d79187c6c995d4")
    static let message = Array("the quick brown fox".utf8)

    static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    @Test("the shortcut finds the PKCS#1 key inside an rsaEncryption SubjectPublicKeyInfo")
    func innerKey() throws {
        let inner = try #require(RSASubjectPublicKeyInfo.rsaPublicKey(in: Self.spki))
        // SEQUENCE (3 header bytes), AlgorithmIdentifier (15), BIT STRING header (3), unused-bits byte (1).
        #expect(Array(inner) == Array(Self.spki.dropFirst(22)))
        #expect(inner.first == 0x30)
    }

    @Test("a key parsed by the shortcut, as SPKI by OpenSSL and as PKCS#1 verifies the same signature")
    func sameKeyEveryWay() throws {
        let pkcs1 = Array(Self.spki.dropFirst(22))
        for der in [Self.spki, pkcs1, Self.spki + [0x00, 0x00]] {
            let key = try PublicKey(rsaDER: der)
            #expect(key.kind == .rsa && key.bits == 1024)
            #expect(key.verify(signature: Self.signature, data: Self.message, digest: .sha256))
            #expect(!key.verify(signature: Self.signature, data: Self.message + [0x21], digest: .sha256))
        }
    }

    @Test("anything but a plain rsaEncryption SubjectPublicKeyInfo is left to OpenSSL")
    func notTheShortcut() {
        var otherAlgorithm = Self.spki
        otherAlgorithm[16] = 0x0a  // 1.2.840.113549.1.1.10, RSASSA-PSS
        var unusedBits = Self.spki
        unusedBits[21] = 0x01
        var indefinite = Self.spki
        indefinite[1] = 0x80
        var extraElement = Self.spki
        extraElement[2] = 0xa0  // the SEQUENCE holds one byte after the BIT STRING
        let cases: [[UInt8]] = [[], [0x30], Array(Self.spki.prefix(40)), otherAlgorithm, unusedBits, indefinite,
                                extraElement + [0x00], Array(Self.spki.dropFirst(22))]
        for der in cases { #expect(RSASubjectPublicKeyInfo.rsaPublicKey(in: der) == nil) }
        #expect(throws: CryptoError.self) { try PublicKey(rsaDER: Array(Self.spki.prefix(40))) }
    }
}
