import CryptoOpenSSL
import MailMessage

/// A parsed DKIM-Signature field (RFC 6376 §3.5).
public struct DKIMSignature: Sendable {
    public var algorithm: DKIMAlgorithm
    public var signature: [UInt8]
    public var bodyHash: [UInt8]
    public var headerCanonicalization: Canonicalization
    public var bodyCanonicalization: Canonicalization
    /// `d=`, lowercase.
    public var domain: String
    /// `h=`, as written (compared case-insensitively).
    public var signedHeaders: [String]
    /// `i=` decoded from dkim-quoted-printable (RFC 6376 §2.11), or `@d` when absent.
    public var identity: String
    /// `l=`: how many bytes of the canonical body are signed; nil for all.
    public var bodyLength: Int?
    public var selector: String
    public var timestamp: Int64?
    public var expiration: Int64?
    /// The `b=` value as written (folding removed), for `header.b` in Authentication-Results.
    public var signatureText: String
    /// Where the `b=` value stands inside the field's raw bytes, to blank it when hashing.
    let signatureValueRegion: Range<Int>

    /// Why a signature field cannot be evaluated: always a `permerror` (or `neutral` for an
    /// unknown version or algorithm), with what is wrong and which tag.
    public struct ParseFailure: Error, Sendable {
        public var outcome: DKIMOutcome
        public var reason: String
        /// What could be read despite the failure, for the report.
        public var domain: String?
        public var selector: String?
        public var algorithm: String?
    }

    /// Parses the field's raw value.
    public init(field: HeaderField) throws(ParseFailure) {
        try self.init(field: field, allowingEmptySignature: false)
    }

    /// `allowingEmptySignature` is for the signer, which hashes its own field before `b=` is known.
    init(field: HeaderField, allowingEmptySignature: Bool) throws(ParseFailure) {
        let raw = field.raw
        let valueStart = raw.startIndex + (raw.firstIndex(of: 0x3A).map { $0 - raw.startIndex + 1 } ?? 0)
        let tags: TagList
        do {
            tags = try TagList(parsing: raw[valueStart..<raw.endIndex])
        } catch {
            throw ParseFailure(outcome: .permerror, reason: "signature is malformed: \(error)")
        }
        let domain = tags["d"]?.lowercased()
        let selector = tags["s"]
        let algorithmName = tags["a"]
        func failure(_ reason: String, _ outcome: DKIMOutcome = .permerror) -> ParseFailure {
            ParseFailure(outcome: outcome, reason: reason, domain: domain, selector: selector, algorithm: algorithmName)
        }
        for required in ["v", "a", "b", "bh", "d", "h", "s"] where !tags.contains(required) {
            throw failure("signature lacks the required tag \(required)= (RFC 6376 §3.5)")
        }
        guard tags["v"] == "1" else { throw failure("unsupported signature version v=\(tags["v"]!) (only 1 exists)") }
        guard let algorithm = DKIMAlgorithm(rawValue: algorithmName!.lowercased()) else {
            throw failure("unsupported algorithm a=\(algorithmName!) (rsa-sha256, ed25519-sha256 and rsa-sha1 are known)")
        }
        self.algorithm = algorithm

        let signatureBytes = tags.compactValue("b")!
        guard let signature = Self.strictBase64(signatureBytes), !signature.isEmpty || allowingEmptySignature else {
            throw failure("b= is not valid base64")
        }
        guard let bodyHash = Self.strictBase64(tags.compactValue("bh")!), !bodyHash.isEmpty else {
            throw failure("bh= is not valid base64")
        }
        guard bodyHash.count == algorithm.digest.length else {
            throw failure("bh= is \(bodyHash.count) bytes; a \(algorithm.digest.rawValue) body hash is \(algorithm.digest.length)")
        }
        self.signature = signature
        self.bodyHash = bodyHash
        signatureText = String(decoding: signatureBytes, as: UTF8.self)
        signatureValueRegion = tags.tag("b")!.valueRegion

        let canonicalization = (tags["c"] ?? "simple/simple").lowercased()
        let pieces = canonicalization.utf8.split(separator: 0x2F, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard (1...2).contains(pieces.count),
              let header = Canonicalization(rawValue: pieces[0]),
              let body = Canonicalization(rawValue: pieces.count == 2 ? pieces[1] : "simple") else {
            throw failure("unknown canonicalization c=\(canonicalization)")
        }
        headerCanonicalization = header
        bodyCanonicalization = body

        guard let domain, !domain.isEmpty else { throw failure("d= is empty") }
        // RFC 6376 §3.5: d= is a domain-name; anything else would be looked up as a name it is not.
        guard Self.isDomainName(domain) else {
            throw failure("d=\(domain) is not a domain name (RFC 6376 §3.5: letters, digits, hyphens, dots)")
        }
        self.domain = domain
        guard let selector, !selector.isEmpty else { throw failure("s= is empty") }
        guard Self.isSelector(selector) else {
            throw failure("s=\(selector) is not a selector (RFC 6376 §3.5: letters, digits, hyphens, dots)")
        }
        self.selector = selector

        signedHeaders = tags.compactValue("h")!.split(separator: 0x3A).map { String(decoding: $0, as: UTF8.self) }
        guard signedHeaders.contains(where: { $0.lowercased() == "from" }) else {
            throw failure("h= does not list From; RFC 6376 §5.4 requires the From field to be signed")
        }

        if let written = tags.valueBytes("i") {
            // RFC 6376 §3.5 i= is dkim-quoted-printable (§2.11): `jlong@messiah=2Eedu` is
            // jlong@messiah.edu, and only the decoded text is compared with d=.
            let text = String(decoding: written, as: UTF8.self)
            guard let decoded = Self.decodeDKIMQuotedPrintable(written) else {
                throw failure("i=\(text) is not valid dkim-quoted-printable (RFC 6376 §2.11)")
            }
            identity = String(decoding: decoded, as: UTF8.self)
            // RFC 6376 §3.5 i= = [ Local-part ] "@" domain-name; its domain must be d= or a subdomain of it.
            guard let at = identity.lastIndex(of: "@") else { throw failure("i=\(identity) has no @") }
            let identityDomain = identity[identity.index(after: at)...].lowercased()
            guard Self.isDomainName(identityDomain) else {
                throw failure("i=\(identity) does not end in a domain name (RFC 6376 §3.5)")
            }
            guard identityDomain == domain || identityDomain.hasSuffix("." + domain) else {
                throw failure("i=\(identity) is outside d=\(domain)")
            }
        } else {
            identity = "@" + domain
        }

        if let text = tags["l"] {
            guard !text.isEmpty, text.count <= 76, text.allSatisfy(\.isASCIIDigit) else { throw failure("l=\(text) is not a number") }
            bodyLength = Int(text) ?? Int.max
        }
        if let query = tags["q"], !query.lowercased().split(separator: ":").contains("dns/txt") {
            throw failure("q=\(query) names no supported key query method (dns/txt)")
        }
        if let text = tags["t"] {
            guard let value = Int64(text), value >= 0 else { throw failure("t=\(text) is not a timestamp") }
            timestamp = value
        }
        if let text = tags["x"] {
            guard let value = Int64(text), value >= 0 else { throw failure("x=\(text) is not a timestamp") }
            expiration = value
            if let timestamp, value < timestamp { throw failure("x= is before t= (RFC 6376 §3.5)") }
        }
    }

    /// Base64 with whitespace already removed; nil on any byte outside the alphabet or bad padding.
    static func strictBase64(_ bytes: [UInt8]) -> [UInt8]? {
        var body = bytes[...]
        var padding = 0
        while body.last == 0x3D { body = body.dropLast(); padding += 1 }
        guard padding <= 2, (body.count + padding) % 4 == 0 || padding == 0 else { return nil }
        let decoded = Base64Decoder.decode(body)
        guard !decoded.skippedInvalidBytes, !decoded.hadTruncatedQuantum else { return nil }
        return decoded.bytes
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
