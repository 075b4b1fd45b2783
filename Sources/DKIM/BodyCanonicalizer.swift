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
            emitLine(line[...])
        }
        // §3.4.3: simple canonicalization of an empty body is one CRLF; relaxed stays empty (§3.4.4, errata 1384).
        if mode == .simple && !producedAnything { append([0x0D, 0x0A]) }
    }

    /// Returns the canonical bytes produced so far and forgets them.
    public mutating func drain() -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

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
            guard let found = memchr(base + start, 0x0A, buffer.count - start) else {
                partialLine.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
                return
            }
            let newline = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if partialLine.isEmpty {
                emitLine(UnsafeBufferPointer(rebasing: buffer[start..<newline])[...])
            } else {
                partialLine.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<newline]))
                let line = partialLine
                partialLine.removeAll(keepingCapacity: true)
                emitLine(line[...])
            }
            start = newline + 1
        }
    }

    /// One line without its LF (a final CR is the rest of a CRLF and is dropped).
    private mutating func emitLine<Line: RandomAccessCollection<UInt8>>(_ line: Line) {
        var content = line[...]
        if content.last == 0x0D { content = content.dropLast() }
        switch mode {
        case .simple:
            if content.isEmpty {
                pendingEmptyLines += 1
                return
            }
            flushEmptyLines()
            append(content)
        case .relaxed:
            // §3.4.4: WSP at the end of a line removed, WSP runs reduced to one space.
            var end = content.endIndex
            while end > content.startIndex {
                let byte = content[content.index(before: end)]
                guard byte == 0x20 || byte == 0x09 else { break }
                end = content.index(before: end)
            }
            let trimmed = content[content.startIndex..<end]
            if trimmed.isEmpty {
                pendingEmptyLines += 1
                return
            }
            flushEmptyLines()
            var inSpace = false
            for byte in trimmed {
                if byte == 0x20 || byte == 0x09 {
                    inSpace = true
                } else {
                    if inSpace { output.append(0x20) }
                    inSpace = false
                    output.append(byte)
                }
            }
        }
        output.append(0x0D)
        output.append(0x0A)
        producedAnything = true
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
