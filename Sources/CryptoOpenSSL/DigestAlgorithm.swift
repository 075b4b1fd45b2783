internal import COpenSSL

/// The digests DKIM uses.
public enum DigestAlgorithm: String, Sendable, Hashable, CaseIterable {
    case sha1, sha256

    /// Digest size in bytes.
    public var length: Int { self == .sha1 ? 20 : 32 }

    /// The algorithm as OpenSSL 3's EVP implements it, for signing, fetched once: `EVP_sha256()`
    /// makes every digest set-up fetch it again, which costs as much as hashing a short header.
    var evp: OpaquePointer {
        switch self {
        case .sha1: FetchedDigests.shared.sha1
        case .sha256: FetchedDigests.shared.sha256
        }
    }
}

/// The digests fetched from the default provider, once per process, for signing (EVP).
private final class FetchedDigests: @unchecked Sendable {
    // Written once in init, then only read; an EVP_MD is immutable and shared between threads.
    let sha1: OpaquePointer
    let sha256: OpaquePointer

    static let shared = FetchedDigests()

    private init() {
        OpenSSLLibrary.ensureInitialized()
        // The legacy accessors stay the fallback should fetching fail (no default provider).
        sha1 = EVP_MD_fetch(nil, "SHA1", nil) ?? EVP_sha1()
        sha256 = EVP_MD_fetch(nil, "SHA256", nil) ?? EVP_sha256()
    }
}

/// A streaming message digest: OpenSSL's SHA-1 and SHA-256 block functions, not EVP, so that
/// hashing a message never activates OpenSSL 3's default provider (direct_rsa_sha.c says why).
public struct Digest: ~Copyable {
    private let context: OpaquePointer
    public let algorithm: DigestAlgorithm

    public init(_ algorithm: DigestAlgorithm) {
        guard let context = eventsuggest_sha_new(algorithm == .sha256 ? 1 : 0) else {
            // Only an out-of-memory condition makes this fail.
            fatalError("OpenSSL could not allocate a \(algorithm) context")
        }
        self.context = context
        self.algorithm = algorithm
    }

    deinit { eventsuggest_sha_free(context) }

    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        guard buffer.count > 0 else { return }
        eventsuggest_sha_update(context, buffer.baseAddress, buffer.count)
    }

    public mutating func update<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        let hashedInPlace: Bool? = bytes.withContiguousStorageIfAvailable { buffer in
            update(UnsafeRawBufferPointer(buffer))
            return true
        }
        if hashedInPlace == nil {
            Array(bytes).withUnsafeBytes { update($0) }
        }
    }

    public consuming func finalize() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 32) { buffer, count in
            count = eventsuggest_sha_final(context, buffer.baseAddress)
        }
    }

    public static func hash<Bytes: Collection<UInt8>>(_ algorithm: DigestAlgorithm, _ bytes: Bytes) -> [UInt8] {
        var digest = Digest(algorithm)
        digest.update(bytes)
        return digest.finalize()
    }
}
