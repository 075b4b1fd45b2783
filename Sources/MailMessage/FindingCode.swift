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
    public static let invalidContentType = "invalid-content-type"
    public static let unknownTransferEncoding = "unknown-transfer-encoding"
    public static let malformedBase64 = "malformed-base64"
    public static let malformedQuotedPrintable = "malformed-quoted-printable"
    public static let unknownCharset = "unknown-charset"
    public static let invalidCharsetBytes = "invalid-charset-bytes"
    public static let emptyMessage = "empty-message"
}

extension Finding {
    static func limit(_ code: String, _ message: String, line: Int?, part: String? = nil) -> Finding {
        Finding(code: code, severity: .warning, message: message,
                location: line.map { SourceLocation(line: $0, part: part) })
    }
}
