// Fuzz target: the MIME tree and the transfer/charset decoders of every leaf.
import MailMessage

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Small budgets so depth, part and decoded-size limits are hit, not just approached.
    let limits = ParseLimits(maxHeaderBytes: 8192, maxHeaderFields: 100, maxMIMEDepth: 8, maxParts: 64,
                             maxDecodedBytes: 16 << 10)
    let message = MailMessage(bytes: bytes, limits: limits)
    var count = 0
    func walk(_ entity: MIMEEntity, depth: Int) {
        count += 1
        precondition(depth <= limits.maxMIMEDepth + 1, "MIME depth \(depth) over budget")
        _ = entity.filename
        if entity.isLeaf {
            let body = entity.decodedBody(limits: limits)
            precondition(body.bytes.count <= limits.maxDecodedBytes, "decoded \(body.bytes.count) bytes over budget")
            _ = entity.decodedText(limits: limits)
        }
        for child in entity.children { walk(child, depth: depth + 1) }
    }
    walk(message.root, depth: 0)
    precondition(count <= limits.maxParts, "\(count) parts over budget")
    _ = message.leafParts
    _ = Base64Decoder.decode(bytes, limit: 4096)
    _ = QuotedPrintableDecoder.decode(bytes)
    return 0
}
