import COpenSSL
@testable import CryptoOpenSSL
import Testing

/// DKIM's digests and RSA verification run below EVP (direct_rsa_sha.c): they must agree with
/// EVP, OpenSSL's own API, on every input, and refuse every signature EVP refuses.
@Suite("SHA and RSA below EVP: the same answers as EVP, the same refusals")
struct DirectVerificationTests {
    /// The EVP one-shot digest, the reference.
    static func evpDigest(_ algorithm: DigestAlgorithm, _ bytes: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = EVP_Digest(bytes, bytes.count, &output, &length, algorithm.evp, nil)
        return Array(output.prefix(Int(length)))
    }

    /// PKCS#1 v1.5 type-1 padding around `payload` exactly as given, signed with the private
    /// key (EVP with no digest set signs the bytes it is handed): how an attacker who holds the
    /// key of a test makes signatures whose padded content is not the DigestInfo RFC 8017 asks for.
    static func rawSignature(_ payload: [UInt8], key: OpaquePointer) throws -> [UInt8] {
        let context = try #require(EVP_PKEY_CTX_new_from_pkey(nil, key, nil))
        defer { EVP_PKEY_CTX_free(context) }
        try #require(EVP_PKEY_sign_init(context) == 1)
        try #require(EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_PADDING) == 1)
        var length = 0
        try #require(EVP_PKEY_sign(context, nil, &length, payload, payload.count) == 1)
        var signature = [UInt8](repeating: 0, count: length)
        try #require(EVP_PKEY_sign(context, &signature, &length, payload, payload.count) == 1)
        return Array(signature.prefix(length))
    }

    @Test("SHA-1 and SHA-256 equal EVP's for every length 0–300 and in any chunk split",
          arguments: DigestAlgorithm.allCases)
    func digestsEqualEVP(_ algorithm: DigestAlgorithm) {
        var generator = SystemRandomNumberGenerator()
        for length in 0...300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let expected = Self.evpDigest(algorithm, bytes)
            #expect(Digest.hash(algorithm, bytes) == expected, "\(algorithm) of \(length) bytes")
            var streamed = Digest(algorithm)
            var start = 0
            let chunk = length % 7 + 1
            while start < length {
                streamed.update(bytes[start..<min(length, start + chunk)])
                start += chunk
            }
            streamed.update([UInt8]())
            #expect(streamed.finalize() == expected, "\(algorithm) of \(length) bytes in \(chunk)-byte pieces")
        }
    }

    @Test("a signature EVP made verifies, for both digests; changed data, digest or key does not")
    func signedByEVP() throws {
        let key = try GeneratedRSAKey(bits: 2048)
        let signer = try key.signer(), verifier = try key.verifier()
        let stranger = try GeneratedRSAKey(bits: 2048).verifier()
        for length in [0, 1, 55, 56, 64, 1000] {
            let data = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
            for digest in DigestAlgorithm.allCases {
                let signature = try signer.sign(data, digest: digest)
                #expect(verifier.verify(signature: signature, data: data, digest: digest))
                #expect(!verifier.verify(signature: signature, data: data + [0], digest: digest))
                #expect(!stranger.verify(signature: signature, data: data, digest: digest))
                let otherDigest: DigestAlgorithm = digest == .sha256 ? .sha1 : .sha256
                #expect(!verifier.verify(signature: signature, data: data, digest: otherDigest))
            }
        }
        #expect(ERR_peek_error() == 0, "a refused signature leaves OpenSSL's error queue empty")
    }

    @Test("the signature's bytes: one flipped bit, one byte more or less, a leading zero, zeros, all ones — refused")
    func tamperedSignatures() throws {
        let key = try GeneratedRSAKey(bits: 1024)
        let verifier = try key.verifier()
        let data = Array("From: a@example.com".utf8)
        let signature = try key.signer().sign(data, digest: .sha256)
        #expect(verifier.verify(signature: signature, data: data, digest: .sha256))
        var forgeries: [[UInt8]] = [
            Array(signature.dropLast()), signature + [0], [0] + signature,       // the same number, one byte longer
            Array(signature.dropFirst()), [], [UInt8](repeating: 0, count: signature.count),
            [UInt8](repeating: 0xFF, count: signature.count),                    // larger than the modulus
        ]
        for bit in [0, 7, 500, signature.count * 8 - 1] {
            var flipped = signature
            flipped[bit / 8] ^= 1 << (bit % 8)
            forgeries.append(flipped)
        }
        Self.expectRefused(forgeries, by: verifier, over: data)
    }

    /// Every signature in `forgeries` fails over `data` with SHA-256, and none leaves an error queued.
    static func expectRefused(_ forgeries: [[UInt8]], by verifier: PublicKey, over data: [UInt8],
                              sourceLocation: SourceLocation = #_sourceLocation) {
        for forgery in forgeries {
            #expect(!verifier.verify(signature: forgery, data: data, digest: .sha256), "\(forgery.count) bytes",
                    sourceLocation: sourceLocation)
        }
        #expect(ERR_peek_error() == 0, sourceLocation: sourceLocation)
    }

    @Test("padded content that is not exactly the DigestInfo — the bare digest, no NULL, SHA-512's OID, a byte more or less — refused")
    func notTheDigestInfo() throws {
        let key = try GeneratedRSAKey(bits: 1024)
        let verifier = try key.verifier()
        let data = Array("To: b@example.com".utf8)
        let digest = Digest.hash(.sha256, data)
        // RFC 8017 §9.2 note 1: DigestInfo for SHA-256 is this prefix followed by the hash.
        let prefix: [UInt8] = [0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01,
                               0x05, 0x00, 0x04, 0x20]
        let honest = try Self.rawSignature(prefix + digest, key: key.pointer)
        #expect(verifier.verify(signature: honest, data: data, digest: .sha256), "the raw-signing helper is right")
        let noNull: [UInt8] = [0x30, 0x2f, 0x30, 0x0b, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01,
                               0x04, 0x20]
        var wrongOID = prefix
        wrongOID[14] = 0x03  // 2.16.840.1.101.3.4.2.3, SHA-512
        var longerLength = prefix
        longerLength[1] = 0x32
        let payloads = [digest, noNull + digest, wrongOID + digest, prefix + digest + [0], longerLength + digest + [0],
                        Array((prefix + digest).dropLast())]
        Self.expectRefused(try payloads.map { try Self.rawSignature($0, key: key.pointer) }, by: verifier, over: data)
    }

    @Test("the C entry point: a digest of the wrong length or an Ed25519 key is no, and leaves no error behind")
    func entryPointRefusals() throws {
        let generated = try GeneratedRSAKey(bits: 1024)
        let key = generated.pointer
        let data = Array("x".utf8)
        let signature = try generated.signer().sign(data, digest: .sha256)
        let digest = Digest.hash(.sha256, data)
        #expect(eventsuggest_rsa_verify_digest(key, 1, digest, digest.count, signature, signature.count) == 1)
        #expect(eventsuggest_rsa_verify_digest(key, 1, digest, 31, signature, signature.count) == 0)
        #expect(eventsuggest_rsa_verify_digest(key, 0, digest, digest.count, signature, signature.count) == 0)
        #expect(eventsuggest_rsa_verify_digest(nil, 1, digest, digest.count, signature, signature.count) == 0)
        let raw = [UInt8](repeating: 0x11, count: 32)
        let ed25519 = try #require(EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, raw, 32))
        defer { EVP_PKEY_free(ed25519) }
        #expect(eventsuggest_rsa_verify_digest(ed25519, 1, digest, digest.count, signature, signature.count) == 0)
        #expect(ERR_peek_error() == 0)
    }

    @Test("a key only OpenSSL's decoders read (rsaEncryption without NULL parameters) verifies the same way")
    func providerKey() throws {
        let key = try GeneratedRSAKey(bits: 1024)
        let spki = try key.subjectPublicKeyInfo()
        // SEQUENCE { SEQUENCE { OID }, BIT STRING }: the AlgorithmIdentifier's NULL left out.
        let bitString = Array(spki.dropFirst(3 + 15))
        let algorithm: [UInt8] = [0x30, 0x0b, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01]
        let content = algorithm + bitString
        let der: [UInt8] = [0x30, 0x81, UInt8(content.count)] + content
        #expect(RSASubjectPublicKeyInfo.rsaPublicKey(in: der) == nil, "not the shortcut's form")
        let verifier = try PublicKey(rsaDER: der)
        let data = Array("Subject: x".utf8)
        let signature = try key.signer().sign(data, digest: .sha256)
        #expect(verifier.verify(signature: signature, data: data, digest: .sha256))
        #expect(!verifier.verify(signature: signature, data: data + [1], digest: .sha256))
    }
}

/// A fresh RSA key pair made by EVP, freed with this object: the signer (`PrivateKey`, from
/// PEM) and the verifier (`PublicKey`, from the SubjectPublicKeyInfo) the tests pair up.
final class GeneratedRSAKey {
    let pointer: OpaquePointer
    let pem: [UInt8]

    init(bits: Int32) throws {
        let context = try #require(EVP_PKEY_CTX_new_from_name(nil, "RSA", nil))
        defer { EVP_PKEY_CTX_free(context) }
        try #require(EVP_PKEY_keygen_init(context) == 1)
        try #require(EVP_PKEY_CTX_set_rsa_keygen_bits(context, bits) == 1)
        var key: OpaquePointer?
        try #require(EVP_PKEY_generate(context, &key) == 1)
        let generated = try #require(key)
        let bio = try #require(BIO_new(BIO_s_mem()))
        defer { BIO_free(bio) }
        guard PEM_write_bio_PrivateKey(bio, generated, nil, nil, 0, nil, nil) == 1 else {
            EVP_PKEY_free(generated)
            throw CryptoError.fromQueue("writing the generated key as PEM")
        }
        var pem: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = BIO_read(bio, &chunk, Int32(chunk.count)), count > 0 { pem += chunk.prefix(Int(count)) }
        pointer = generated
        self.pem = pem
    }

    deinit { EVP_PKEY_free(pointer) }

    func signer() throws -> PrivateKey { try PrivateKey(pem: pem) }

    func subjectPublicKeyInfo() throws -> [UInt8] {
        var buffer: UnsafeMutablePointer<UInt8>?
        let length = i2d_PUBKEY(pointer, &buffer)
        defer { CRYPTO_free(buffer, #fileID, #line) }
        return try #require(buffer.map { Array(UnsafeBufferPointer(start: $0, count: Int(length))) })
    }

    func verifier() throws -> PublicKey { try PublicKey(rsaDER: subjectPublicKeyInfo()) }
}
