internal import CLibXML2

/// An HTML document parsed with libxml2's HTML parser (recovering from broken markup,
/// no network, no external entities) into an immutable Swift tree — with the regions a
/// browser reads as text (textarea, title, noscript, template contents, bogus comments…)
/// kept as text, so the elements are the ones a browser builds (``BrowserTextRegions``).
///
/// This file is the only place libxml2 is touched. The C tree is converted once and
/// freed; nothing of libxml2 escapes.
public struct HTMLDocument: Sendable {
    public let root: HTMLNode
    /// True when the tree was cut at `HTMLLimits.maxDepth`.
    public let wasTruncated: Bool

    public enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        case tooLarge(bytes: Int, limit: Int)
        case unparsable
        /// libxml2 cannot be loaded (not installed, or broken): dlerror's text, which names it.
        case libraryUnavailable(reason: String)

        public var description: String {
            switch self {
            case .tooLarge(let bytes, let limit):
                "HTML part of \(bytes) bytes exceeds the limit of \(limit) bytes (limit html-bytes)"
            case .unparsable: "libxml2 could not parse the HTML at all"
            case .libraryUnavailable(let reason):
                "markup needs libxml2 (Debian package libxml2), which cannot be loaded: \(reason); the part's markup is not read"
            }
        }
    }

    /// Parses HTML text (already decoded to Unicode; a `<meta charset>` inside is ignored).
    public init(parsing html: String, limits: HTMLLimits = .init()) throws(ParseError) {
        try LibXML2Library.initParser()
        guard html.utf8.count <= limits.maxBytes else { throw .tooLarge(bytes: html.utf8.count, limit: limits.maxBytes) }
        // The elements a browser builds, not the ones libxml2's HTML 4 parser would (BrowserTextRegions).
        let bytes = BrowserTextRegions.neutralized(Array(html.utf8))
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_IGNORE_ENC.rawValue | HTML_PARSE_NODEFDTD.rawValue)
            | Int32(XML_PARSE_BIG_LINES.rawValue)
        let document: htmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(1, buffer.count)) { characters in
                LibXML2Library.htmlReadMemory(characters, Int32(buffer.count), nil, "UTF-8", options)
            }
        }
        guard let document else {
            // libxml2 gives no document for empty input; an empty tree is the right answer.
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                root = HTMLNode(kind: .document, line: 1)
                wasTruncated = false
                return
            }
            throw .unparsable
        }
        defer { LibXML2Library.xmlFreeDoc(document) }
        var truncated = false
        root = Self.convert(UnsafeMutableRawPointer(document).assumingMemoryBound(to: xmlNode.self),
                            depth: 0, limits: limits, truncated: &truncated)
        wasTruncated = truncated
    }

    private static func convert(_ node: UnsafeMutablePointer<xmlNode>, depth: Int, limits: HTMLLimits,
                                truncated: inout Bool) -> HTMLNode {
        let line = Int(LibXML2Library.xmlGetLineNo(node))
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            return HTMLNode(kind: .text, text: string(node.pointee.content), line: max(line, 1))
        case XML_COMMENT_NODE:
            return HTMLNode(kind: .comment, text: string(node.pointee.content), line: max(line, 1))
        default:
            break
        }
        var children: [HTMLNode] = []
        if depth < limits.maxDepth {
            var child = node.pointee.children
            while let current = child {
                switch current.pointee.type {
                case XML_ELEMENT_NODE, XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_COMMENT_NODE:
                    children.append(convert(current, depth: depth + 1, limits: limits, truncated: &truncated))
                default:
                    break
                }
                child = current.pointee.next
            }
        } else if node.pointee.children != nil {
            truncated = true
        }
        let type = node.pointee.type
        if type == XML_DOCUMENT_NODE || type == XML_HTML_DOCUMENT_NODE {
            return HTMLNode(kind: .document, children: children, line: 1)
        }
        var attributes: [HTMLAttribute] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            var value = ""
            var text = current.pointee.children
            while let piece = text {
                value += string(piece.pointee.content)
                text = piece.pointee.next
            }
            attributes.append(HTMLAttribute(name: lowercasedName(current.pointee.name), value: value))
            attribute = current.pointee.next
        }
        return HTMLNode(kind: .element, name: lowercasedName(node.pointee.name), attributes: attributes,
                        children: children, line: max(line, 1))
    }

    /// An element or attribute name in lowercase. libxml2's HTML parser lowercases ASCII
    /// names itself, so the name is lowercased again only when it is not plain lowercase ASCII.
    private static func lowercasedName(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        var index = 0
        while pointer[index] != 0 {
            let byte = pointer[index]
            if byte >= 0x80 || (0x41...0x5A).contains(byte) { return String(cString: pointer).lowercased() }
            index += 1
        }
        return String(cString: pointer)
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    private static func string(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}

/// Bounds on the HTML one part may bring.
public struct HTMLLimits: Sendable, Hashable {
    /// The largest HTML part parsed; a larger one is refused with `tooLarge`.
    public var maxBytes: Int
    /// Element nesting kept in the tree; deeper content is dropped (`wasTruncated`).
    public var maxDepth: Int

    public init(maxBytes: Int = 16 << 20, maxDepth: Int = 256) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }
}
