/// The byte form of what a scan sets aside (issue 21): integers as zig-zag LEB128, strings
/// as their length and UTF-8 bytes, optionals behind a presence byte. Written and read by
/// the same program run, so no version tag; a reader still checks every length and byte,
/// and says what was wrong instead of trapping.
struct ScanSpoolWriter {
    private(set) var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(2048) }

    mutating func int(_ value: Int) {
        // Zig-zag: small negative numbers stay short too.
        var rest = UInt64(bitPattern: Int64(value) << 1 ^ Int64(value) >> 63)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func double(_ value: Double) {
        var bits = value.bitPattern
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// A presence byte, then the value when there is one.
    mutating func optional<Value>(_ value: Value?, _ write: (inout ScanSpoolWriter, Value) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    mutating func array<Value>(_ values: [Value], _ write: (inout ScanSpoolWriter, Value) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }
}

/// Bytes that do not decode as what the writer wrote: cut short, a length past the end, a
/// value a type's own checks refuse.
struct ScanSpoolDecodingError: Error, Equatable, CustomStringConvertible {
    let reason: String
    var description: String { "the scan's spool holds an unreadable record: \(reason)" }
}

/// Reads what ``ScanSpoolWriter`` wrote, from the start.
struct ScanSpoolReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    mutating func int() throws(ScanSpoolDecodingError) -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count else { throw ScanSpoolDecodingError(reason: "a number is cut short") }
            let byte = bytes[position]
            position += 1
            guard shift < 64, shift < 63 || byte <= 1 else { throw ScanSpoolDecodingError(reason: "a number is too long") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1))
    }

    mutating func bool() throws(ScanSpoolDecodingError) -> Bool {
        guard position < bytes.count else { throw ScanSpoolDecodingError(reason: "a flag is cut short") }
        defer { position += 1 }
        switch bytes[position] {
        case 0: return false
        case 1: return true
        default: throw ScanSpoolDecodingError(reason: "a flag is neither 0 nor 1")
        }
    }

    mutating func double() throws(ScanSpoolDecodingError) -> Double {
        guard bytes.count - position >= 8 else { throw ScanSpoolDecodingError(reason: "a number is cut short") }
        var bits: UInt64 = 0
        for index in (0..<8).reversed() { bits = bits << 8 | UInt64(bytes[position + index]) }
        position += 8
        return Double(bitPattern: bits)
    }

    mutating func string() throws(ScanSpoolDecodingError) -> String {
        let count = try int()
        guard count >= 0, count <= bytes.count - position else { throw ScanSpoolDecodingError(reason: "a text runs past the record") }
        defer { position += count }
        guard let text = String(validating: bytes[position..<(position + count)], as: UTF8.self) else {
            throw ScanSpoolDecodingError(reason: "a text is not UTF-8")
        }
        return text
    }

    mutating func optional<Value>(_ read: (inout ScanSpoolReader) throws(ScanSpoolDecodingError) -> Value)
        throws(ScanSpoolDecodingError) -> Value? {
        try bool() ? try read(&self) : nil
    }

    mutating func array<Value>(_ read: (inout ScanSpoolReader) throws(ScanSpoolDecodingError) -> Value)
        throws(ScanSpoolDecodingError) -> [Value] {
        let count = try int()
        // Every element takes at least one byte: a count past that is a corrupt record, not an allocation.
        guard count >= 0, count <= bytes.count - position else { throw ScanSpoolDecodingError(reason: "a list runs past the record") }
        var values: [Value] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    /// A raw value of `Value`'s own type (an enum's case name), refused when unknown.
    mutating func raw<Value: RawRepresentable<String>>(_ type: Value.Type) throws(ScanSpoolDecodingError) -> Value {
        let text = try string()
        guard let value = Value(rawValue: text) else { throw ScanSpoolDecodingError(reason: "unknown \(Value.self) \(text)") }
        return value
    }
}
