internal import CLibXML2
internal import Glibc

/// One node of a parsed HTML document: an element with its attributes and children,
/// or a text or comment node. A read-only view of libxml2's tree that keeps its
/// ``HTMLDocument`` alive; element and attribute names read lowercase. Elements deeper
/// than the document's `maxDepth` are not shown (the old copied tree's cut, kept).
public struct HTMLNode {
    public enum Kind: Sendable, Equatable {
        case document, element, text, comment
    }

    /// Keeps the C tree alive as long as this view.
    private let document: HTMLDocument
    /// The libxml2 node (an `xmlNode`); nil only for the root of an empty document.
    private let raw: UnsafeMutableRawPointer?
    /// Element nesting from the document node (0).
    private let depth: Int

    init(document: HTMLDocument, node: UnsafeMutablePointer<xmlNode>?, depth: Int) {
        self.document = document
        raw = node.map(UnsafeMutableRawPointer.init)
        self.depth = depth
    }

    private var node: UnsafeMutablePointer<xmlNode>? { raw?.assumingMemoryBound(to: xmlNode.self) }

    public var kind: Kind {
        guard let node else { return .document }
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: return .text
        case XML_COMMENT_NODE: return .comment
        case XML_DOCUMENT_NODE, XML_HTML_DOCUMENT_NODE: return .document
        default: return .element
        }
    }

    public var isElement: Bool { kind == .element }

    /// The element name (`script`, `div`); empty for other kinds.
    public var name: String {
        guard let node, isElement else { return "" }
        return Self.lowercasedName(node.pointee.name)
    }

    /// Whether this is an element of that (lowercase) name; compared as bytes, no string made.
    public func isElement(named wanted: String) -> Bool {
        guard let node, isElement else { return false }
        return Self.name(node.pointee.name, equals: wanted)
    }

    /// The 1-based line in the HTML source where the node starts.
    public var line: Int {
        guard let node, kind != .document else { return 1 }
        return HTMLDocument.line(of: node)
    }

    /// The text of a text or comment node (entities resolved); empty for elements.
    public var text: String {
        guard let node, kind == .text || kind == .comment, let content = node.pointee.content else { return "" }
        return String(cString: content)
    }

    public var attributes: [HTMLAttribute] {
        guard let node, isElement else { return [] }
        var result: [HTMLAttribute] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            result.append(HTMLAttribute(name: Self.lowercasedName(current.pointee.name), value: Self.value(of: current)))
            attribute = current.pointee.next
        }
        return result
    }

    /// The value of the first attribute with this (lowercase) name.
    public func attribute(_ name: String) -> String? {
        firstAttribute(named: name).map(Self.value(of:))
    }

    /// Whether the attribute is present (with any value).
    public func hasAttribute(_ name: String) -> Bool { firstAttribute(named: name) != nil }

    private func firstAttribute(named wanted: String) -> UnsafeMutablePointer<xmlAttr>? {
        guard let node, isElement else { return nil }
        return Self.firstAttribute(of: node, named: wanted)
    }

    private static func firstAttribute(of node: UnsafeMutablePointer<xmlNode>, named wanted: String) -> UnsafeMutablePointer<xmlAttr>? {
        var attribute = node.pointee.properties
        while let current = attribute {
            if name(current.pointee.name, equals: wanted) { return current }
            attribute = current.pointee.next
        }
        return nil
    }

    /// The child nodes shown: elements, text and comments, none below `maxDepth`.
    public var children: [HTMLNode] {
        var result: [HTMLNode] = []
        forEachChild { result.append($0) }
        return result
    }

    /// The child elements (`children` without text and comments), one at a time: no array
    /// made, and no view of a child that is not an element.
    public func forEachChildElement(_ body: (HTMLNode) -> Void) {
        forEachChild(where: { $0.pointee.type == XML_ELEMENT_NODE }, body)
    }

    private func forEachChild(where shown: (UnsafeMutablePointer<xmlNode>) -> Bool = HTMLNode.isKept, _ body: (HTMLNode) -> Void) {
        guard let node, Self.isContainer(node), depth < document.maxDepth else { return }
        var child = node.pointee.children
        while let current = child {
            if shown(current) { body(HTMLNode(document: document, node: current, depth: depth + 1)) }
            child = current.pointee.next
        }
    }

    /// The concatenated text of every text node below, in document order (the DOM's textContent).
    public var textContent: String {
        guard let node else { return "" }
        var bytes: [UInt8] = []
        Self.forEachText(node, depth: depth, maxDepth: document.maxDepth) { content in
            bytes.append(contentsOf: UnsafeBufferPointer(start: content, count: strlen(content)))
        }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        // QUIRK: bytes that are not UTF-8 are repaired piece by piece, as each text node's
        // string used to be, so a broken sequence never joins its neighbour.
        var output = ""
        Self.forEachText(node, depth: depth, maxDepth: document.maxDepth) { output += String(cString: $0) }
        return output
    }

    /// Calls `body` with the content of every text and CDATA node below `node`, in document
    /// order, as far down as the `maxDepth` cut keeps (comments are not text).
    private static func forEachText(_ node: UnsafeMutablePointer<xmlNode>, depth: Int, maxDepth: Int,
                                    _ body: (UnsafeMutablePointer<xmlChar>) -> Void) {
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            if let content = node.pointee.content { body(content) }
            return
        case XML_COMMENT_NODE:
            return
        default:
            break
        }
        guard depth < maxDepth else { return }
        var child = node.pointee.children
        while let current = child {
            if isKept(current) { forEachText(current, depth: depth + 1, maxDepth: maxDepth, body) }
            child = current.pointee.next
        }
    }

    /// Every element below this node (not itself), depth first in document order.
    public var descendantElements: [HTMLNode] {
        var result: [HTMLNode] = []
        forEachDescendantElement { result.append($0); return true }
        return result
    }

    /// The elements below this node with that (lowercase) name, in document order.
    public func descendantElements(named wanted: String) -> [HTMLNode] {
        var result: [HTMLNode] = []
        forEachDescendantElement { element, level in
            if Self.name(element.pointee.name, equals: wanted) {
                result.append(HTMLNode(document: document, node: element, depth: level))
            }
            return true
        }
        return result
    }

    /// Whether any element below this node has the attribute (one walk, no strings made).
    public func hasDescendantElement(withAttribute wanted: String) -> Bool {
        var found = false
        forEachDescendantElement { element, _ in
            found = Self.firstAttribute(of: element, named: wanted) != nil
            return !found
        }
        return found
    }

    /// The elements below in document order, each with its depth, until `body` returns false:
    /// libxml2's sibling links walked with a stack of where to go on at each level (no
    /// recursion, so a depth bomb costs no stack; no view made for an element not wanted).
    private func forEachDescendantElement(_ body: (UnsafeMutablePointer<xmlNode>, Int) -> Bool) {
        guard let node, Self.isContainer(node), depth < document.maxDepth else { return }
        let maxDepth = document.maxDepth
        var stack: [(next: UnsafeMutablePointer<xmlNode>?, depth: Int)] = [(node.pointee.children, depth + 1)]
        while let (next, level) = stack.last {
            guard let current = next else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next = current.pointee.next
            guard current.pointee.type == XML_ELEMENT_NODE else { continue }
            guard body(current, level) else { return }
            if level < maxDepth, let children = current.pointee.children { stack.append((children, level + 1)) }
        }
    }

    private func forEachDescendantElement(_ body: (HTMLNode) -> Bool) {
        forEachDescendantElement { element, level in body(HTMLNode(document: document, node: element, depth: level)) }
    }

    // MARK: - Reading libxml2's fields

    /// The node types a view shows as children.
    static func isKept(_ node: UnsafeMutablePointer<xmlNode>) -> Bool {
        switch node.pointee.type {
        case XML_ELEMENT_NODE, XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_COMMENT_NODE: true
        default: false
        }
    }

    /// Nodes that may have children shown: not text or comments.
    static func isContainer(_ node: UnsafeMutablePointer<xmlNode>) -> Bool {
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_COMMENT_NODE: false
        default: true
        }
    }

    /// An attribute's value: its text children joined (libxml2 has resolved the entities).
    private static func value(of attribute: UnsafeMutablePointer<xmlAttr>) -> String {
        var value = ""
        var text = attribute.pointee.children
        while let piece = text {
            if let content = piece.pointee.content { value += String(cString: content) }
            text = piece.pointee.next
        }
        return value
    }

    /// Whether a C name, lowercased as ``lowercasedName(_:)`` does, equals `wanted` as strings
    /// do. An ASCII name against ASCII (what libxml2's HTML parser writes, what callers ask)
    /// is compared byte for byte; anything else goes through the string comparison.
    static func name(_ pointer: UnsafePointer<xmlChar>?, equals wanted: String) -> Bool {
        guard let pointer else { return wanted.isEmpty }
        if let answer = wanted.utf8.withContiguousStorageIfAvailable({ asciiName(pointer, equals: $0) }), let answer {
            return answer
        }
        return lowercasedName(pointer) == wanted
    }

    /// The comparison on bytes, or nil when it needs the strings: a non-ASCII byte met before
    /// the answer is known (a name outside ASCII may equal an ASCII one canonically: U+212A
    /// lowercases to "k", U+037E is ";"). An ASCII byte that differs decides: lowercasing and
    /// canonical equivalence never turn an ASCII character into another ASCII character.
    private static func asciiName(_ pointer: UnsafePointer<xmlChar>, equals wanted: UnsafeBufferPointer<UInt8>) -> Bool? {
        for index in 0..<wanted.count {
            let expected = wanted[index], byte = pointer[index]
            guard expected < 0x80, byte < 0x80 else { return nil }
            if byte == 0 { return false }
            if (0x41...0x5A).contains(byte) ? byte | 0x20 != expected : byte != expected { return false }
        }
        let after = pointer[wanted.count]
        if after == 0 { return true }
        return after < 0x80 ? false : nil
    }

    /// An element or attribute name in lowercase. libxml2's HTML parser lowercases ASCII
    /// names itself, so the name is lowercased again only when it is not plain lowercase ASCII.
    static func lowercasedName(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        var index = 0
        while pointer[index] != 0 {
            let byte = pointer[index]
            if byte >= 0x80 || (0x41...0x5A).contains(byte) { return String(cString: pointer).lowercased() }
            index += 1
        }
        return String(cString: pointer)
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
