// Fuzz target: header fields and addresses (MailMessage header block, AddressParser, MessageDate).
import MailMessage

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // A small header budget so the limit paths are reached too.
    let message = MailMessage(bytes: bytes, limits: ParseLimits(maxHeaderBytes: 4096, maxHeaderFields: 64))
    for field in message.header.fields {
        // Raw bytes kept beside the parsed view (STYLE.md habit 2) must be a slice of the input.
        precondition(field.raw.startIndex >= 0 && field.raw.endIndex <= bytes.count)
        precondition(Array(field.raw) == Array(bytes[field.raw.startIndex..<field.raw.endIndex]))
        _ = field.value
        _ = field.decodedValue
        _ = AddressParser.parseMailboxes(field.unfoldedValueBytes)
        _ = MessageDate(parsing: field.value)
    }
    _ = message.author
    _ = message.subject
    _ = message.messageID
    _ = message.dateValue
    // The address grammar and the date grammar straight on the input, too.
    _ = AddressParser.parseMailboxes(bytes)
    _ = MessageDate(parsing: String(decoding: bytes, as: UTF8.self))
    return 0
}
