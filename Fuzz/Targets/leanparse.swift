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
    let expected = whole.outline(as: .elementsAndScripts), actual = lean.outline()
    if expected != actual {
        fatalError("the lean parse differs from the whole one\n--- whole, as kept for scripts\n\(expected)--- lean\n\(actual)")
    }
    return 0
}
