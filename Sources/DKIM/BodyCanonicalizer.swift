#if canImport(Glibc)
import Glibc
#endif

/// Body canonicalization (RFC 6376 §3.4.3, §3.4.4) as a streaming byte transform.
///
/// Feed the body in chunks of any size; the canonical bytes accumulate in `output`
/// (drain them as you go). Lines end at LF; a CR before it is part of the line ending,
/// so LF-only storage canonicalizes like CRLF and CRLF never becomes CR CR LF.
/// Empty lines are held back until a non-empty line follows, which drops them at the end.
public struct BodyCanonicalizer: Sendable {
    public let mode: Canonicalization
    /// Canonical bytes produced and not yet drained.
    public private(set) var output: [UInt8] = []
    private var partialLine: [UInt8] = []
    private var pendingEmptyLines = 0
    private var producedAnything = false
    private var finished = false

    public init(mode: Canonicalization) { self.mode = mode }

    public mutating func update<Bytes: Collection<UInt8>>(_ chunk: Bytes) {
        precondition(!finished, "update after finish")
        let handled: Void? = chunk.withContiguousStorageIfAvailable { process($0) }
        if handled == nil { Array(chunk).withUnsafeBufferPointer { process($0) } }
    }

    /// Ends the body: a last line without a line ending is completed; the empty-body rule applied.
    public mutating func finish() {
        guard !finished else { return }
        finished = true
        if !partialLine.isEmpty {
            let line = partialLine
            partialLine = []
            // No LF follows, so a final CR is content, not half a CRLF (§3.4.3: "CRLF CR" is
            // two lines, the second completed to "CR CRLF"; go-msgauth's canonical_test.go).
            line.withUnsafeBufferPointer { emitLine($0, endedByLineFeed: false) }
        }
        // §3.4.3: simple canonicalization of an empty body is one CRLF; relaxed stays empty (§3.4.4, errata 1384).
        if mode == .simple && !producedAnything { append([0x0D, 0x0A]) }
    }

    /// Returns the canonical bytes produced so far and forgets them.
    public mutating func drain() -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    /// Forgets the canonical bytes produced so far (read from `output`), keeping the
    /// buffer for the next chunk: no copy, no new allocation.
    mutating func discardOutput() { output.removeAll(keepingCapacity: true) }

    /// The whole canonical form of `body` at once.
    public static func canonicalize<Bytes: Collection<UInt8>>(_ body: Bytes, mode: Canonicalization) -> [UInt8] {
        var canonicalizer = BodyCanonicalizer(mode: mode)
        canonicalizer.update(body)
        canonicalizer.finish()
        return canonicalizer.output
    }

    private mutating func process(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else { return }
        var start = 0
        while start < buffer.count {
            // Where to look for the line's LF: relaxed lines that canonicalization leaves as
            // they are (all but a few) are found whole by one scan that stops at the LF or at
            // the first whitespace it would change; only the others take the general path.
            var searchFrom = start
            if mode == .relaxed && partialLine.isEmpty {
                let stop = Self.firstLineEndOrFoldableWhitespace(base, from: start, count: buffer.count)
                if stop < buffer.count && base[stop] == 0x0A {
                    var end = stop
                    if end > start && base[end - 1] == 0x0D { end -= 1 }
                    emitAsIs(UnsafeBufferPointer(start: base + start, count: end - start))
                    start = stop + 1
                    continue
                }
                searchFrom = stop  // no LF before the stop
            }
            guard searchFrom < buffer.count, let found = memchr(base + searchFrom, 0x0A, buffer.count - searchFrom) else {
                partialLine.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
                return
            }
            let newline = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if partialLine.isEmpty {
                emitLine(UnsafeBufferPointer(rebasing: buffer[start..<newline]))
            } else {
                partialLine.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<newline]))
                let line = partialLine
                partialLine.removeAll(keepingCapacity: true)
                line.withUnsafeBufferPointer { emitLine($0) }
            }
            start = newline + 1
        }
    }

    /// One line without its LF (a final CR is the rest of a CRLF and is dropped); the body's
    /// last line, when no LF ends it, keeps a final CR.
    private mutating func emitLine(_ line: UnsafeBufferPointer<UInt8>, endedByLineFeed: Bool = true) {
        var content = line
        if endedByLineFeed && content.last == 0x0D { content = UnsafeBufferPointer(rebasing: content.dropLast()) }
        switch mode {
        case .simple:
            emitAsIs(content)
        case .relaxed:
            // §3.4.4: WSP at the end of a line removed, WSP runs reduced to one space.
            var end = content.count
            while end > 0 && (content[end - 1] == 0x20 || content[end - 1] == 0x09) { end -= 1 }
            if end == 0 {
                pendingEmptyLines += 1
                return
            }
            flushEmptyLines()
            appendRelaxed(UnsafeBufferPointer(rebasing: content[..<end]))
            output.append(0x0D)
            output.append(0x0A)
            producedAnything = true
        }
    }

    /// A line as it is, its CR already removed: any line in simple canonicalization, and a
    /// relaxed line without a tab, two SPs in a row, or trailing WSP.
    private mutating func emitAsIs(_ content: UnsafeBufferPointer<UInt8>) {
        if content.isEmpty {
            pendingEmptyLines += 1
            return
        }
        flushEmptyLines()
        output.append(contentsOf: content)
        output.append(0x0D)
        output.append(0x0A)
        producedAnything = true
    }

    /// The index of the first LF, HTAB, or SP followed by SP, HTAB, CR or LF at or after `start`
    /// (a SP in the last byte counts as neither: what follows it is unknown); `count` if none.
    /// Sixteen bytes per step, compared with the sixteen after them shifted by one.
    static func firstLineEndOrFoldableWhitespace(_ bytes: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        let raw = UnsafeRawPointer(bytes)
        let lineFeed = SIMD16<UInt8>(repeating: 0x0A), tab = SIMD16<UInt8>(repeating: 0x09)
        let space = SIMD16<UInt8>(repeating: 0x20), carriageReturn = SIMD16<UInt8>(repeating: 0x0D)
        var index = start
        while index + 17 <= count {
            let here = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let next = raw.loadUnaligned(fromByteOffset: index + 1, as: SIMD16<UInt8>.self)
            let nextIsWhitespace = (next .== space) .| (next .== tab) .| (next .== carriageReturn) .| (next .== lineFeed)
            let stops = (here .== lineFeed) .| (here .== tab) .| ((here .== space) .& nextIsWhitespace)
            // As two words (not `any(_:)`, which compiles to a lane-by-lane reduction).
            let lanes = unsafeBitCast(SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: stops),
                                      to: (UInt64, UInt64).self)
            if lanes.0 | lanes.1 != 0 {
                // Lane 0 is the lowest-addressed byte, so the least significant in little-endian order.
                let low = UInt64(littleEndian: lanes.0), high = UInt64(littleEndian: lanes.1)
                return low != 0 ? index + low.trailingZeroBitCount / 8 : index + 8 + high.trailingZeroBitCount / 8
            }
            index += 16
        }
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x09 { return index }
            if byte == 0x20 && index + 1 < count {
                let next = bytes[index + 1]
                if next == 0x20 || next == 0x09 || next == 0x0D || next == 0x0A { return index }
            }
            index += 1
        }
        return count
    }

    /// `line` (no trailing WSP) with each run of SP/HTAB written as one SP. This is the
    /// innermost loop of verification. Most lines have no tab and no double space and are
    /// copied as they are; the test for that is a branch-free loop the compiler vectorizes.
    private mutating func appendRelaxed(_ line: UnsafeBufferPointer<UInt8>) {
        if !Self.hasWhitespaceToFold(line) {
            output.append(contentsOf: line)
            return
        }
        let start = output.count
        output.append(contentsOf: line)
        let end = output.withUnsafeMutableBufferPointer { buffer -> Int in
            var out = start
            var previousWasSpace = false
            for index in start..<buffer.count {
                let byte = buffer[index]
                let isSpace = byte == 0x20 || byte == 0x09
                buffer[out] = isSpace ? 0x20 : byte
                out += isSpace && previousWasSpace ? 0 : 1
                previousWasSpace = isSpace
            }
            return out
        }
        output.removeLast(output.count - end)
    }

    /// Whether `line` holds an HTAB or two SPs in a row (what relaxed canonicalization changes).
    private static func hasWhitespaceToFold(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let bytes = line.baseAddress, line.count > 0 else { return false }
        var found: UInt8 = bytes[0] == 0x09 ? 1 : 0
        var index = 1
        while index < line.count {
            let byte = bytes[index], previous = bytes[index - 1]
            found |= (byte == 0x09 ? 1 : 0) | ((byte == 0x20 ? 1 : 0) & (previous == 0x20 ? 1 : 0))
            index += 1
        }
        return found != 0
    }

    private mutating func flushEmptyLines() {
        while pendingEmptyLines > 0 {
            output.append(0x0D)
            output.append(0x0A)
            pendingEmptyLines -= 1
        }
    }

    private mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        output.append(contentsOf: bytes)
        producedAnything = true
    }
}
