import Findings

extension MIMEEntity {
    /// An HTML part decoded the way a browser would decode it, or why it is not.
    public struct DecodedHTML: Sendable {
        /// The document text; nil when the part's encoding is one no browser reads HTML in.
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
        let decoded = decodedText(body, charset: declared)
        return DecodedHTML(text: decoded.text, charset: decoded.charset, findings: decoded.findings)
    }
}
