internal import COpenSSL

/// Owns an `EVP_PKEY` and frees it.
final class EVPKey: @unchecked Sendable {
    // An EVP_PKEY is reference-counted and read-only once built; OpenSSL 3 allows
    // concurrent verify operations on one key from several threads.
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { EVP_PKEY_free(pointer) }
}

/// A public key for signature verification: RSA or Ed25519.
public struct PublicKey: Sendable {
    public enum Kind: String, Sendable { case rsa, ed25519 }

    let key: EVPKey
    public let kind: Kind
    /// Modulus size for RSA; 256 for Ed25519.
    public let bits: Int

    /// An RSA key from DER: SubjectPublicKeyInfo, or a bare PKCS#1 RSAPublicKey.
    public init(rsaDER der: [UInt8]) throws(CryptoError) {
        OpenSSLLibrary.ensureInitialized()
        guard let parsed = Self.parsedRSAKey(der) else {
            throw CryptoError.fromQueue("not an RSA public key (neither SPKI nor PKCS#1 DER)")
        }
        guard EVP_PKEY_get_base_id(parsed) == EVP_PKEY_RSA else {
            EVP_PKEY_free(parsed)
            throw CryptoError(operation: "the key in p= is not an RSA key", reason: "")
        }
        key = EVPKey(parsed)
        kind = .rsa
        bits = Int(EVP_PKEY_get_bits(parsed))
    }

    /// The EVP_PKEY of an RSA DER key, nil when OpenSSL parses it in none of the ways:
    /// the inner key of a plain rsaEncryption SubjectPublicKeyInfo (the quick way, see
    /// `RSASubjectPublicKeyInfo`), then any SubjectPublicKeyInfo, then PKCS#1.
    private static func parsedRSAKey(_ der: [UInt8]) -> OpaquePointer? {
        if let inner = RSASubjectPublicKeyInfo.rsaPublicKey(in: der) {
            let parsed = inner.withUnsafeBufferPointer { buffer in
                var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
                return d2i_PublicKey(EVP_PKEY_RSA, nil, &cursor, buffer.count)
            }
            if let parsed { return parsed }
            ERR_clear_error()
        }
        return der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            if let parsed = d2i_PUBKEY(nil, &cursor, buffer.count) { return parsed }
            ERR_clear_error()
            cursor = buffer.baseAddress
            return d2i_PublicKey(EVP_PKEY_RSA, nil, &cursor, buffer.count)
        }
    }

    /// An Ed25519 key from its raw 32 bytes (RFC 8463 §4).
    public init(ed25519Raw raw: [UInt8]) throws(CryptoError) {
        OpenSSLLibrary.ensureInitialized()
        guard raw.count == 32 else {
            throw CryptoError(operation: "an Ed25519 key is 32 bytes, this one is \(raw.count)", reason: "")
        }
        let parsed = raw.withUnsafeBufferPointer { EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, $0.baseAddress, 32) }
        guard let parsed else { throw CryptoError.fromQueue("Ed25519 public key") }
        key = EVPKey(parsed)
        kind = .ed25519
        bits = 256
    }

    /// Verifies `signature` over `data`: RSA PKCS#1 v1.5 with `digest`; Ed25519 over `data` as given
    /// (DKIM passes the SHA-256 of the header data, RFC 8463 §3). False when it does not verify.
    /// RSA goes below EVP (`eventsuggest_rsa_verify_digest`, OpenSSL's RSA_verify: the same
    /// check as EVP's, without the provider set-up that cost a `filter` process a fifth of its
    /// instructions); Ed25519, rare in DKIM, through EVP.
    public func verify(signature: [UInt8], data: [UInt8], digest: DigestAlgorithm) -> Bool {
        switch kind {
        case .rsa:
            let digestValue = Digest.hash(digest, data)
            let sha256: Int32 = digest == .sha256 ? 1 : 0
            return Self.outcome(signature, digestValue) {
                eventsuggest_rsa_verify_digest(key.pointer, sha256, $2, $3, $0, $1)
            }
        case .ed25519:
            guard let context = EVP_MD_CTX_new() else { return false }
            defer { EVP_MD_CTX_free(context) }
            guard EVP_DigestVerifyInit(context, nil, nil, nil, key.pointer) == 1 else {
                CryptoError.clearQueue()
                return false
            }
            return Self.outcome(signature, data) { EVP_DigestVerify(context, $0, $1, $2, $3) }
        }
    }

    /// Runs an OpenSSL verify call over the signature's and the data's bytes: true for 1;
    /// anything else is "does not verify", and the error queue it left is cleared.
    static func outcome(
        _ signature: [UInt8], _ data: [UInt8],
        _ verify: (UnsafePointer<UInt8>?, Int, UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Bool {
        let result = signature.withUnsafeBufferPointer { signatureBuffer in
            data.withUnsafeBufferPointer { dataBuffer in
                verify(signatureBuffer.baseAddress, signatureBuffer.count, dataBuffer.baseAddress, dataBuffer.count)
            }
        }
        if result != 1 { CryptoError.clearQueue() }
        return result == 1
    }
}
