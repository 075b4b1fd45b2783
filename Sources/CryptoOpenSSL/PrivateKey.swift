internal import COpenSSL

/// A private key for signing, read from PEM: RSA (PKCS#1 or PKCS#8) or Ed25519 (PKCS#8).
public struct PrivateKey: Sendable {
    let key: EVPKey
    public let kind: PublicKey.Kind
    public let bits: Int

    public init(pem: [UInt8]) throws(CryptoError) {
        OpenSSLLibrary.ensureInitialized()
        let parsed: OpaquePointer? = pem.withUnsafeBufferPointer { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
        guard let parsed else { throw CryptoError.fromQueue("not a PEM private key") }
        switch EVP_PKEY_get_base_id(parsed) {
        case EVP_PKEY_RSA: kind = .rsa
        case EVP_PKEY_ED25519: kind = .ed25519
        default:
            EVP_PKEY_free(parsed)
            throw CryptoError(operation: "unsupported private key type (use RSA or Ed25519)", reason: "")
        }
        key = EVPKey(parsed)
        bits = Int(EVP_PKEY_get_bits(parsed))
    }

    /// Signs `data`: RSA PKCS#1 v1.5 with `digest`; Ed25519 over `data` as given.
    public func sign(_ data: [UInt8], digest: DigestAlgorithm) throws(CryptoError) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw CryptoError.fromQueue("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        let md: OpaquePointer? = kind == .rsa ? digest.evp : nil
        guard EVP_DigestSignInit(context, nil, md, nil, key.pointer) == 1 else {
            throw CryptoError.fromQueue("signing")
        }
        var length = 0
        let sized = data.withUnsafeBufferPointer { EVP_DigestSign(context, nil, &length, $0.baseAddress, $0.count) }
        guard sized == 1 else { throw CryptoError.fromQueue("signing") }
        var signature = [UInt8](repeating: 0, count: length)
        let signed = signature.withUnsafeMutableBufferPointer { output in
            data.withUnsafeBufferPointer { EVP_DigestSign(context, output.baseAddress, &length, $0.baseAddress, $0.count) }
        }
        guard signed == 1 else { throw CryptoError.fromQueue("signing") }
        return Array(signature.prefix(length))
    }

    /// The public half, as DKIM publishes it in `p=`: SPKI DER for RSA, the raw 32 bytes for Ed25519.
    public func publicKeyForDNS() throws(CryptoError) -> [UInt8] {
        switch kind {
        case .rsa:
            var buffer: UnsafeMutablePointer<UInt8>?
            let length = i2d_PUBKEY(key.pointer, &buffer)
            guard length > 0, let buffer else { throw CryptoError.fromQueue("encoding the public key") }
            defer { CRYPTO_free(buffer, #fileID, #line) }
            return Array(UnsafeBufferPointer(start: buffer, count: Int(length)))
        case .ed25519:
            var raw = [UInt8](repeating: 0, count: 32)
            var length = 32
            guard EVP_PKEY_get_raw_public_key(key.pointer, &raw, &length) == 1 else {
                throw CryptoError.fromQueue("encoding the public key")
            }
            return Array(raw.prefix(length))
        }
    }
}
