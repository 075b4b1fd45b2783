/// The RSAPublicKey (RFC 8017 A.1.1) inside a DER SubjectPublicKeyInfo (RFC 5280 4.1.2.7)
/// whose algorithm is rsaEncryption with NULL parameters, the form DKIM's p= tag carries;
/// nil for anything else. It lets `PublicKey` hand OpenSSL only the inner key
/// (`d2i_PublicKey`, the RSA decoder alone): `d2i_PUBKEY` on the whole SubjectPublicKeyInfo
/// goes through OpenSSL 3's decoder framework, which on first use builds the table of every
/// decoder and key manager of the default provider, about 6 million instructions or a fifth
/// of a `filter` process. Whatever is not found here still goes to `d2i_PUBKEY`.
enum RSASubjectPublicKeyInfo {
    /// AlgorithmIdentifier { rsaEncryption (1.2.840.113549.1.1.1), NULL }, DER.
    static let rsaEncryption: [UInt8] = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00]

    /// SEQUENCE { rsaEncryption, BIT STRING (no unused bits) { RSAPublicKey } }: the
    /// RSAPublicKey's bytes. Bytes after the outer SEQUENCE are ignored, as `d2i_PUBKEY` does.
    static func rsaPublicKey(in der: [UInt8]) -> ArraySlice<UInt8>? {
        guard let outer = element(tag: 0x30, at: der[...]), outer.content.starts(with: rsaEncryption),
              let bits = element(tag: 0x03, at: outer.content.dropFirst(rsaEncryption.count)),
              bits.rest.isEmpty, bits.content.first == 0 else { return nil }
        return bits.content.dropFirst()
    }

    /// The TLV at the start of `bytes` when its tag is `tag` and its length definite and
    /// within `bytes`: its content, and the bytes after it.
    static func element(tag: UInt8, at bytes: ArraySlice<UInt8>) -> (content: ArraySlice<UInt8>, rest: ArraySlice<UInt8>)? {
        var index = bytes.startIndex
        guard bytes.count >= 2, bytes[index] == tag else { return nil }
        index += 1
        var length = Int(bytes[index])
        index += 1
        if length >= 0x80 {
            let count = length - 0x80  // 0: the indefinite form, not DER
            guard (1...3).contains(count), bytes.endIndex - index >= count else { return nil }
            length = bytes[index..<index + count].reduce(0) { $0 << 8 | Int($1) }
            index += count
        }
        guard bytes.endIndex - index >= length else { return nil }
        return (bytes[index..<index + length], bytes[(index + length)...])
    }
}
