#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Iterates over the lines of a byte buffer, yielding each line's range with and
/// without its line ending. Accepts CRLF and LF-only input alike; a last line
/// without a line ending is still a line.
struct LineScanner: IteratorProtocol {
    struct Line {
        /// The line's bytes without its line ending (no CR, no LF).
        let content: Range<Int>
        /// The line including its line ending, if it has one.
        let full: Range<Int>
        /// 1-based line number within the scanned buffer's numbering.
        let number: Int
    }

    private let bytes: [UInt8]
    private var position: Int
    private let end: Int
    private var nextNumber: Int

    init(bytes: [UInt8], range: Range<Int>, firstLineNumber: Int = 1) {
        self.bytes = bytes
        position = range.lowerBound
        end = range.upperBound
        nextNumber = firstLineNumber
    }

    /// Where the next line would start.
    var offset: Int { position }
    var lineNumber: Int { nextNumber }

    mutating func next() -> Line? {
        guard position < end else { return nil }
        let start = position
        let newline = bytes.firstIndex(of: ASCII.lineFeed, in: start..<end)
        let line: Line
        if let newline {
            var contentEnd = newline
            if contentEnd > start && bytes[contentEnd - 1] == ASCII.carriageReturn { contentEnd -= 1 }
            line = Line(content: start..<contentEnd, full: start..<(newline + 1), number: nextNumber)
            position = newline + 1
        } else {
            line = Line(content: start..<end, full: start..<end, number: nextNumber)
            position = end
        }
        nextNumber += 1
        return line
    }
}

extension Array where Element == UInt8 {
    /// The first index of `byte` within `range`, found with `memchr`.
    public func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        return withUnsafeBufferPointer { buffer -> Int? in
            let base = buffer.baseAddress! + range.lowerBound
            guard let found = memchr(base, Int32(byte), range.count) else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(buffer.baseAddress!)
        }
    }

    /// Whether the bytes at `offset` begin with `prefix`, compared with `memcmp` (a boundary
    /// test runs on every line of every multipart body, at every nesting level).
    func hasBytes(_ prefix: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, prefix.count <= count - offset else { return false }
        guard !prefix.isEmpty else { return true }
        return withUnsafeBufferPointer { buffer in
            prefix.withUnsafeBufferPointer { wanted in
                memcmp(buffer.baseAddress! + offset, wanted.baseAddress!, wanted.count) == 0
            }
        }
    }
}
