internal import Glibc

/// Builds an ``HTMLTree`` from libxml2's HTML parse events, by the rules libxml2's own SAX2
/// tree builder follows (libxml2 2.9 `SAX2.c`), so the tree is the one `htmlReadMemory` would
/// have built — without libxml2 allocating, linking and freeing a node for every element,
/// attribute and text (a third of the parse; issue 21). `HTMLTreeParityTests` holds the two
/// trees side by side.
///
/// Where it departs from libxml2's tree, on purpose:
/// - Nothing below `maxDepth` is stored (``HTMLTree/wasTruncated`` says so).
/// - libxml2's tree builder halts the whole parse when elements nest deeper than 256
///   (`xmlParserMaxDepth`), losing everything after; here the parse goes on and only the
///   nesting below `maxDepth` is left out.
/// - A text node keeps all its text; libxml2's builder stops adding to one at 10,000,000 bytes.
/// - Lines are exact past 65,535 (libxml2's node stores 65,535 and guesses from neighbours).
///
/// Keeping ``HTMLDocument/Kept/elementsAndScripts``, the same events build the same elements;
/// only the text outside scripts, `style` content and the attributes of other elements are not
/// stored (a text below the depth cut still sets `wasTruncated`, as it does in the whole tree).
struct HTMLTreeBuilder {
    private(set) var tree = HTMLTree()
    /// Whether libxml2 began the document (its `startDocument` event); it does for any input
    /// it could read at all.
    var didStart = false
    private let maxDepth: Int32
    private let keepsEverything: Bool
    /// The open elements, innermost last, as libxml2's node stack holds them: a node, or -1 for
    /// an element below `maxDepth` (not stored).
    private var open: [Int32] = []
    private var hasDoctype = false
    /// The text node whose content reached a NUL byte, if any: libxml2's C string ends there,
    /// so nothing more of it is stored. Only the open element's last child is ever extended,
    /// and once another node follows it never is again, so one is all there can be.
    private var endedText: Int32 = -1

    init(maxDepth: Int, keeping kept: HTMLDocument.Kept = .everything) {
        self.maxDepth = Int32(clamping: maxDepth)
        keepsEverything = kept == .everything
    }

    /// A start tag (or one libxml2 implied). `attributes` is libxml2's NULL-terminated list of
    /// name, value pairs; a value is NULL for an attribute written without one.
    mutating func startElement(name: UnsafePointer<UInt8>, attributes: UnsafePointer<UnsafePointer<UInt8>?>?, line: Int32) {
        guard let parent = parentForElement() else {
            open.append(-1)
            return
        }
        let index = Int32(tree.nodes.count)
        var node = HTMLTree.Node(kind: .element, depth: tree.nodes[Int(parent)].depth + 1, line: line)
        let localName = Self.localName(name)
        (node.start, node.count) = store(localName)
        node.firstAttribute = UInt32(tree.attributes.count)
        if let attributes, keepsEverything || Self.isScript(localName) {
            var pair = 0
            while let attributeName = attributes[pair] {
                let nameBytes = UnsafeBufferPointer(start: attributeName, count: strlen(attributeName))
                let (nameStart, nameCount) = store(nameBytes)
                let value: (UInt32, UInt32)
                if let given = attributes[pair + 1] {
                    value = store(UnsafeBufferPointer(start: given, count: strlen(given)))
                } else if Self.isBooleanAttribute(nameBytes) {
                    // libxml2 gives an HTML 4 boolean attribute written bare its own name as value.
                    value = (nameStart, nameCount)
                } else {
                    value = (UInt32(tree.bytes.count), 0)
                }
                tree.attributes.append(HTMLTree.Attribute(nameStart: nameStart, nameCount: nameCount,
                                                          valueStart: value.0, valueCount: value.1))
                pair += 2
            }
        }
        node.attributeCount = UInt32(tree.attributes.count) - node.firstAttribute
        append(node, to: parent)
        open.append(index)
    }

    mutating func endElement() {
        _ = open.popLast()
    }

    /// Text (`kind` `.text`) or script and style content (`.cdata`); joined to the previous
    /// node when that is of the same kind, as libxml2 joins them. Text outside every element is
    /// dropped, as libxml2's builder drops it.
    mutating func characters(_ text: UnsafeBufferPointer<UInt8>, kind: HTMLTree.Node.Kind, line: Int32) {
        guard let parent = open.last, let target = storedParent(parent) else { return }
        if !keepsEverything {
            // Only a script's content: CDATA from libxml2, or text in an `<o:script>`, which
            // libxml2 parses as an unknown element but whose local name is `script`.
            guard tree.nodes[Int(target)].kind == .element,
                  tree.name(of: tree.nodes[Int(target)]).withUnsafeBufferPointer(Self.isScript) else { return }
        }
        let last = tree.nodes[Int(target)].lastChild
        if last >= 0, tree.nodes[Int(last)].kind == kind {
            guard last != endedText else { return }
            extend(last, with: text)
            return
        }
        let index = Int32(tree.nodes.count)
        var node = HTMLTree.Node(kind: kind, depth: tree.nodes[Int(target)].depth + 1, line: line)
        (node.start, node.count) = store(upToNUL(text, of: index))
        append(node, to: target)
    }

    /// A comment: a child of the open element, or of the document when none is open.
    mutating func comment(_ text: UnsafePointer<UInt8>, line: Int32) {
        guard let target = storedParent(open.last ?? 0) else { return }
        var node = HTMLTree.Node(kind: .comment, depth: tree.nodes[Int(target)].depth + 1, line: line)
        (node.start, node.count) = store(UnsafeBufferPointer(start: text, count: strlen(text)))
        append(node, to: target)
    }

    /// A processing instruction: in the tree (it splits text), never shown.
    mutating func processingInstruction(line: Int32) {
        guard let target = storedParent(open.last ?? 0) else { return }
        append(HTMLTree.Node(kind: .hidden, depth: tree.nodes[Int(target)].depth + 1, line: line), to: target)
    }

    /// A doctype: the first one becomes the document's first child (libxml2's
    /// `xmlCreateIntSubset` puts it there in an HTML document, wherever it stood), later ones
    /// are ignored.
    mutating func doctype(line: Int32) {
        guard !hasDoctype else { return }
        hasDoctype = true
        guard storedParent(0) != nil else { return }
        let index = Int32(tree.nodes.count)
        var node = HTMLTree.Node(kind: .hidden, depth: 1, line: line)
        node.nextSibling = tree.nodes[0].firstChild
        tree.nodes.append(node)
        if tree.nodes[0].lastChild < 0 { tree.nodes[0].lastChild = index }
        tree.nodes[0].firstChild = index
    }

    // MARK: - Where nodes go

    /// The node a new element goes under, or nil when it is below `maxDepth`.
    /// libxml2 (`xmlSAX2StartElement`): under the open element; with none open, under the
    /// document when it is empty or its first child is not an element, else under that first
    /// child (an element after `</html>` lands inside the first `<html>`).
    private mutating func parentForElement() -> Int32? {
        if let innermost = open.last { return storedParent(innermost) }
        let first = tree.nodes[0].firstChild
        let parent = first >= 0 && tree.nodes[Int(first)].kind == .element ? first : 0
        return storedParent(parent)
    }

    /// `parent` when a child of it is stored; nil, noting the cut, when the child would be
    /// below `maxDepth` or `parent` itself was not stored.
    private mutating func storedParent(_ parent: Int32) -> Int32? {
        guard parent >= 0, tree.nodes[Int(parent)].depth < maxDepth else {
            tree.wasTruncated = true
            return nil
        }
        return parent
    }

    private mutating func append(_ node: HTMLTree.Node, to parent: Int32) {
        let index = Int32(tree.nodes.count)
        tree.nodes.append(node)
        let last = tree.nodes[Int(parent)].lastChild
        if last >= 0 {
            tree.nodes[Int(last)].nextSibling = index
        } else {
            tree.nodes[Int(parent)].firstChild = index
        }
        tree.nodes[Int(parent)].lastChild = index
    }

    // MARK: - Bytes

    private mutating func store(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: UInt32, count: UInt32) {
        let start = UInt32(tree.bytes.count)
        tree.bytes.append(contentsOf: bytes)
        return (start, UInt32(bytes.count))
    }

    /// Adds text to the node that ends the byte buffer (the last node stored is always the one
    /// extended: nothing is stored between two pieces of one text), or copies it there first.
    private mutating func extend(_ index: Int32, with text: UnsafeBufferPointer<UInt8>) {
        let piece = upToNUL(text, of: index)
        let node = tree.nodes[Int(index)]
        if Int(node.start) + Int(node.count) != tree.bytes.count {
            let content = Array(tree.slice(node.start, node.count))
            tree.nodes[Int(index)].start = UInt32(tree.bytes.count)
            tree.bytes.append(contentsOf: content)
        }
        tree.bytes.append(contentsOf: piece)
        tree.nodes[Int(index)].count += UInt32(piece.count)
    }

    /// `text` up to its first NUL byte, noting that the node `index` ends there.
    private mutating func upToNUL(_ text: UnsafeBufferPointer<UInt8>, of index: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let base = text.baseAddress, let nul = memchr(base, 0, text.count) else { return text }
        endedText = index
        return UnsafeBufferPointer(start: base, count: base.distance(to: nul.assumingMemoryBound(to: UInt8.self)))
    }

    // MARK: - libxml2's naming rules

    /// An element's name as libxml2's tree builder keeps it (`xmlSplitQName`): what follows the
    /// first colon (`<o:p>` is a `p`), unless the name starts with a colon or its first colon
    /// is its last character.
    static func localName(_ name: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let whole = UnsafeBufferPointer(start: name, count: strlen(name))
        guard whole.first != UInt8(ascii: ":"), let colon = whole.firstIndex(of: UInt8(ascii: ":")),
              colon + 1 < whole.count else { return whole }
        return UnsafeBufferPointer(rebasing: whole[(colon + 1)...])
    }

    /// Whether an element's (local) name is `script`, ASCII case ignored (libxml2 lowercases it).
    static func isScript(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        name.count == 6 && zip(name, "script".utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    /// HTML 4's boolean attributes (libxml2's `htmlIsBooleanAttr`, ASCII case ignored).
    /// Only ever asked of an attribute written without a value.
    static func isBooleanAttribute(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard (5...8).contains(name.count), name.allSatisfy({ $0 < 0x80 }) else { return false }
        switch String(decoding: name, as: UTF8.self).lowercased() {
        case "checked", "compact", "declare", "defer", "disabled", "ismap", "multiple", "nohref", "noresize",
             "noshade", "nowrap", "readonly", "selected": return true
        default: return false
        }
    }
}
