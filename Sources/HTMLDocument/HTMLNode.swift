/// One node of a parsed HTML document: an element with its attributes and children,
/// or a text or comment node. Immutable; element and attribute names are lowercase.
public struct HTMLNode: Sendable {
    public enum Kind: Sendable, Equatable {
        case document, element, text, comment
    }

    public let kind: Kind
    /// The element name (`script`, `div`); empty for other kinds.
    public let name: String
    public let attributes: [HTMLAttribute]
    /// The text of a text or comment node (entities resolved); empty for elements.
    public let text: String
    public let children: [HTMLNode]
    /// The 1-based line in the HTML source where the node starts.
    public let line: Int

    public init(kind: Kind, name: String = "", attributes: [HTMLAttribute] = [], text: String = "",
                children: [HTMLNode] = [], line: Int) {
        self.kind = kind
        self.name = name
        self.attributes = attributes
        self.text = text
        self.children = children
        self.line = line
    }

    public var isElement: Bool { kind == .element }

    /// The value of the first attribute with this (lowercase) name.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// Whether the attribute is present (with any value).
    public func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }

    /// The concatenated text of every text node below, in document order (the DOM's textContent).
    public var textContent: String {
        var output = ""
        appendText(to: &output)
        return output
    }

    private func appendText(to output: inout String) {
        if kind == .text { output += text }
        for child in children where child.kind != .comment { child.appendText(to: &output) }
    }

    /// Every element below this node (not itself), depth first in document order.
    public var descendantElements: [HTMLNode] {
        var result: [HTMLNode] = []
        var stack = Array(children.reversed())
        while let node = stack.popLast() {
            guard node.isElement else { continue }
            result.append(node)
            stack.append(contentsOf: node.children.reversed())
        }
        return result
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
