internal import Glibc

/// One node of a parsed HTML document: an element with its attributes and children,
/// or a text or comment node. A read-only view of the document's ``HTMLTree`` that keeps its
/// ``HTMLDocument`` alive; element and attribute names read lowercase. Elements deeper than
/// the document's `maxDepth` are not in the tree.
public struct HTMLNode {
    public enum Kind: Sendable, Equatable {
        case document, element, text, comment
    }

    /// Keeps the tree alive as long as this view.
    private let document: HTMLDocument
    private let index: Int32

    init(document: HTMLDocument, index: Int32) {
        self.document = document
        self.index = index
    }

    private var tree: HTMLTree { document.tree }
    private var node: HTMLTree.Node { document.tree.nodes[Int(index)] }

    public var kind: Kind {
        switch node.kind {
        case .document: .document
        case .element, .hidden: .element // a hidden node (doctype, instruction) is never handed out as a view
        case .text, .cdata: .text
        case .comment: .comment
        }
    }

    public var isElement: Bool { node.kind == .element }

    /// The element name (`script`, `div`); empty for other kinds.
    public var name: String {
        let node = node
        guard node.kind == .element else { return "" }
        return Self.lowercasedName(tree.name(of: node))
    }

    /// Whether this is an element of that (lowercase) name; compared as bytes, no string made.
    public func isElement(named wanted: String) -> Bool {
        let node = node
        return node.kind == .element && Self.name(tree.name(of: node), equals: wanted)
    }

    /// The 1-based line in the HTML source where the node starts.
    public var line: Int {
        let node = node
        return node.kind == .document ? 1 : max(Int(node.line), 1)
    }

    /// The text of a text or comment node (entities resolved); empty for elements.
    public var text: String {
        switch node.kind {
        case .text, .cdata, .comment: String(decoding: tree.content(of: index), as: UTF8.self)
        default: ""
        }
    }

    public var attributes: [HTMLAttribute] {
        let node = node, tree = tree
        guard node.kind == .element else { return [] }
        return tree.attributes[Self.range(of: node)].map { attribute in
            HTMLAttribute(name: Self.lowercasedName(tree.name(of: attribute)), value: tree.value(of: attribute))
        }
    }

    /// The value of the first attribute with this (lowercase) name.
    public func attribute(_ name: String) -> String? {
        firstAttribute(named: name).map(tree.value(of:))
    }

    /// Whether the attribute is present (with any value).
    public func hasAttribute(_ name: String) -> Bool { firstAttribute(named: name) != nil }

    private func firstAttribute(named wanted: String) -> HTMLTree.Attribute? {
        let node = node
        guard node.kind == .element else { return nil }
        return Self.firstAttribute(of: node, named: wanted, in: tree)
    }

    /// Read through the tree's buffers in place: a slice of them for each attribute cost a
    /// retain and a release, a tenth of Microdata's time in `extract` (issue 21).
    private static func firstAttribute(of node: HTMLTree.Node, named wanted: String, in tree: HTMLTree) -> HTMLTree.Attribute? {
        guard node.attributeCount > 0 else { return nil }
        return tree.attributes.withUnsafeBufferPointer { attributes in
            tree.bytes.withUnsafeBufferPointer { bytes in
                for attribute in attributes[range(of: node)]
                where name(UnsafeBufferPointer(rebasing: bytes[Int(attribute.nameStart)..<Int(attribute.nameStart + attribute.nameCount)]),
                           equals: wanted) {
                    return attribute
                }
                return nil
            }
        }
    }

    private static func range(of node: HTMLTree.Node) -> Range<Int> {
        Int(node.firstAttribute)..<Int(node.firstAttribute) + Int(node.attributeCount)
    }

    /// The child nodes shown: elements, text and comments.
    public var children: [HTMLNode] {
        var result: [HTMLNode] = []
        forEachChild(where: { $0 != .hidden }) { result.append($0) }
        return result
    }

    /// The child elements (`children` without text and comments), one at a time: no array
    /// made, and no view of a child that is not an element.
    public func forEachChildElement(_ body: (HTMLNode) -> Void) {
        forEachChild(where: { $0 == .element }, body)
    }

    private func forEachChild(where shown: (HTMLTree.Node.Kind) -> Bool, _ body: (HTMLNode) -> Void) {
        var child = node.firstChild
        while child >= 0 {
            let current = tree.nodes[Int(child)]
            if shown(current.kind) { body(HTMLNode(document: document, index: child)) }
            child = current.nextSibling
        }
    }

    /// The concatenated text of every text node below, in document order (the DOM's textContent).
    public var textContent: String {
        let tree = tree
        var pieces: [Int32] = []
        Self.forEachText(index, in: tree) { pieces.append($0) }
        if pieces.count == 1, let text = String(validating: tree.content(of: pieces[0]), as: UTF8.self) { return text }
        var bytes: [UInt8] = []
        for piece in pieces { bytes.append(contentsOf: tree.content(of: piece)) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        // QUIRK: bytes that are not UTF-8 are repaired piece by piece, as each text node's
        // string used to be, so a broken sequence never joins its neighbour.
        return pieces.map { String(decoding: tree.content(of: $0), as: UTF8.self) }.joined()
    }

    /// Calls `body` with every text and CDATA node at or below `index`, in document order
    /// (comments are not text).
    private static func forEachText(_ index: Int32, in tree: HTMLTree, _ body: (Int32) -> Void) {
        switch tree.nodes[Int(index)].kind {
        case .text, .cdata:
            body(index)
        case .comment, .hidden:
            break
        case .document, .element:
            tree.forEachDescendant(of: index) { descendant, node in
                if node.kind == .text || node.kind == .cdata { body(descendant) }
                return true
            }
        }
    }

    /// Every element below this node (not itself), depth first in document order.
    public var descendantElements: [HTMLNode] {
        var result: [HTMLNode] = []
        forEachDescendantElement { element, _ in
            result.append(HTMLNode(document: document, index: element))
            return true
        }
        return result
    }

    /// The elements below this node with that (lowercase) name, in document order.
    public func descendantElements(named wanted: String) -> [HTMLNode] {
        var result: [HTMLNode] = []
        let tree = tree
        forEachDescendantElement { element, node in
            if Self.name(tree.name(of: node), equals: wanted) {
                result.append(HTMLNode(document: document, index: element))
            }
            return true
        }
        return result
    }

    /// Whether any element below this node has the attribute (one walk, no strings made).
    public func hasDescendantElement(withAttribute wanted: String) -> Bool {
        let tree = tree
        if node.kind == .document {
            // Every attribute stored is on an element below the document: no walk needed.
            return tree.attributes.contains { Self.name(tree.name(of: $0), equals: wanted) }
        }
        var found = false
        forEachDescendantElement { _, node in
            found = Self.firstAttribute(of: node, named: wanted, in: tree) != nil
            return !found
        }
        return found
    }

    /// The elements below in document order until `body` returns false.
    private func forEachDescendantElement(_ body: (Int32, HTMLTree.Node) -> Bool) {
        tree.forEachDescendant(of: index) { descendant, node in
            node.kind != .element || body(descendant, node)
        }
    }

    // MARK: - Names

    /// Whether a stored name, lowercased as ``lowercasedName(_:)`` does, equals `wanted` as
    /// strings do. An ASCII name against ASCII (what libxml2's HTML parser writes, what callers
    /// ask) is compared byte for byte; anything else goes through the string comparison.
    static func name(_ stored: ArraySlice<UInt8>, equals wanted: String) -> Bool {
        stored.withUnsafeBufferPointer { name($0, equals: wanted) }
    }

    static func name(_ stored: UnsafeBufferPointer<UInt8>, equals wanted: String) -> Bool {
        if let answer = wanted.utf8.withContiguousStorageIfAvailable({ asciiName(stored, equals: $0) }), let answer {
            return answer
        }
        return lowercasedName(stored) == wanted
    }

    /// The comparison on bytes, or nil when it needs the strings: a non-ASCII byte met before
    /// the answer is known (a name outside ASCII may equal an ASCII one canonically: U+212A
    /// lowercases to "k", U+037E is ";"). An ASCII byte that differs decides: lowercasing and
    /// canonical equivalence never turn an ASCII character into another ASCII character.
    private static func asciiName(_ stored: UnsafeBufferPointer<UInt8>, equals wanted: UnsafeBufferPointer<UInt8>) -> Bool? {
        var position = stored.startIndex
        for expected in wanted {
            guard position < stored.endIndex else { return false }
            let byte = stored[position]
            guard expected < 0x80, byte < 0x80 else { return nil }
            if (0x41...0x5A).contains(byte) ? byte | 0x20 != expected : byte != expected { return false }
            position += 1
        }
        if position == stored.endIndex { return true }
        return stored[position] < 0x80 ? false : nil
    }

    /// An element or attribute name in lowercase. libxml2's HTML parser lowercases ASCII
    /// names itself, so the name is lowercased again only when it is not plain lowercase ASCII.
    static func lowercasedName(_ stored: some Collection<UInt8>) -> String {
        let name = String(decoding: stored, as: UTF8.self)
        return stored.contains(where: { $0 >= 0x80 || (0x41...0x5A).contains($0) }) ? name.lowercased() : name
    }
}

public struct HTMLAttribute: Sendable, Hashable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
