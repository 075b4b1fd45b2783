internal import COpenSSL

/// SHA-256 over OpenSSL's EVP digest interface, usable in one shot or streaming.
///
/// The context is owned by a class with a `deinit`; the struct around it is
/// what callers hold. A hasher is used by one task at a time.
public struct SHA256: ~Copyable {
    private let context: OpaquePointer

    public init() {
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            // Only an out-of-memory condition makes these fail.
            fatalError("OpenSSL could not allocate a SHA-256 context")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    public mutating func update<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        let hashedInPlace: Bool? = bytes.withContiguousStorageIfAvailable { buffer in
            _ = EVP_DigestUpdate(context, buffer.baseAddress, buffer.count)
            return true
        }
        if hashedInPlace == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { _ = EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        }
    }

    public consuming func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = digest.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(context, $0.baseAddress, &length) }
        return Array(digest.prefix(Int(length)))
    }

    /// The digest of `bytes` in one call.
    public static func hash<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }
}

extension Collection<UInt8> {
    /// Lowercase hexadecimal, two digits per byte.
    public var hexString: String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(count * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
