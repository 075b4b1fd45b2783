import CryptoOpenSSL

/// Canonicalizes and hashes a body in one streaming pass, honouring `l=`.
struct BodyHasher: ~Copyable {
    private var canonicalizer: BodyCanonicalizer
    private var digest: Digest
    private let limit: Int?
    private(set) var canonicalLength = 0
    private var hashedLength = 0

    init(mode: Canonicalization, digest algorithm: DigestAlgorithm, limit: Int?) {
        canonicalizer = BodyCanonicalizer(mode: mode)
        digest = Digest(algorithm)
        self.limit = limit
    }

    mutating func update<Bytes: Collection<UInt8>>(_ chunk: Bytes) {
        canonicalizer.update(chunk)
        absorb()
    }

    consuming func finalize() -> (hash: [UInt8], canonicalLength: Int) {
        canonicalizer.finish()
        absorb()
        let length = canonicalLength
        return (digest.finalize(), length)
    }

    private mutating func absorb() {
        let produced = canonicalizer.output.count
        canonicalLength += produced
        let take = min(limit.map { max(0, $0 - hashedLength) } ?? produced, produced)
        if take > 0 {
            digest.update(canonicalizer.output[0..<take])
            hashedLength += take
        }
        canonicalizer.discardOutput()
    }

    /// The body hash of `body` in one call.
    static func hash<Bytes: Collection<UInt8>>(
        _ body: Bytes, mode: Canonicalization, digest: DigestAlgorithm, limit: Int?
    ) -> (hash: [UInt8], canonicalLength: Int) {
        var hasher = BodyHasher(mode: mode, digest: digest, limit: limit)
        // Chunks bound the canonicalizer's output buffer on large bodies.
        var start = body.startIndex
        while start != body.endIndex {
            let end = body.index(start, offsetBy: 1 << 16, limitedBy: body.endIndex) ?? body.endIndex
            hasher.update(body[start..<end])
            start = end
        }
        return hasher.finalize()
    }
}
