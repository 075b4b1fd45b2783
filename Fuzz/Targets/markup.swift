// Fuzz target: JSON-LD and Microdata extraction over libxml2, then normalization
// into reservations and the profile rules.
import SchemaMarkup

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let html = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let extraction = MarkupExtractor().extract(html: html, part: "1")
    for reservation in extraction.reservations { _ = String(describing: reservation) }
    return 0
}
