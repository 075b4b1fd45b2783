import Findings

/// Builds the MIME tree of a message within its `ParseLimits`.
struct MIMEParser {
    let bytes: [UInt8]
    let limits: ParseLimits
    private(set) var findings: [Finding] = []
    private var partCount = 0
    private var reportedPartLimit = false

    init(bytes: [UInt8], limits: ParseLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// Makes the entity for a header and the body range that follows it.
    mutating func entity(
        header: MessageHeader, body: Range<Int>, bodyLine: Int, path: String, depth: Int, inDigest: Bool
    ) -> MIMEEntity {
        partCount += 1
        // The top-level entity is read from the instances a DKIM signature covers, the
        // bottom-most (RFC 6376 §5.4.2), so a Content-Type or Content-Transfer-Encoding added
        // above a signed message cannot change how its body is read (`SignedHeaderView`).
        // Parts inside the body are signed bytes: any instance is the signer's.
        let isTopLevel = depth == 0
        let explicitType = isTopLevel ? header.instance(of: .contentType) : header.first(named: "Content-Type")
        var contentType = inDigest ? ContentType.messageRFC822 : ContentType.textPlain
        var hasExplicitType = false
        if let explicitType {
            if let parsed = ContentType(headerValue: explicitType.unfoldedValueBytes) {
                contentType = parsed
                hasExplicitType = true
            } else {
                // RFC 2045 §5.2: an unparsable Content-Type is treated as the default.
                // QUIRK: its charset parameter, when it has one (`Content-Type: text;
                // charset=utf-8`), is kept: the sender's word beats the us-ascii default, and
                // Python's email package reads it so too.
                let charset = ParameterizedValue.parse(explicitType.unfoldedValueBytes)[parameter: "charset"]
                contentType = ContentType(
                    type: "text", subtype: "plain", parameters: charset.map { ["charset": $0] } ?? [:])
                findings.append(Finding(
                    code: .invalidContentType,
                    message: "Content-Type \"\(explicitType.value)\" is not type/subtype; read as text/plain"
                        + (charset.map { " in its charset \"\($0)\"" } ?? ""),
                    location: SourceLocation(line: explicitType.line, part: path.isEmpty ? nil : path)))
            }
        }
        let encodingField = isTopLevel ? header.instance(of: .contentTransferEncoding)
            : header.first(named: "Content-Transfer-Encoding")
        let encoding = encodingField.map { TransferEncoding(headerValue: $0.value) }
            ?? .sevenBit
        if case .unknown(let name) = encoding {
            findings.append(Finding(
                code: .unknownTransferEncoding,
                message: "unknown Content-Transfer-Encoding \"\(name)\"; the body is read as it is",
                location: SourceLocation(line: bodyLine, part: path.isEmpty ? nil : path)))
        }
        var children: [MIMEEntity] = []
        if contentType.isMultipart {
            children = multipartChildren(
                of: contentType, body: body, bodyLine: bodyLine, path: path, depth: depth)
        }
        return MIMEEntity(
            header: header, contentType: contentType, hasExplicitContentType: hasExplicitType,
            transferEncoding: encoding, body: bytes[body], bodyLine: bodyLine, children: children, path: path)
    }

    /// Splits a multipart body at its boundary delimiters (RFC 2046 §5.1.1) and parses each part.
    private mutating func multipartChildren(
        of contentType: ContentType, body: Range<Int>, bodyLine: Int, path: String, depth: Int
    ) -> [MIMEEntity] {
        let location = SourceLocation(line: bodyLine, part: path.isEmpty ? nil : path)
        guard let boundary = contentType.boundary, !boundary.isEmpty else {
            findings.append(Finding(
                code: .multipartWithoutBoundary,
                message: "\(contentType.mimeType) has no boundary parameter; its body is kept as one part",
                location: location))
            return []
        }
        guard depth < limits.maxMIMEDepth else {
            findings.append(.limit(.mimeDepthExceeded,
                "multipart nested deeper than \(limits.maxMIMEDepth) levels (limit mime-depth); kept as one part",
                line: bodyLine, part: path.isEmpty ? nil : path))
            return []
        }
        let delimiter = Array("--\(boundary)".utf8)
        var scanner = LineScanner(bytes: bytes, range: body, firstLineNumber: bodyLine)
        // (content start, its first line) of the part being read
        var open: (start: Int, line: Int)?
        var parts: [(range: Range<Int>, line: Int)] = []
        var closed = false
        var repeatedLine: Int?
        while let line = scanner.next() {
            guard let isClose = Self.delimiterKind(bytes, line: line.content, delimiter: delimiter) else { continue }
            if let current = open, line.full.lowerBound == current.start {
                // RFC 2046 §5.1.1: a body part lies between the CRLF ending one delimiter line
                // and the CRLF that begins the next delimiter. A delimiter line right after
                // another has no CRLF of its own between them, so it encloses no part (an empty
                // part is `--b CRLF CRLF --b`); it is skipped, as Python's email does.
                if repeatedLine == nil { repeatedLine = line.number }
                if isClose {
                    closed = true
                    open = nil
                    break
                }
                open = (line.full.upperBound, line.number + 1)
                continue
            }
            if let current = open {
                // RFC 2046 §5.1.1: the line ending before a delimiter belongs to the delimiter.
                var end = line.full.lowerBound
                if end > current.start && bytes[end - 1] == ASCII.lineFeed { end -= 1 }
                if end > current.start && bytes[end - 1] == ASCII.carriageReturn { end -= 1 }
                parts.append((current.start..<end, current.line))
            }
            if isClose {
                closed = true
                open = nil
                break
            }
            open = (line.full.upperBound, line.number + 1)
        }
        if let current = open {
            parts.append((current.start..<body.upperBound, current.line))
        }
        if let repeatedLine {
            findings.append(Finding(
                code: .repeatedBoundary,
                message: "boundary line \"--\(boundary)\" repeated with nothing between; no empty part is made of it",
                location: SourceLocation(line: repeatedLine, part: path.isEmpty ? nil : path)))
        }
        if !closed {
            findings.append(Finding(
                code: .missingClosingBoundary,
                message: parts.isEmpty
                    ? "no boundary \"\(boundary)\" found in the \(contentType.mimeType) body; kept as one part"
                    : "closing boundary \"--\(boundary)--\" missing; the last part runs to the end",
                location: location))
        }
        var children: [MIMEEntity] = []
        for (number, part) in parts.enumerated() {
            guard partCount < limits.maxParts else {
                if !reportedPartLimit {
                    reportedPartLimit = true
                    findings.append(.limit(.tooManyParts,
                        "more than \(limits.maxParts) MIME parts (limit mime-parts); the rest are ignored",
                        line: part.line, part: path.isEmpty ? nil : path))
                }
                break
            }
            let childPath = path.isEmpty ? "\(number + 1)" : "\(path).\(number + 1)"
            let parsedHeader = HeaderParser(limits: limits, part: childPath)
                .parse(bytes, range: part.range, firstLine: part.line)
            findings += parsedHeader.findings
            children.append(entity(
                header: parsedHeader.header, body: parsedHeader.bodyStart..<part.range.upperBound,
                bodyLine: parsedHeader.bodyLine, path: childPath, depth: depth + 1,
                inDigest: contentType.subtype == "digest"))
        }
        return children
    }

    /// nil if the line is not a delimiter for this boundary; true for the close delimiter.
    private static func delimiterKind(_ bytes: [UInt8], line: Range<Int>, delimiter: [UInt8]) -> Bool? {
        guard line.count >= delimiter.count, bytes.hasBytes(delimiter, at: line.lowerBound) else { return nil }
        var index = line.lowerBound + delimiter.count
        var isClose = false
        if index + 2 <= line.upperBound,
           bytes[index] == ASCII.hyphen, bytes[index + 1] == ASCII.hyphen {
            isClose = true
            index += 2
        }
        // Only transport padding (RFC 2046 §5.1.1) may follow.
        while index < line.upperBound {
            guard ASCII.isWhitespace(bytes[index]) else { return nil }
            index += 1
        }
        return isClose
    }
}
