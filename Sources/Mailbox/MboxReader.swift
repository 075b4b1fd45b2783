import Findings
import MailMessage

/// The quoting convention of an mbox file (how body lines starting with "From " were escaped).
public enum MboxFormat: String, Sendable, CaseIterable {
    /// `>From `, `>>From `, … each lose one `>` (reversible quoting).
    case mboxrd
    /// Only `>From ` loses its `>` (the older, lossy convention).
    case mboxo
}

/// Streams the messages of an mbox file, holding at most one message (and one read
/// chunk) in memory.
///
/// Every line that starts with `From ` begins a message (its envelope line, dropped);
/// the empty line before it belongs to the separator. Quoted `From ` lines are
/// unquoted, so the bytes handed on are the message as it was sent — what its DKIM
/// signature covers.
public struct MboxReader: ~Copyable {
    private let reader: FileDescriptorReader
    private let format: MboxFormat
    private let limits: MailboxLimits
    private let chunkSize: Int
    /// The bytes read and not yet handed on: index 0 is where the next line starts.
    private var buffer: ReadBuffer
    private var atEndOfFile = false
    /// How many lines of the file were read whole so far.
    private var fileLine = 0
    private var started = false

    public init(path: String, format: MboxFormat = .mboxrd, limits: MailboxLimits = .default,
                chunkSize: Int = 1 << 20) throws(MailboxError) {
        reader = try FileDescriptorReader(path: path)
        self.format = format
        self.limits = limits
        self.chunkSize = chunkSize
        buffer = ReadBuffer(capacity: chunkSize)
    }

    public var path: String { reader.path }

    /// The next message, or nil at the end of the file.
    ///
    /// Lines are found with `memchr` in the read buffer, and the message is copied out in
    /// runs between the quote characters it drops, never line by line.
    public mutating func next() throws(MailboxError) -> MailboxMessage? {
        var lineStart = 0
        var keptFrom = 0
        if !started {
            started = true
            // Text before the first envelope line is not a message; skip to it.
            while let end = try lineEnd(lineStart: &lineStart, keptFrom: &keptFrom), !isEnvelope(at: lineStart) {
                fileLine += 1
                lineStart = end
                keptFrom = end
            }
        }
        // `lineStart` is at an envelope line, or the file is over.
        guard let envelopeEnd = try lineEnd(lineStart: &lineStart, keptFrom: &keptFrom) else { return nil }
        fileLine += 1
        lineStart = envelopeEnd
        let startLine = fileLine + 1
        var message: [UInt8] = []
        var tooLarge = false
        // The copy lags behind the lines read: `keptFrom..<lineStart` are read but not yet in `message`.
        keptFrom = lineStart
        while let end = try lineEnd(lineStart: &lineStart, keptFrom: &keptFrom), !isEnvelope(at: lineStart) {
            fileLine += 1
            if !tooLarge, let quote = droppedQuote(lineStart: lineStart, lineEnd: end) {
                message.append(contentsOf: buffer.bytes(keptFrom..<quote))
                keptFrom = quote + 1
            }
            lineStart = end
            // The separator's empty line (up to 2 bytes) may still be counted here; it is removed below.
            if !tooLarge && message.count + (lineStart - keptFrom) > limits.maxMessageBytes + 2 {
                tooLarge = true
                message = []
            }
            if tooLarge { keptFrom = lineStart }
        }
        message.append(contentsOf: buffer.bytes(keptFrom..<lineStart))
        buffer.removeFirst(lineStart)
        let location = MessageLocation(path: reader.path, line: startLine)
        // The empty line that writers put after every message, the last one included, is the
        // mbox's, not the message's (Python's mailbox, mutt and procmail agree).
        Self.removeSeparatorLine(from: &message)
        if message.count > limits.maxMessageBytes {
            tooLarge = true
        }
        if tooLarge {
            return MailboxMessage(location: location, bytes: [], findings: [Finding(
                code: MailboxFindingCode.messageTooLarge, severity: .error,
                message: "message is larger than \(limits.maxMessageBytes) bytes (limit message-bytes); skipped",
                location: SourceLocation(line: startLine))])
        }
        return MailboxMessage(location: location, bytes: message)
    }

    static func isEnvelope(_ line: ArraySlice<UInt8>) -> Bool {
        line.starts(with: [0x46, 0x72, 0x6F, 0x6D, 0x20]) // "From "
    }

    /// Whether the line at `index` (held whole) starts with `From `.
    private func isEnvelope(at index: Int) -> Bool {
        index < buffer.count && buffer[index] == 0x46 && buffer.hasPrefix("From ", at: index)
    }

    /// The index of the `>` to drop from the line at `lineStart` (mboxrd: `>+From ` loses
    /// one; mboxo: only `>From `), or nil.
    private func droppedQuote(lineStart: Int, lineEnd: Int) -> Int? {
        guard buffer[lineStart] == 0x3E else { return nil }
        var index = lineStart
        while index < lineEnd && buffer[index] == 0x3E { index += 1 }
        guard buffer.hasPrefix("From ", at: index) && (format == .mboxrd || index - lineStart == 1) else { return nil }
        return lineStart
    }

    private static func removeSeparatorLine(from message: inout [UInt8]) {
        if message.last == 0x0A {
            if message.count >= 2 && message[message.count - 2] == 0x0A {
                message.removeLast()
            } else if message.count >= 4 && message.suffix(4).elementsEqual([0x0D, 0x0A, 0x0D, 0x0A]) {
                message.removeLast(2)
            } else if message.count == 1 || (message.count == 2 && message[0] == 0x0D) {
                message.removeAll()
            }
        }
    }

    /// The end (after its LF, or the end of the file) of the line at `lineStart`, reading more
    /// when needed; nil when no byte is left. Before a read, the bytes before `keptFrom` are
    /// dropped and both indices move down with the rest.
    private mutating func lineEnd(lineStart: inout Int, keptFrom: inout Int) throws(MailboxError) -> Int? {
        // Bytes already searched are not searched again, so a very long line costs linear time.
        var searchedUpTo = lineStart
        while true {
            if let newline = buffer.firstIndex(of: 0x0A, in: searchedUpTo..<buffer.count) { return newline + 1 }
            searchedUpTo = buffer.count
            if atEndOfFile { return lineStart < buffer.count ? buffer.count : nil }
            let dropped = keptFrom
            buffer.removeFirst(dropped)
            keptFrom = 0
            lineStart -= dropped
            searchedUpTo -= dropped
            if try buffer.fill(from: reader, upTo: chunkSize) == 0 { atEndOfFile = true }
        }
    }
}
