import Findings

/// The codes of the findings this part reports.
extension FindingCode {
    // Limits (ParseLimits): reported as warnings; the message is read as far as the limit.
    public static let headerTooLarge = FindingCode(
        "header-too-large", .warning, help: "the header block is larger than the header-bytes limit; the fields past it are ignored")
    public static let tooManyHeaderFields = FindingCode(
        "too-many-header-fields", .warning, help: "the header has more fields than the header-fields limit; the rest are ignored")
    public static let mimeDepthExceeded = FindingCode(
        "mime-depth-exceeded", .warning, help: "multiparts nest deeper than the mime-depth limit; the deeper one is kept as one part")
    public static let tooManyParts = FindingCode(
        "too-many-parts", .warning, help: "the message has more MIME parts than the mime-parts limit; the rest are ignored")
    public static let decodedSizeExceeded = FindingCode(
        "decoded-size-exceeded", .warning, help: "a part decodes to more than the decoded-bytes limit; the rest is ignored")

    public static let missingHeaderSeparator = FindingCode(
        "missing-header-separator", .warning, help: "a header line has no colon (RFC 5322 §2.2); the header is taken to end there")
    public static let orphanContinuationLine = FindingCode(
        "orphan-continuation-line", .warning, help: "a folded continuation line with no field before it (RFC 5322 §2.2.3)")
    public static let fromMissing = FindingCode(
        "from-missing", .error, help: "the message has no From: field (RFC 5322 §3.6 requires one)")
    public static let fromMultiple = FindingCode(
        "from-multiple", .error, help: "the message has more than one From: field (RFC 5322 §3.6 allows one)")
    public static let fromUnparsable = FindingCode(
        "from-unparsable", .error, help: "the From: field holds no address that can be read (RFC 5322 §3.4)")
    public static let fromMultipleMailboxes = FindingCode(
        "from-multiple-mailboxes", .warning, help: "From: names several mailboxes; no single author to align with")
    public static let multipartWithoutBoundary = FindingCode(
        "multipart-without-boundary", .warning, help: "a multipart Content-Type has no boundary parameter (RFC 2046 §5.1.1)")
    public static let missingClosingBoundary = FindingCode(
        "missing-closing-boundary", .warning, help: "a multipart ends without its closing delimiter line (RFC 2046 §5.1.1)")
    /// A delimiter line directly after another (RFC 2046 §5.1.1): it encloses no part.
    public static let repeatedBoundary = FindingCode(
        "repeated-boundary", .note, help: "a delimiter line directly follows another and encloses no part (RFC 2046 §5.1.1)")
    public static let invalidContentType = FindingCode(
        "invalid-content-type", .warning, help: "a Content-Type that cannot be read; taken as text/plain (RFC 2045 §5.2)")
    public static let unknownTransferEncoding = FindingCode(
        "unknown-transfer-encoding", .warning, help: "a Content-Transfer-Encoding not in RFC 2045 §6.1; the part is read as is")
    public static let malformedBase64 = FindingCode(
        "malformed-base64", .warning, help: "a base64 part holds characters or padding RFC 2045 §6.8 does not allow")
    public static let malformedQuotedPrintable = FindingCode(
        "malformed-quoted-printable", .note, help: "a quoted-printable part has an = not followed by two hex digits (RFC 2045 §6.7)")
    public static let unknownCharset = FindingCode(
        "unknown-charset", .warning, help: "a charset this tool cannot decode; the part is read as UTF-8 with replacements")
    public static let invalidCharsetBytes = FindingCode(
        "invalid-charset-bytes", .note, help: "bytes that are not valid in the declared charset were replaced")
    public static let emptyMessage = FindingCode("empty-message", .error, help: "the input holds no bytes at all")

    // The trust rule of ``SignedHeaderView``.
    public static let headerAddedAfterSigning = FindingCode(
        "header-added-after-signing", .error,
        help: "a field the signature covers appears again above the signed instance: added in transit, not trusted")
    public static let contentTypeNotSigned = FindingCode(
        "content-type-not-signed", .error, help: "the passing signature does not cover Content-Type, so the body's reading is not vouched for")
    public static let dateNotSigned = FindingCode(
        "date-not-signed", .warning, help: "the passing signature does not cover Date; it does not decide which message is newer")
    public static let dateInFuture = FindingCode(
        "date-in-future", .warning, help: "the signed Date lies in the future; it does not decide which message is newer")
    public static let dateMissing = FindingCode("date-missing", .warning, help: "the message has no Date: field (RFC 5322 §3.6.1)")
    public static let dateInvalid = FindingCode(
        "date-invalid", .warning, help: "the Date: field is no RFC 5322 §3.3 date-time")
    /// An HTML part in an encoding the WHATWG Encoding Standard does not define for HTML.
    public static let htmlEncodingRefused = FindingCode(
        "html-encoding-refused", .error, help: "an HTML part in an encoding the WHATWG Encoding Standard refuses for HTML; not read")
    /// A text/html attachment (RFC 2183): not the body a reader sees, so not read for markup.
    public static let htmlAttachmentIgnored = FindingCode(
        "html-attachment-ignored", .note, help: "a text/html attachment (RFC 2183) is not the body a reader sees; not read for markup")
    /// A message/rfc822 part: another author's message, not read for markup.
    public static let forwardedMessageIgnored = FindingCode(
        "forwarded-message-ignored", .note, help: "a forwarded message (message/rfc822) has another author; not read for markup")

    /// Every code of this part, for the catalogue.
    public static let mailMessageCodes: [FindingCode] = [
        headerTooLarge, tooManyHeaderFields, mimeDepthExceeded, tooManyParts, decodedSizeExceeded,
        missingHeaderSeparator, orphanContinuationLine, fromMissing, fromMultiple, fromUnparsable, fromMultipleMailboxes,
        multipartWithoutBoundary, missingClosingBoundary, repeatedBoundary, invalidContentType, unknownTransferEncoding,
        malformedBase64, malformedQuotedPrintable, unknownCharset, invalidCharsetBytes, emptyMessage,
        headerAddedAfterSigning, contentTypeNotSigned, dateNotSigned, dateInFuture, dateMissing, dateInvalid,
        htmlEncodingRefused, htmlAttachmentIgnored, forwardedMessageIgnored,
    ]
}

extension Finding {
    static func limit(_ code: FindingCode, _ message: String, line: Int?, part: String? = nil) -> Finding {
        Finding(code: code, message: message, location: line.map { SourceLocation(line: $0, part: part) })
    }
}
