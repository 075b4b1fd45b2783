/// The bytes of RFC 8259's grammar; the reader scans UTF-8 bytes, never `Character`s.
enum JSONByte {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D

    /// RFC 8259 §2: `ws = *( %x20 / %x09 / %x0A / %x0D )`.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == lineFeed || byte == carriageReturn || byte == tab
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }

    /// The value of a hexadecimal digit (either case), or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    /// A lowercase hexadecimal digit for a value 0–15.
    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? zero + value : UInt8(ascii: "a") + value - 10
    }

    /// Whether the byte starts a UTF-8 sequence (is not a continuation byte).
    @inline(__always)
    static func startsScalar(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }
}
