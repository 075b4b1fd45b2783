// Fuzz target: the ISO 8601 parser. A parsed value's description parses back to an
// equal value (documented for years 0000...9999); derived forms must not trap.
import SchemaMarkup

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let result = DateTimeValue.parse(text) else { return 0 }
    let value = result.value
    let description = value.description
    if (0...9999).contains(value.year) {
        guard let again = DateTimeValue.parse(description) else {
            preconditionFailure("\(text.debugDescription) -> \(description) does not parse")
        }
        precondition(again.value == value, "\(text.debugDescription) -> \(description) -> \(again.value)")
        precondition(again.adjustments.isEmpty, "normalized form \(description) needed adjustments")
    }
    _ = value.icalendarText
    _ = value.instant
    _ = value.inUTC
    _ = value.adding(seconds: 86_400)
    _ = value.compare(value)
    return 0
}
