#if canImport(Glibc)
import Glibc
#endif

/// Line and column lookups in an HTML part's text (1-based, columns in Unicode scalars).
///
/// The text is kept as its UTF-8 bytes, with the byte offset where each line starts; a
/// column is counted only for a position asked for, so a part costs one copy and one
/// newline scan, not an array of every character (issue 21). In ASCII text a column is a
/// byte count; otherwise a table of the scalars before every 256-byte block bounds the
/// count to one block, so a long one-line part stays linear however many positions it asks.
/// Offsets given and taken (`offset`, `notBefore`) are byte offsets into the UTF-8 text.
/// Searching bytes finds what searching scalars finds: a needle of whole UTF-8 sequences
/// can only match where a sequence starts (UTF-8 is self-synchronizing, RFC 3629 §3).
struct SourceText {
    private let bytes: [UInt8]
    /// Byte offset where each line starts (after each "\n").
    private let lineStarts: [Int]
    /// The scalars before each 256-byte block; nil when the text is ASCII (one scalar a byte).
    private let scalarsBeforeBlock: [Int]?

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let newline = memchr(base + offset, 0x0A, buffer.count - offset) {
                offset = UnsafeRawPointer(newline) - UnsafeRawPointer(base) + 1
                starts.append(offset)
            }
        }
        lineStarts = starts
        scalarsBeforeBlock = Self.blockTable(bytes)
    }

    private static func blockTable(_ bytes: [UInt8]) -> [Int]? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var index = 0
            let raw = UnsafeRawPointer(base)
            while index + 8 <= buffer.count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            while index < buffer.count, base[index] < 0x80 { index += 1 }
            guard index < buffer.count else { return nil }
            var table: [Int] = []
            table.reserveCapacity(buffer.count / 256 + 1)
            var scalars = 0
            var offset = 0
            // Eight bytes at a time: a continuation byte (10xxxxxx) has bit 7 set and bit 6
            // clear; shifting the word left by one puts each byte's bit 6 under its bit 7.
            // Blocks are 256 bytes, a multiple of 8, so a word never straddles two blocks.
            // Each byte lane of `lanes` counts the continuation bytes at its place in the
            // block's words (at most 32), summed once a block (x86-64's baseline has no
            // popcount instruction: a count a word was 4 instructions a byte, issue 21).
            let wholeWords = buffer.count & ~7
            while offset < wholeWords {
                table.append(scalars)
                let blockEnd = min(offset + 256, wholeWords)
                var lanes: UInt64 = 0
                scalars += blockEnd - offset
                while offset < blockEnd {
                    let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    lanes &+= (word & ~(word << 1) & 0x8080_8080_8080_8080) >> 7
                    offset += 8
                }
                // The eight lanes added in 16-bit pairs (a block's count, up to 256, fits), then summed.
                let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
                scalars -= Int((pairs &* 0x0001_0001_0001_0001) >> 48)
            }
            while offset < buffer.count {
                if offset & 255 == 0 { table.append(scalars) }
                if base[offset] & 0xC0 != 0x80 { scalars += 1 }
                offset += 1
            }
            return table
        }
    }

    /// How many scalars start before byte `offset`.
    private func scalarIndex(ofByte offset: Int) -> Int {
        guard let table = scalarsBeforeBlock else { return offset }
        let block = min(offset >> 8, table.count - 1)
        var count = table[block]
        for index in (block << 8)..<offset where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// Where `fragment` starts, searching from the beginning of `line` (libxml2 gives an
    /// element's line, not its column; the script text is found in the source after it).
    /// Searching starts at `line`, and not before the byte offset `notBefore` (the end of the
    /// previous script: two minified scripts may share a line and begin alike).
    func location(of fragment: String, fromLine line: Int, notBefore: Int = 0) -> (line: Int, column: Int, offset: Int)? {
        // The first 64 scalars of the fragment, as bytes.
        let scalars = fragment.unicodeScalars
        let prefixEnd = scalars.index(scalars.startIndex, offsetBy: 64, limitedBy: scalars.endIndex) ?? scalars.endIndex
        let needle = Array(String(scalars[..<prefixEnd]).utf8)
        guard !needle.isEmpty else { return nil }
        let start = max(lineStarts[max(0, min(line, lineStarts.count) - 1)], notBefore)
        guard start + needle.count <= bytes.count else { return nil }
        guard let found = Self.firstIndex(of: needle, in: bytes, from: start) else { return nil }
        let position = position(ofByte: found)
        return (position.line, position.column, found)
    }

    /// Where `needle` first occurs in `bytes` at or after `start`: memchr for its first
    /// byte, then a compare (glibc's memmem is not visible to Swift).
    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { wanted in
                guard let base = haystack.baseAddress, let first = wanted.first else { return nil }
                var from = start
                while from + wanted.count <= haystack.count {
                    guard let hit = memchr(base + from, Int32(first), haystack.count - from - wanted.count + 1) else { return nil }
                    let at = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                    if memcmp(base + at, wanted.baseAddress!, wanted.count) == 0 { return at }
                    from = at + 1
                }
                return nil
            }
        }
    }

    /// The line and column of the scalar that starts at byte `offset`.
    func position(ofByte offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        // Scalars before `offset` on its line: the bytes that start a UTF-8 sequence.
        return (low + 1, scalarIndex(ofByte: offset) - scalarIndex(ofByte: lineStarts[low]) + 1)
    }

    /// Where the start tag `<name …>` of an element libxml2 placed on `line` begins (libxml2
    /// gives lines only): the first such tag on that line, not before byte `notBefore`,
    /// whose attributes mention `item` (`itemscope`, `itemprop`). Names compare without
    /// ASCII case. Nil when the line holds none (the tag was implied, or spans lines).
    func startTag(named name: String, onLine line: Int, notBefore: Int,
                  mentioning word: String = "item") -> (line: Int, column: Int, offset: Int)? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let wantedName = Array(name.lowercased().utf8)
        let wantedWord = Array(word.utf8)
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        var index = max(lineStarts[line - 1], notBefore)
        while index < end {
            defer { index += 1 }
            guard bytes[index] == 0x3C, index + wantedName.count + 1 < bytes.count else { continue }
            let nameEnd = index + 1 + wantedName.count
            guard zip(bytes[(index + 1)..<nameEnd], wantedName).allSatisfy({ ASCIIBytes.lowercased($0) == $1 }) else { continue }
            guard let after = scalar(at: nameEnd),
                  after == ">" || after == "/" || after.properties.isWhitespace else { continue }
            var close = nameEnd
            while close < bytes.count, bytes[close] != 0x3E { close += 1 }
            guard Self.contains(bytes[nameEnd..<close], lowercased: wantedWord) else { continue }
            let found = position(ofByte: index)
            return (found.line, found.column, index)
        }
        return nil
    }

    /// The scalar whose UTF-8 sequence starts at byte `offset` (nil inside a sequence).
    private func scalar(at offset: Int) -> Unicode.Scalar? {
        var iterator = bytes[offset...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return scalar
    }

    /// Whether `word` (lowercase ASCII) occurs in `bytes` with ASCII letters compared without case.
    private static func contains(_ bytes: ArraySlice<UInt8>, lowercased word: [UInt8]) -> Bool {
        guard bytes.count >= word.count else { return false }
        var start = bytes.startIndex
        while start + word.count <= bytes.endIndex {
            if zip(bytes[start..<(start + word.count)], word).allSatisfy({ ASCIIBytes.lowercased($0) == $1 }) { return true }
            start += 1
        }
        return false
    }
}
