internal import CLibXML2

/// An HTML document parsed with libxml2's HTML parser (recovering from broken markup,
/// no network, no external entities) — with the regions a browser reads as text
/// (textarea, title, noscript, template contents, bogus comments…) kept as text, so the
/// elements are the ones a browser builds (``BrowserTextRegions``).
///
/// The document owns libxml2's tree and frees it when the last ``HTMLNode`` of it is gone;
/// the nodes are read-only views that read the C tree on demand (names compared as bytes,
/// strings made only for what a caller asks for), so nothing is copied up front. The
/// libxml2 calls are in this file; ``HTMLNode`` reads the tree's fields. No libxml2 type
/// is public. A document and its nodes are used by one thread at a time (not `Sendable`).
public final class HTMLDocument {
    /// The parsed tree, or nil for empty input (then the document has no children).
    private let tree: htmlDocPtr?
    /// True when the tree was cut at `HTMLLimits.maxDepth`.
    public let wasTruncated: Bool
    /// Element nesting the nodes show; deeper content is not there (`wasTruncated`).
    let maxDepth: Int

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

    /// Where this binary's libxml2 comes from, as `--version` says it: linked in (release
    /// builds, what `make install` ships) or the shared library loaded when a part has markup.
    public static var libraryOrigin: String {
        LibXML2Library.isLinkedIn ? "linked in" : "\(LibXML2Library.defaultName), loaded the first time a part has markup"
    }

    /// Parses HTML text (already decoded to Unicode; a `<meta charset>` inside is ignored).
    public init(parsing html: String, limits: HTMLLimits = .init()) throws(ParseError) {
        try LibXML2Library.initParser()
        guard html.utf8.count <= limits.maxBytes else { throw .tooLarge(bytes: html.utf8.count, limit: limits.maxBytes) }
        maxDepth = limits.maxDepth
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_IGNORE_ENC.rawValue | HTML_PARSE_NODEFDTD.rawValue)
            | Int32(XML_PARSE_BIG_LINES.rawValue)
        func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> htmlDocPtr? {
            // libxml2 makes no document of empty input.
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return nil }
            let characters = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            return LibXML2Library.htmlReadMemory(characters, Int32(buffer.count), nil, "UTF-8", options)
        }
        var html = html
        let (document, isBlank): (htmlDocPtr?, Bool) = html.withUTF8 { source in
            // The elements a browser builds, not the ones libxml2's HTML 4 parser would (BrowserTextRegions);
            // the text is copied only when a region is rewritten.
            let document = if let rewritten = BrowserTextRegions.rewritten(source) {
                rewritten.withUnsafeBufferPointer(parse)
            } else {
                parse(source)
            }
            return (document, document == nil && source.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        }
        guard let document else {
            // libxml2 gives no document for empty input; an empty tree is the right answer.
            if isBlank {
                tree = nil
                wasTruncated = false
                return
            }
            throw .unparsable
        }
        tree = document
        wasTruncated = Self.isCut(UnsafeMutableRawPointer(document).assumingMemoryBound(to: xmlNode.self),
                                  atDepth: limits.maxDepth)
    }

    deinit {
        if let tree {
            LibXML2Library.xmlFreeDoc(tree)
        }
    }

    /// The document node: its children are the top-level nodes.
    public var root: HTMLNode {
        HTMLNode(document: self, node: tree.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: xmlNode.self) },
                 depth: 0)
    }

    /// The 1-based source line libxml2 recorded for a node (with `XML_PARSE_BIG_LINES`, past 65,535 too).
    static func line(of node: UnsafeMutablePointer<xmlNode>) -> Int {
        let line = Int(
            LibXML2Library.xmlGetLineNo(node)
        )
        return max(line, 1)
    }

    /// Whether an element at `maxDepth` below the document has children, which the nodes then
    /// do not show. An explicit stack: a depth bomb does not recurse.
    private static func isCut(_ document: UnsafeMutablePointer<xmlNode>, atDepth maxDepth: Int) -> Bool {
        var stack: [(node: UnsafeMutablePointer<xmlNode>, depth: Int)] = [(document, 0)]
        while let (node, depth) = stack.popLast() {
            guard HTMLNode.isContainer(node) else { continue }
            if depth >= maxDepth {
                if node.pointee.children != nil { return true }
                continue
            }
            var child = node.pointee.children
            while let current = child {
                if HTMLNode.isKept(current) { stack.append((current, depth + 1)) }
                child = current.pointee.next
            }
        }
        return false
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
