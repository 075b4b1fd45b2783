/// A parsed HTML document as ``HTMLDocument`` keeps it: every node in one array, the names,
/// attribute values and text in one byte buffer. Built once from libxml2's parse events
/// (``HTMLTreeBuilder``), then only read (``HTMLNode``s are views of it).
///
/// The tree is libxml2's own (the one its SAX2 builder would make of the same events), less
/// what a reader never sees: the doctype and processing instructions are kept only as
/// ``Node/Kind-swift.enum/hidden`` nodes (they split text and count as children, as in
/// libxml2's tree), and nothing below `maxDepth` is stored.
struct HTMLTree {
    struct Node {
        enum Kind: UInt8 {
            case document, element, text, cdata, comment
            /// A doctype or processing instruction: in the tree, never shown.
            case hidden
        }

        var kind: Kind
        /// Element nesting from the document node (0).
        var depth: Int32
        /// The 1-based source line libxml2 was on when it reported the node.
        var line: Int32
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
        /// In `bytes`: an element's name, or the content of a text, CDATA or comment node.
        var start: UInt32 = 0
        var count: UInt32 = 0
        /// In `attributes`: an element's attributes, in source order.
        var firstAttribute: UInt32 = 0
        var attributeCount: UInt32 = 0
    }

    struct Attribute {
        var nameStart: UInt32
        var nameCount: UInt32
        var valueStart: UInt32
        var valueCount: UInt32
    }

    /// The document node is node 0.
    var nodes: [Node] = [Node(kind: .document, depth: 0, line: 1)]
    var attributes: [Attribute] = []
    var bytes: [UInt8] = []
    /// True when something below `maxDepth` was left out.
    var wasTruncated = false

    /// The stored bytes `start..<start + count`.
    func slice(_ start: UInt32, _ count: UInt32) -> ArraySlice<UInt8> {
        bytes[Int(start)..<Int(start) + Int(count)]
    }

    /// An element's name, as stored (libxml2 lowercases ASCII).
    func name(of node: Node) -> ArraySlice<UInt8> { slice(node.start, node.count) }

    func name(of attribute: Attribute) -> ArraySlice<UInt8> { slice(attribute.nameStart, attribute.nameCount) }

    /// An attribute's value as text (entities resolved by libxml2; "" when written bare).
    func value(of attribute: Attribute) -> String {
        String(decoding: slice(attribute.valueStart, attribute.valueCount), as: UTF8.self)
    }

    /// A text, CDATA or comment node's content (up to the first NUL byte, as libxml2's C string
    /// reads: the builder stores nothing after one).
    func content(of index: Int32) -> ArraySlice<UInt8> {
        let node = nodes[Int(index)]
        return slice(node.start, node.count)
    }

    /// Calls `body` with every node below `index` (not itself) in document order, until it
    /// returns false: the sibling links walked with a stack of where to go on at each level
    /// (no recursion, so a deep tree costs no stack).
    func forEachDescendant(of index: Int32, _ body: (Int32, Node) -> Bool) {
        var stack: [Int32] = [nodes[Int(index)].firstChild]
        while let next = stack.last {
            guard next >= 0 else {
                stack.removeLast()
                continue
            }
            let current = nodes[Int(next)]
            stack[stack.count - 1] = current.nextSibling
            guard body(next, current) else { return }
            if current.kind == .element { stack.append(current.firstChild) }
        }
    }
}
