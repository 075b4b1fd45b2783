import Findings

/// The stable codes of the findings this part reports.
public enum FindingCode {
    public static let headerTooLarge = "header-too-large"
    public static let tooManyHeaderFields = "too-many-header-fields"
    public static let mimeDepthExceeded = "mime-depth-exceeded"
    public static let tooManyParts = "too-many-parts"
    public static let decodedSizeExceeded = "decoded-size-exceeded"

    public static let missingHeaderSeparator = "missing-header-separator"
    public static let orphanContinuationLine = "orphan-continuation-line"
    public static let fromMissing = "from-missing"
    public static let fromMultiple = "from-multiple"
    public static let fromUnparsable = "from-unparsable"
    public static let fromMultipleMailboxes = "from-multiple-mailboxes"
    public static let multipartWithoutBoundary = "multipart-without-boundary"
    public static let missingClosingBoundary = "missing-closing-boundary"
    /// A delimiter line directly after another (RFC 2046 §5.1.1): it encloses no part.
    public static let repeatedBoundary = "repeated-boundary"
    public static let invalidContentType = "invalid-content-type"
    public static let unknownTransferEncoding = "unknown-transfer-encoding"
    public static let malformedBase64 = "malformed-base64"
    public static let malformedQuotedPrintable = "malformed-quoted-printable"
    public static let unknownCharset = "unknown-charset"
    public static let invalidCharsetBytes = "invalid-charset-bytes"
    public static let emptyMessage = "empty-message"

    // The trust rule of ``SignedHeaderView``.
    public static let headerAddedAfterSigning = "header-added-after-signing"
    public static let contentTypeNotSigned = "content-type-not-signed"
    public static let dateNotSigned = "date-not-signed"
    public static let dateInFuture = "date-in-future"
    public static let dateMissing = "date-missing"
    public static let dateInvalid = "date-invalid"
    /// An HTML part in an encoding the WHATWG Encoding Standard does not define for HTML.
    public static let htmlEncodingRefused = "html-encoding-refused"
    /// A text/html attachment (RFC 2183): not the body a reader sees, so not read for markup.
    public static let htmlAttachmentIgnored = "html-attachment-ignored"
    /// A message/rfc822 part: another author's message, not read for markup.
    public static let forwardedMessageIgnored = "forwarded-message-ignored"
}

extension Finding {
    static func limit(_ code: String, _ message: String, line: Int?, part: String? = nil) -> Finding {
        Finding(code: code, severity: .warning, message: message,
                location: line.map { SourceLocation(line: $0, part: part) })
    }
}
