internal import Glibc

/// An HTML source as bytes, with the searches shared by the passes that rewrite it before
/// libxml2 reads it (`BrowserTextRegions`, `LeanSource`): a byte found by `memchr`, literal
/// text at a place, names compared with ASCII case ignored.
struct SourceBytes {
    let bytes: UnsafeBufferPointer<UInt8>

    var count: Int { bytes.count }

    subscript(position: Int) -> UInt8 { bytes[position] }

    subscript(range: Range<Int>) -> Slice<UnsafeBufferPointer<UInt8>> { bytes[range] }

    /// The first index of `byte` in `start..<end` (the end of the source when nil), by memchr.
    func index(of byte: UInt8, from start: Int, before end: Int? = nil) -> Int? {
        let end = end ?? count
        guard start < end, let base = bytes.baseAddress, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The first index from `start` where `text` is.
    func find(_ text: StaticString, from start: Int) -> Int? {
        var position = start
        while let candidate = index(of: text.utf8Start.pointee, from: position) {
            if matches(at: candidate, text) { return candidate }
            position = candidate + 1
        }
        return nil
    }

    /// Whether `text` is at `position`, byte for byte.
    func matches(at position: Int, _ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard position >= 0, position + length <= count else { return false }
        return UnsafeBufferPointer(start: text.utf8Start, count: length).elementsEqual(bytes[position..<(position + length)])
    }

    /// Whether `text` (lowercase ASCII) is at `position`, ASCII case ignored.
    func matchesIgnoringCase(at position: Int, _ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard position >= 0, position + length <= count else { return false }
        return isName(position..<(position + length), text)
    }

    /// Whether the bytes of `range`, ASCII-lowercased, are `name` (lowercase ASCII).
    func isName(_ range: Range<Int>, _ name: StaticString) -> Bool {
        isName(range, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// Whether the bytes of `range`, ASCII-lowercased, are `name` (lowercase ASCII).
    func isName(_ range: Range<Int>, _ name: some Collection<UInt8>) -> Bool {
        range.count == name.count && zip(range, name).allSatisfy { Self.asciiLowercased(bytes[$0]) == $1 }
    }

    /// Whether the bytes of two ranges are the same with ASCII case ignored.
    func isName(_ range: Range<Int>, sameAs other: Range<Int>) -> Bool {
        range.count == other.count && zip(range, other).allSatisfy { Self.asciiLowercased(bytes[$0]) == Self.asciiLowercased(bytes[$1]) }
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    static func asciiLowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
}
