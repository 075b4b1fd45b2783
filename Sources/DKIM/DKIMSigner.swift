import CryptoOpenSSL
import MailMessage

/// Signs messages (RFC 6376 §5): rsa-sha256 or ed25519-sha256, relaxed/relaxed by default,
/// From oversigned so no second From can be added unnoticed.
public struct DKIMSigner: Sendable {
    public var key: PrivateKey
    public var domain: String
    public var selector: String
    public var algorithm: DKIMAlgorithm
    public var headerCanonicalization: Canonicalization
    public var bodyCanonicalization: Canonicalization
    /// `t=`: the signing time, seconds since 1970; nil leaves it out.
    public var timestamp: Int64?
    /// `x=`: seconds after `t=` when the signature expires; nil for none.
    public var lifetime: Int64?
    /// `i=`, nil to leave it out.
    public var identity: String?
    /// Field names to sign when present; nil for `defaultSignedHeaders`.
    public var signedHeaderNames: [String]?
    /// Adds `l=` with the body's canonical length. Off by default: content appended to the
    /// body later would then still verify (RFC 6376 §8.2), which this tool reports as unsigned.
    public var signsBodyLength = false

    /// Fields worth protecting, in the order dkimpy and OpenDKIM sign them.
    public static let defaultSignedHeaders = [
        "from", "reply-to", "subject", "date", "to", "cc", "message-id", "in-reply-to", "references",
        "mime-version", "content-type", "content-transfer-encoding", "content-disposition",
        "list-id", "list-unsubscribe", "list-unsubscribe-post",
    ]

    public enum SignError: Error, Sendable, CustomStringConvertible {
        case keyDoesNotMatchAlgorithm(key: PublicKey.Kind, algorithm: DKIMAlgorithm)
        case noFromField
        /// The domain or selector is not what RFC 6376 §3.5 allows in `d=` / `s=`.
        case invalidName(tag: String, value: String)
        case crypto(CryptoError)

        public var description: String {
            switch self {
            case .keyDoesNotMatchAlgorithm(let key, let algorithm):
                "the private key is \(key.rawValue) but the algorithm is \(algorithm.rawValue)"
            case .noFromField: "the message has no From field; DKIM requires it to be signed"
            case .invalidName(let tag, let value):
                "\(tag)=\(value) is not a domain name (RFC 6376 §3.5: letters, digits, hyphens, dots; "
                    + "internationalized names as A-labels, xn--…)"
            case .crypto(let error): "signing failed: \(error)"
            }
        }
    }

    public init(key: PrivateKey, domain: String, selector: String, algorithm: DKIMAlgorithm? = nil,
                headerCanonicalization: Canonicalization = .relaxed, bodyCanonicalization: Canonicalization = .relaxed,
                timestamp: Int64? = nil) {
        self.key = key
        self.domain = domain.lowercased()
        self.selector = selector
        self.algorithm = algorithm ?? (key.kind == .ed25519 ? .ed25519SHA256 : .rsaSHA256)
        self.headerCanonicalization = headerCanonicalization
        self.bodyCanonicalization = bodyCanonicalization
        self.timestamp = timestamp
    }

    /// The DKIM-Signature field (name, value, folded, with the message's line ending).
    public func signatureField(for message: MailMessage) throws(SignError) -> [UInt8] {
        guard key.kind == algorithm.keyKind else {
            throw .keyDoesNotMatchAlgorithm(key: key.kind, algorithm: algorithm)
        }
        guard !message.header.fields(named: "From").isEmpty else { throw .noFromField }
        guard DKIMSignature.isDomainName(domain) else { throw .invalidName(tag: "d", value: domain) }
        guard DKIMSignature.isSelector(selector) else { throw .invalidName(tag: "s", value: selector) }
        let lineEnding: [UInt8] = Self.usesCRLF(message.bytes) ? [0x0D, 0x0A] : [0x0A]

        let present = Set(message.header.fields.map(\.lowercasedName))
        var names: [String] = []
        for name in signedHeaderNames ?? Self.defaultSignedHeaders where present.contains(name.lowercased()) {
            let count = message.header.fields(named: name).count
            names += Array(repeating: name, count: count)
        }
        names.append("from") // oversigned: one more From than present (RFC 6376 §8.15)

        let body = BodyHasher.hash(message.body, mode: bodyCanonicalization, digest: algorithm.digest, limit: nil)
        var tags: [(String, String)] = [
            ("v", "1"), ("a", algorithm.rawValue),
            ("c", "\(headerCanonicalization.rawValue)/\(bodyCanonicalization.rawValue)"),
            ("d", domain), ("s", selector),
        ]
        if let identity { tags.append(("i", Self.dkimQuotedPrintable(identity))) }
        if let timestamp {
            tags.append(("t", String(timestamp)))
            if let lifetime { tags.append(("x", String(timestamp + lifetime))) }
        }
        if signsBodyLength { tags.append(("l", String(body.canonicalLength))) }
        tags.append(("h", names.joined(separator: ":")))
        tags.append(("bh", Base64Encoder.encode(body.hash)))

        // Fold between tags so every line stays short; b= last, filled in after signing.
        var unsignedField = Array("DKIM-Signature: ".utf8)
        var lineLength = unsignedField.count
        var atLineStart = true
        for (name, value) in tags {
            let text = Array("\(name)=\(value);".utf8)
            if !atLineStart && lineLength + text.count + 1 > 78 {
                unsignedField += lineEnding + [0x09]
                lineLength = 8
                atLineStart = true
            }
            if !atLineStart {
                unsignedField.append(0x20)
                lineLength += 1
            }
            unsignedField += text
            lineLength += text.count
            atLineStart = false
        }
        unsignedField += lineEnding + Array("\tb=".utf8)

        let parsedField = MailMessage(bytes: unsignedField + lineEnding + lineEnding).header.fields[0]
        let draft: DKIMSignature
        do throws(DKIMSignature.ParseFailure) {
            draft = try DKIMSignature(field: parsedField, allowingEmptySignature: true)
        } catch {
            preconditionFailure("the signer wrote a DKIM-Signature it cannot parse: \(error.reason)")
        }
        let headerData = DKIMVerifier.signedHeaderData(message.header, signature: draft, field: parsedField)
        let signature: [UInt8]
        do throws(CryptoError) {
            switch algorithm {
            case .ed25519SHA256: signature = try key.sign(Digest.hash(.sha256, headerData), digest: .sha256)
            case .rsaSHA256, .rsaSHA1: signature = try key.sign(headerData, digest: algorithm.digest)
            }
        } catch {
            throw .crypto(error)
        }
        let encoded = Array(Base64Encoder.encode(signature).utf8)
        var field = unsignedField
        // Fold b= in 72-character pieces; whitespace inside b= is ignored by verifiers (§3.5).
        var start = 0
        while start < encoded.count {
            if start > 0 { field += lineEnding + [0x09] }
            field += encoded[start..<min(encoded.count, start + 72)]
            start += 72
        }
        return field + lineEnding
    }

    /// The message with the DKIM-Signature field prepended; every other byte unchanged.
    public func sign(_ message: MailMessage) throws(SignError) -> [UInt8] {
        try signatureField(for: message) + message.bytes
    }

    /// RFC 6376 §2.11 dkim-quoted-printable: octets other than dkim-safe-char (printable ASCII
    /// without `;` and `=`) are written `=XX`, so an `i=` value cannot end the tag early.
    static func dkimQuotedPrintable(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if (0x21...0x7E).contains(byte) && byte != 0x3B && byte != 0x3D {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "=" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }

    private static func usesCRLF(_ bytes: [UInt8]) -> Bool {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return true }
        return newline > 0 && bytes[newline - 1] == 0x0D
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
