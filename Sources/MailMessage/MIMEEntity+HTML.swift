import Findings

extension MIMEEntity {
    /// An HTML part decoded the way a browser would decode it, or why it is not.
    public struct DecodedHTML: Sendable {
        /// The document text; nil when the part's encoding is one no browser reads HTML in,
        /// or when ``decodedHTML(limits:whenBytes:)`` found nothing wanted in its bytes.
        public var text: String?
        /// The charset used, or the label refused.
        public var charset: String
        public var findings: [Finding]
    }

    /// The body as HTML: ``decodedText(limits:)``, but only in an encoding of the WHATWG
    /// Encoding Standard, whether the label comes from MIME or from `<meta charset>`
    /// (HTML §13.2.3.1). A part labelled UTF-7, UTF-32, a "replacement" label or a name the
    /// standard does not know gives no text and an `html-encoding-refused` finding naming it.
    public func decodedHTML(limits: ParseLimits = .default) -> DecodedHTML {
        decodedHTML(limits: limits, whenBytes: { _ in true })
    }

    /// ``decodedHTML(limits:)``, but the text is made only when `wanted` accepts the
    /// transfer-decoded bytes (say, a search for the words markup needs): a part it turns
    /// down gives no text and the same findings. The bytes are judged only where they are
    /// the text: valid UTF-8 or ASCII, so every character is its own bytes (RFC 3629 §3);
    /// any other charset, or invalid bytes, is decoded and the text is given as before.
    public func decodedHTML(limits: ParseLimits = .default,
                            whenBytes wanted: (UnsafeBufferPointer<UInt8>) -> Bool) -> DecodedHTML {
        let body = decodedBody(limits: limits)
        let declared = declaredCharset(in: body.bytes)
        if let declared {
            let why: String?
            switch WHATWGEncoding.verdict(forLabel: declared) {
            case .encoding: why = nil
            case .replacement:
                why = "the WHATWG Encoding Standard maps it to \"replacement\" (a browser shows one U+FFFD)"
            case .notAnEncoding:
                why = "it is not an encoding of the WHATWG Encoding Standard, and HTML must not be read in it "
                    + "(HTML §13.2.3.1 forbids UTF-7, UTF-32 and EBCDIC outright)"
            }
            if let why {
                let source = contentType.charset == nil ? "<meta charset>" : "MIME charset"
                return DecodedHTML(text: nil, charset: declared, findings: body.findings + [Finding(
                    code: .htmlEncodingRefused,
                    message: "HTML part labelled \"\(declared)\" (\(source)): \(why); its markup is not read. "
                        + "The sender should send HTML as UTF-8",
                    location: SourceLocation(line: bodyLine, part: partLabel))])
            }
        }
        if let (charset, verdict) = charsetWithoutDecoding(body.bytes, declared: declared) {
            guard body.bytes.withUnsafeBufferPointer(wanted) else {
                return DecodedHTML(text: nil, charset: charset, findings: body.findings)
            }
            // Valid in its charset: the text is the bytes, with no finding, what
            // ``decodedText(_:charset:)`` gives, without checking the bytes a second time.
            let text = body.bytes.withUnsafeBufferPointer { UTF8Validation.string(wellFormed: $0, verdict: verdict) }
            return DecodedHTML(text: text, charset: charset, findings: body.findings)
        }
        let decoded = decodedText(body, charset: declared)
        return DecodedHTML(text: decoded.text, charset: decoded.charset, findings: decoded.findings)
    }

    /// The charset ``decodedText(_:charset:)`` would use, when it would decode `bytes`
    /// without a change or a finding: US-ASCII or UTF-8, and valid in it; with the bytes'
    /// verdict (never `.invalid`). Nil otherwise.
    private func charsetWithoutDecoding(_ bytes: [UInt8], declared: String?) -> (String, UTF8Validation.Verdict)? {
        func verdict() -> UTF8Validation.Verdict { bytes.withUnsafeBufferPointer(UTF8Validation.verdict) }
        guard let declared else {
            switch verdict() {
            case .ascii: return ("us-ascii", .ascii)
            case .utf8: return ("utf-8", .utf8)
            case .invalid: return nil
            }
        }
        switch CharsetDecoder.canonicalName(declared) {
        case "utf-8":
            let verdict = verdict()
            return verdict == .invalid ? nil : (declared, verdict)
        case "us-ascii":
            return verdict() == .ascii ? (declared, .ascii) : nil
        default: return nil
        }
    }
}
