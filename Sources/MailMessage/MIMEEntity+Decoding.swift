import Findings

/// Transfer decoding and charset decoding of a part's body, on demand.
extension MIMEEntity {
    /// A body after transfer decoding, with what had to be forgiven.
    public struct DecodedBody: Sendable {
        public var bytes: [UInt8]
        public var findings: [Finding]
    }

    /// A text body decoded to Unicode.
    public struct DecodedText: Sendable {
        public var text: String
        /// The charset actually used (declared, sniffed from HTML, or the fallback).
        public var charset: String
        /// Octets after transfer decoding, before charset decoding.
        public var byteCount: Int
        public var findings: [Finding]
    }

    var partLabel: String? { path.isEmpty ? nil : path }

    /// The body after Content-Transfer-Encoding is undone (RFC 2045 §6), at most
    /// `limits.maxDecodedBytes` long.
    public func decodedBody(limits: ParseLimits = .default) -> DecodedBody {
        var findings: [Finding] = []
        let location = SourceLocation(line: bodyLine, part: partLabel)
        var bytes: [UInt8]
        var reachedLimit = false
        switch transferEncoding {
        case .base64:
            let decoded = Base64Decoder.decode(body, limit: limits.maxDecodedBytes)
            bytes = decoded.bytes
            reachedLimit = decoded.reachedLimit
            if decoded.skippedInvalidBytes || decoded.hadTruncatedQuantum {
                findings.append(Finding(
                    code: .malformedBase64,
                    message: decoded.hadTruncatedQuantum
                        ? "base64 body ends in the middle of a quantum; the stray last character was dropped"
                        : "base64 body contains bytes outside the base64 alphabet; they were skipped",
                    location: location))
            }
        case .quotedPrintable:
            // The slice itself: the decoder reads contiguous storage in place (no copy of the body).
            let decoded = QuotedPrintableDecoder.decode(body, limit: limits.maxDecodedBytes)
            bytes = decoded.bytes
            reachedLimit = decoded.reachedLimit
            if decoded.hadMalformedEscape {
                findings.append(Finding(
                    code: .malformedQuotedPrintable,
                    message: "quoted-printable body has an \"=\" not followed by two hex digits; kept literally",
                    location: location))
            }
        case .sevenBit, .eightBit, .binary, .unknown:
            reachedLimit = body.count > limits.maxDecodedBytes
            bytes = Array(body.prefix(limits.maxDecodedBytes))
        }
        if reachedLimit {
            findings.append(.limit(.decodedSizeExceeded,
                "part decodes to more than \(limits.maxDecodedBytes) bytes (limit decoded-bytes); the rest is ignored",
                line: bodyLine, part: partLabel))
        }
        return DecodedBody(bytes: bytes, findings: findings)
    }

    /// The body decoded to text: transfer decoding, then the declared charset; for
    /// HTML without one, the `<meta charset>` of the document (HTML §4.2.5.5).
    public func decodedText(limits: ParseLimits = .default) -> DecodedText {
        let body = decodedBody(limits: limits)
        return decodedText(body, charset: declaredCharset(in: body.bytes))
    }

    /// The charset the part names: its MIME `charset`, else for HTML the document's own
    /// `<meta charset>` (MIME always wins when given).
    func declaredCharset(in decodedBytes: [UInt8]) -> String? {
        var charset = contentType.charset
        if charset == nil && contentType.subtype == "html" {
            charset = HTMLCharsetSniffer.declaredCharset(in: decodedBytes)
        }
        return charset
    }

    /// The transfer-decoded body decoded to text in `charset` (nil: none was declared).
    func decodedText(_ body: DecodedBody, charset: String?) -> DecodedText {
        var findings = body.findings
        let location = SourceLocation(line: bodyLine, part: partLabel)
        let used: String
        if let charset {
            used = charset
        } else if body.bytes.allSatisfy({ $0 < 0x80 }) {
            used = "us-ascii"
        } else {
            // QUIRK: 8-bit text with no charset is, in today's mail, UTF-8 when it is valid
            // UTF-8 and Windows-1252 otherwise (RFC 2045's us-ascii default would lose it).
            used = UTF8Validation.isValid(body.bytes) ? "utf-8" : "windows-1252"
        }
        let decoded = CharsetDecoder.decode(body.bytes, charset: used)
        if decoded.charsetWasUnknown {
            findings.append(Finding(
                code: .unknownCharset,
                message: "unknown charset \"\(used)\"; the text was read as UTF-8", location: location))
        } else if decoded.hadInvalidBytes {
            findings.append(Finding(
                code: .invalidCharsetBytes,
                message: "text has bytes that are not valid \(used); they were replaced by U+FFFD",
                location: location))
        }
        return DecodedText(
            text: decoded.text, charset: decoded.charsetWasUnknown ? "utf-8" : used,
            byteCount: body.bytes.count, findings: findings)
    }
}
