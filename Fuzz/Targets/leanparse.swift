// Fuzz target: the lean parse (`HTMLDocument.Kept.elementsAndScripts`: LeanSource's rewritten
// source, the builder keeping scripts alone) against the whole parse of the same input. The
// lean tree must be the whole one without text outside scripts and without other elements'
// attributes: the same elements, lines, nesting, comments and depth cut. A difference traps
// with both dumps. The first byte's low bit picks a small depth limit (4) or the default.
import HTMLDocument

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let html = String(decoding: bytes, as: UTF8.self)
    let limits = HTMLLimits(maxDepth: size > 0 && bytes[0] & 1 == 1 ? 4 : 256)
    guard let whole = try? HTMLDocument(parsing: html, limits: limits) else { return 0 }
    guard let lean = try? HTMLDocument(parsing: html, limits: limits, keeping: .elementsAndScripts) else {
        fatalError("the lean parse failed where the whole one did not")
    }
    var expected = "truncated \(whole.wasTruncated)\n", actual = "truncated \(lean.wasTruncated)\n"
    dump(whole.root, scriptsOnly: true, into: &expected)
    dump(lean.root, scriptsOnly: false, into: &actual)
    if expected != actual {
        fatalError("the lean parse differs from the whole one\n--- whole, projected\n\(expected)--- lean\n\(actual)")
    }
    return 0
}

/// The tree as text; `scriptsOnly`: text only inside `script`, attributes only on `script`.
private func dump(_ node: HTMLNode, level: Int = 0, scriptsOnly: Bool, into output: inout String) {
    let indent = String(repeating: " ", count: level)
    switch node.kind {
    case .document:
        output += "document\n"
    case .element:
        let kept = !scriptsOnly || node.name == "script"
        let attributes = kept ? node.attributes.map { " \($0.name)=\($0.value.debugDescription)" }.joined() : ""
        output += "\(indent)<\(node.name)\(attributes)> line \(node.line)\n"
    case .text:
        output += "\(indent)text \(node.text.debugDescription)\n"
    case .comment:
        output += "\(indent)comment \(node.text.debugDescription)\n"
    }
    for child in node.children {
        if scriptsOnly, child.kind == .text, node.kind != .element || node.name != "script" { continue }
        dump(child, level: level + 1, scriptsOnly: scriptsOnly, into: &output)
    }
}
