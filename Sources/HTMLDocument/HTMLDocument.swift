internal import CLibXML2

/// An HTML document parsed with libxml2's HTML parser (recovering from broken markup,
/// no network, no external entities) — with the regions a browser reads as text
/// (textarea, title, noscript, template contents, bogus comments…) kept as text, so the
/// elements are the ones a browser builds (``BrowserTextRegions``).
///
/// libxml2 parses and reports what it reads; the document keeps it as one compact
/// ``HTMLTree`` (``HTMLTreeBuilder`` builds it by libxml2's own tree rules), so libxml2
/// allocates no node and nothing is freed node by node. ``HTMLNode``s are read-only views of
/// it that keep the document alive. No libxml2 type is public. A document and its nodes are
/// used by one thread at a time (not `Sendable`).
public final class HTMLDocument {
    let tree: HTMLTree
    /// True when the tree was cut at `HTMLLimits.maxDepth`.
    public var wasTruncated: Bool { tree.wasTruncated }

    public enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        case tooLarge(bytes: Int, limit: Int)
        case unparsable
        /// libxml2 cannot be loaded (not installed, or broken): dlerror's text, which names it.
        case libraryUnavailable(reason: String)

        public var description: String {
            switch self {
            case .tooLarge(let bytes, let limit) where limit == HTMLDocument.largestParsed:
                "HTML part of \(bytes) bytes exceeds the \(limit) bytes eventsuggest parses at most, whatever limit html-bytes says"
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

    /// What of the document a reader needs kept.
    public enum Kept: Sendable, Equatable {
        /// Every node and attribute.
        case everything
        /// Every element (its name, line and place, so nesting, the depth cut and
        /// `wasTruncated` are those of the whole tree), comments, and the attributes and
        /// content of `script` elements; no other text, attribute or `style` content. For a
        /// reader of scripts alone (JSON-LD with no Microdata in the part): the text of an
        /// e-mail is most of what the builder would store (issue 21).
        case elementsAndScripts
    }

    /// Parses HTML text (already decoded to Unicode; a `<meta charset>` inside is ignored),
    /// keeping what `kept` says: for scripts alone, libxml2 reads the source with what such a
    /// tree never stores taken out (`LeanSource`).
    public init(parsing html: String, limits: HTMLLimits = .init(), keeping kept: Kept = .everything) throws(ParseError) {
        try LibXML2Library.initParser()
        guard html.utf8.count <= limits.maxBytes else { throw .tooLarge(bytes: html.utf8.count, limit: limits.maxBytes) }
        // libxml2 takes the size as an int; the tree's offsets are 32-bit (HTMLTree).
        guard html.utf8.count <= Self.largestParsed else { throw .tooLarge(bytes: html.utf8.count, limit: Self.largestParsed) }
        var builder = HTMLTreeBuilder(maxDepth: limits.maxDepth, keeping: kept)
        func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
            // libxml2 makes no document of empty input: an empty tree is the right answer.
            buffer.isEmpty || LibXML2Library.parse(buffer, options: Self.parseOptions, into: &builder)
        }
        var html = html
        let parsed = html.withUTF8 { source in
            // The elements a browser builds, not the ones libxml2's HTML 4 parser would (BrowserTextRegions);
            // the text is copied only when a region is rewritten.
            let rewritten = BrowserTextRegions.rewritten(source)
            func parseLean(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
                // Kept for scripts alone: no other attribute value or text is read (LeanSource).
                guard kept == .elementsAndScripts, let lean = LeanSource.rewritten(source) else { return parse(source) }
                return lean.withUnsafeBufferPointer(parse)
            }
            return rewritten?.withUnsafeBufferPointer(parseLean) ?? parseLean(source)
        }
        guard parsed else { throw .unparsable }
        tree = builder.tree
    }

    /// libxml2's options: recover from broken markup, no network, no messages, the declared
    /// encoding ignored (the text is UTF-8 already), no default doctype, lines past 65,535.
    static let parseOptions = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_IGNORE_ENC.rawValue | HTML_PARSE_NODEFDTD.rawValue)
        | Int32(XML_PARSE_BIG_LINES.rawValue)

    /// The largest HTML part parsed whatever the limits say: a quarter of what 32-bit offsets
    /// reach (each source byte is stored at most twice, an attribute's name and its value).
    static let largestParsed = Int(Int32.max) / 4

    /// The document node: its children are the top-level nodes.
    public var root: HTMLNode {
        HTMLNode(document: self, index: 0)
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
