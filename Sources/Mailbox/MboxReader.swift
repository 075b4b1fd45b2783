import Findings
import MailMessage
import POSIXFiles

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
    private let reader: FileDescriptor
    /// The path messages are located in: the file's, or `-` for standard input.
    private let locationPath: String
    private let format: MboxFormat
    private let limits: MailboxLimits
    private let chunkSize: Int
    /// The bytes read and not yet handed on: index 0 is where the next line starts.
    private var buffer: ReadBuffer
    private var atEndOfFile = false
    /// How many line feeds the file has before the buffer's first byte (counted as bytes
    /// leave the buffer, so each is counted once).
    private var linesBeforeBuffer = 0
    private var started = false

    public init(path: String, format: MboxFormat = .mboxrd, limits: MailboxLimits = .default,
                chunkSize: Int = 1 << 20) throws(MailboxError) {
        reader = try MailboxError.reading { () throws(FileError) in try FileDescriptor.openRegularFile(path) }
        locationPath = reader.path
        self.format = format
        self.limits = limits
        self.chunkSize = chunkSize
        buffer = ReadBuffer(capacity: chunkSize)
    }

    /// An mbox read from `reader` (standard input) whose first bytes `head` were read already.
    init(reading reader: FileDescriptor, after head: [UInt8], format: MboxFormat, limits: MailboxLimits,
         chunkSize: Int = 1 << 20) {
        self.reader = reader
        locationPath = "-"   // as a single message from standard input is located
        self.format = format
        self.limits = limits
        self.chunkSize = chunkSize
        buffer = ReadBuffer(capacity: max(chunkSize, head.count))
        buffer.append(head)
    }

    public var path: String { reader.path }

    /// The next message, or nil at the end of the file.
    ///
    /// Only lines that start with `F` or `>` are looked at: a 16-byte scan finds them. The
    /// message is copied out in runs between the quote characters it drops.
    public mutating func next() throws(MailboxError) -> MailboxMessage? {
        var lineStart = 0
        var keptFrom = 0
        if !started {
            started = true
            // Text before the first envelope line is not a message; skip to it.
            while let end = try lineEnd(lineStart: &lineStart, keptFrom: &keptFrom), !isEnvelope(at: lineStart) {
                lineStart = end
                keptFrom = end
            }
        }
        // `lineStart` is at an envelope line, or the file is over.
        guard let envelopeEnd = try lineEnd(lineStart: &lineStart, keptFrom: &keptFrom) else { return nil }
        // The message's first line is the one after the envelope, even when that has no line feed.
        let startLine = linesBeforeBuffer + buffer.lineFeeds(in: 0..<envelopeEnd) + 1
            + (buffer[envelopeEnd - 1] == 0x0A ? 0 : 1)
        lineStart = envelopeEnd
        keptFrom = envelopeEnd
        var message: [UInt8] = []
        var tooLarge = false
        // The copy lags behind the lines read: `keptFrom..<lineStart` are read but not yet in
        // `message`. `lineStart` is the start of a line not looked at yet; the line feeds
        // before `scannedUpTo` have been.
        var scannedUpTo = lineStart
        while true {
            if lineStart == buffer.count {
                let dropped = try readMore(keeping: keptFrom)
                keptFrom -= dropped
                lineStart -= dropped
                scannedUpTo -= dropped
                if lineStart == buffer.count { break }  // the end of the file
            }
            let first = buffer[lineStart]
            if first == 0x46 || first == 0x3E {  // "F", ">": the whole line is needed
                let before = lineStart
                guard let end = try lineEnd(lineStart: &lineStart, keptFrom: &keptFrom) else { break }
                scannedUpTo -= before - lineStart  // moved down with the others if more was read
                if isEnvelope(at: lineStart) { break }
                if !tooLarge, let quote = droppedQuote(lineStart: lineStart, lineEnd: end) {
                    message.append(contentsOf: buffer.bytes(keptFrom..<quote))
                    keptFrom = quote + 1
                }
            }
            // Every line before the next one that starts with F or > is the message's as it is.
            var readOn = false
            if let next = buffer.lineStart(after: max(lineStart, scannedUpTo), beginningWith: 0x46, or: 0x3E) {
                lineStart = next
                scannedUpTo = next
            } else if atEndOfFile {
                lineStart = buffer.count
            } else {
                // So is every line up to the last line feed read; the one after it is still
                // undecided (its first byte may not be read), and is looked at again after reading.
                scannedUpTo = buffer.count - 1
                lineStart = buffer.lastLineStart(in: lineStart..<buffer.count) ?? lineStart
                readOn = true
            }
            // The separator's empty line (up to 2 bytes) may still be counted here; it is removed below.
            if !tooLarge && message.count + (lineStart - keptFrom) > limits.maxMessageBytes + 2 {
                tooLarge = true
            }
            if tooLarge {
                message = []
                keptFrom = lineStart
            }
            if readOn && lineStart < buffer.count {
                let dropped = try readMore(keeping: keptFrom)
                keptFrom -= dropped
                lineStart -= dropped
                scannedUpTo -= dropped
            }
        }
        message.append(contentsOf: buffer.bytes(keptFrom..<lineStart))
        drop(lineStart)
        let location = MessageLocation(path: locationPath, line: startLine)
        // The empty line that writers put after every message, the last one included, is the
        // mbox's, not the message's (Python's mailbox, mutt and procmail agree).
        Self.removeSeparatorLine(from: &message)
        if message.count > limits.maxMessageBytes {
            tooLarge = true
        }
        if tooLarge {
            return MailboxMessage(location: location, bytes: [], findings: [Finding(
                code: .messageTooLarge,
                message: "message is larger than \(limits.maxMessageBytes) bytes (limit message-bytes); skipped",
                location: SourceLocation(line: startLine))])
        }
        return MailboxMessage(location: location, bytes: message)
    }

    static func isEnvelope(_ line: ArraySlice<UInt8>) -> Bool {
        line.starts(with: [0x46, 0x72, 0x6F, 0x6D, 0x20]) // "From "
    }

    /// Whether the line at `index` (held whole) starts with `From `.
    @inline(__always)
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
    @inline(__always)
    private mutating func lineEnd(lineStart: inout Int, keptFrom: inout Int) throws(MailboxError) -> Int? {
        // The usual case, kept small enough to inline into the loop over a message's lines.
        if let newline = buffer.firstIndex(of: 0x0A, in: lineStart..<buffer.count) { return newline + 1 }
        return try lineEndReadingMore(lineStart: &lineStart, keptFrom: &keptFrom)
    }

    private mutating func lineEndReadingMore(lineStart: inout Int, keptFrom: inout Int) throws(MailboxError) -> Int? {
        // Bytes already searched are not searched again, so a very long line costs linear time.
        var searchedUpTo = lineStart
        while true {
            if let newline = buffer.firstIndex(of: 0x0A, in: searchedUpTo..<buffer.count) { return newline + 1 }
            searchedUpTo = buffer.count
            if atEndOfFile { return lineStart < buffer.count ? buffer.count : nil }
            let dropped = try readMore(keeping: keptFrom)
            keptFrom -= dropped
            lineStart -= dropped
            searchedUpTo -= dropped
        }
    }

    /// Drops the bytes before `keptFrom` and reads another chunk after the rest (at the end
    /// of the file, sets `atEndOfFile` and reads nothing). Returns how many bytes were
    /// dropped: indices move down by that many.
    private mutating func readMore(keeping keptFrom: Int) throws(MailboxError) -> Int {
        guard !atEndOfFile else { return 0 }
        drop(keptFrom)
        if try buffer.fill(from: reader, upTo: chunkSize) == 0 { atEndOfFile = true }
        return keptFrom
    }

    /// Removes the first `length` bytes of the buffer, counting their line feeds.
    private mutating func drop(_ length: Int) {
        linesBeforeBuffer += buffer.lineFeeds(in: 0..<length)
        buffer.removeFirst(length)
    }
}
