// Fuzz target: the lenient JSON reader, strict and recovering. A value read strictly,
// serialized and read again must come back equal.
import JSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let limits = JSONReaderLimits(maxDepth: 32, maxBytes: 1 << 16)
    _ = LenientJSONReader(limits: limits, recovers: true).read(text)
    if case .success(let read) = LenientJSONReader(limits: limits, recovers: false).read(text) {
        let again = LenientJSONReader(limits: limits, recovers: false).read(read.value.serialized)
        guard case .success(let reread) = again else {
            preconditionFailure("serialized value does not read back: \(read.value.serialized)")
        }
        precondition(reread.value == read.value, "serialize/read round trip changed the value")
    }
    return 0
}
