/// ASCII letter case on bytes, for the shortcuts that compare markup's words as bytes instead
/// of making strings (a type, a schema.org IRI, a tag name in the source).
enum ASCIIBytes {
    static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
}
