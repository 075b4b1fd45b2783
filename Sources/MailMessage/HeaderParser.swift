import Findings

/// Reads one header block (RFC 5322 §2.2, RFC 2045 §3 for MIME parts) from a byte range.
///
/// The block ends at the first empty line. A line that is neither a field nor a
/// continuation also ends it (the body starts there, as Python's email and most
/// mail readers do), with a `missing-header-separator` finding.
struct HeaderParser {
    struct Result {
        var header: MessageHeader
        /// Offset of the first body byte (after the empty line), or the range end.
        var bodyStart: Int
        /// 1-based line number of the first body line.
        var bodyLine: Int
        var findings: [Finding]
    }

    let limits: ParseLimits
    /// The MIME part path the block belongs to, for finding locations.
    let part: String?

    /// - Parameter allowsEnvelopeLine: a leading `From ` line (an mbox envelope kept in a
    ///   single saved message) is skipped rather than taken as the start of the body.
    func parse(_ bytes: [UInt8], range: Range<Int>, firstLine: Int, allowsEnvelopeLine: Bool = false) -> Result {
        var scanner = LineScanner(bytes: bytes, range: range, firstLineNumber: firstLine)
        var fields: [HeaderField] = []
        var findings: [Finding] = []
        var keptBytes = 0
        var budgetExhausted = false
        var current: (start: Int, colon: Int, end: Int, line: Int)?
        var bodyStart = range.upperBound
        var bodyLine: Int?
        var reportedOrphan = false

        func finishCurrent() {
            guard let field = current else { return }
            current = nil
            guard !budgetExhausted else { return }
            let size = field.end - field.start
            if keptBytes + size > limits.maxHeaderBytes {
                budgetExhausted = true
                findings.append(.limit(.headerTooLarge,
                    "header block exceeds the limit of \(limits.maxHeaderBytes) bytes "
                        + "(limit header-bytes); the field starting here and all after it are ignored",
                    line: field.line, part: part))
                return
            }
            if fields.count >= limits.maxHeaderFields {
                budgetExhausted = true
                findings.append(.limit(.tooManyHeaderFields,
                    "more than \(limits.maxHeaderFields) header fields (limit header-fields); "
                        + "the field starting here and all after it are ignored",
                    line: field.line, part: part))
                return
            }
            keptBytes += size
            fields.append(HeaderField(raw: bytes[field.start..<field.end], colonIndex: field.colon, line: field.line))
        }

        while let line = scanner.next() {
            if line.content.isEmpty {
                finishCurrent()
                bodyStart = line.full.upperBound
                bodyLine = line.number + 1
                break
            }
            let firstByte = bytes[line.content.lowerBound]
            if ASCII.isWhitespace(firstByte) {
                if current != nil {
                    current!.end = line.full.upperBound
                } else if !reportedOrphan {
                    reportedOrphan = true
                    findings.append(Finding(
                        code: .orphanContinuationLine,
                        message: "header continuation line with no field before it; ignored",
                        location: SourceLocation(line: line.number, part: part)))
                }
                continue
            }
            finishCurrent()
            if let colon = Self.fieldColon(in: bytes, line: line.content) {
                current = (line.full.lowerBound, colon, line.full.upperBound, line.number)
                continue
            }
            if allowsEnvelopeLine && line.full.lowerBound == range.lowerBound
                && bytes[line.content].starts(with: Array("From ".utf8)) {
                continue
            }
            findings.append(Finding(
                code: .missingHeaderSeparator,
                message: "line is not a header field and no empty line came before it; "
                    + "the body is taken to start here",
                location: SourceLocation(line: line.number, part: part)))
            bodyStart = line.full.lowerBound
            bodyLine = line.number
            break
        }
        finishCurrent()
        return Result(
            header: MessageHeader(fields: fields), bodyStart: bodyStart,
            bodyLine: bodyLine ?? scanner.lineNumber, findings: findings)
    }

    /// The index of the colon ending a field name on this line, if the line starts a field:
    /// RFC 5322 §3.6.8 ftext (printable ASCII but colon), optionally followed by WSP (RFC 822).
    private static func fieldColon(in bytes: [UInt8], line: Range<Int>) -> Int? {
        var index = line.lowerBound
        while index < line.upperBound {
            let byte = bytes[index]
            if byte == ASCII.colon { return index > line.lowerBound ? index : nil }
            if byte < 33 || byte > 126 {
                // Only WSP may stand between the name and the colon.
                var after = index
                while after < line.upperBound && ASCII.isWhitespace(bytes[after]) { after += 1 }
                return after < line.upperBound && bytes[after] == ASCII.colon && index > line.lowerBound ? after : nil
            }
            index += 1
        }
        return nil
    }
}
