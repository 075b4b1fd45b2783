// Fuzz target: DKIM-Signature tag lists, through the public path DKIMSignature(field:)
// over a synthetic header (TagList itself is internal to DKIM).
import DKIM
import MailMessage

private let prefix = Array("DKIM-Signature:".utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var bytes = prefix
    bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: size))
    bytes.append(contentsOf: [0x0D, 0x0A, 0x0D, 0x0A])
    let message = MailMessage(bytes: bytes)
    for field in message.header.fields(named: "DKIM-Signature") {
        if let signature = try? DKIMSignature(field: field) {
            _ = signature.signedHeaders.count
            _ = signature.bodyLength
        }
    }
    return 0
}
