extension HTMLDocument {
    /// The tree as text, a node a line, indented by depth: `document`, `<name a="value"> line N`,
    /// `text "…"`, `comment "…"` (values and text as Swift literals), and last `truncated` and
    /// whether the depth cut left something out.
    ///
    /// `as: .elementsAndScripts` leaves out what a parse kept for scripts alone does not
    /// store — text outside `script` elements, the attributes of other elements — so that the
    /// whole parse of a source and its lean parse read the same (what `HTMLTreeParityTests`
    /// and the `leanparse` fuzz target hold them to).
    public func outline(as kept: Kept = .everything) -> String {
        var output = ""
        Self.outline(root, level: 0, scriptsOnly: kept == .elementsAndScripts, into: &output)
        return output + "truncated \(wasTruncated)\n"
    }

    private static func outline(_ node: HTMLNode, level: Int, scriptsOnly: Bool, into output: inout String) {
        let indent = String(repeating: " ", count: level)
        switch node.kind {
        case .document:
            output += "document\n"
        case .element:
            let attributes = scriptsOnly && node.name != "script" ? []
                : node.attributes.map { " \($0.name)=\($0.value.debugDescription)" }
            output += "\(indent)<\(node.name)\(attributes.joined())> line \(node.line)\n"
        case .text:
            output += "\(indent)text \(node.text.debugDescription)\n"
        case .comment:
            output += "\(indent)comment \(node.text.debugDescription)\n"
        }
        let keepsText = !scriptsOnly || (node.kind == .element && node.name == "script")
        for child in node.children where keepsText || child.kind != .text {
            outline(child, level: level + 1, scriptsOnly: scriptsOnly, into: &output)
        }
    }
}
