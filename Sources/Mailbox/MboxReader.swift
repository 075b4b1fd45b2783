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
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEndOfFile = false
    private var fileLine = 0
    /// The envelope line of the next message, already consumed.
    private var pendingStartLine: Int?
    private var started = false

    public init(path: String, format: MboxFormat = .mboxrd, limits: MailboxLimits = .default,
                chunkSize: Int = 1 << 20) throws(MailboxError) {
        reader = try FileDescriptorReader(path: path)
        self.format = format
        self.limits = limits
        self.chunkSize = chunkSize
    }

    public var path: String { reader.path }

    /// The next message, or nil at the end of the file.
    public mutating func next() throws(MailboxError) -> MailboxMessage? {
        if !started {
            started = true
            // Text before the first envelope line is not a message; skip to it.
            while let line = try nextLine() {
                if Self.isEnvelope(line) { pendingStartLine = fileLine + 1; break }
            }
        }
        guard let startLine = pendingStartLine else { return nil }
        pendingStartLine = nil
        var message: [UInt8] = []
        var tooLarge = false
        while let line = try nextLine() {
            if Self.isEnvelope(line) {
                pendingStartLine = fileLine + 1
                break
            }
            if tooLarge { continue }
            appendUnquoted(line, to: &message)
            // The separator's empty line (up to 2 bytes) is still in `message` here; it is removed below.
            if message.count > limits.maxMessageBytes + 2 {
                tooLarge = true
                message = []
            }
        }
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

    private func appendUnquoted(_ line: ArraySlice<UInt8>, to message: inout [UInt8]) {
        // mboxrd: ">+From " loses one '>'; mboxo: only ">From ".
        if line.first == 0x3E {
            var index = line.startIndex
            while index < line.endIndex && line[index] == 0x3E { index += 1 }
            let quotes = index - line.startIndex
            if Self.isEnvelope(line[index...]) && (format == .mboxrd || quotes == 1) {
                message.append(contentsOf: line.dropFirst())
                return
            }
        }
        message.append(contentsOf: line)
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

    /// The next line of the file including its line ending, reading more when needed.
    private mutating func nextLine() throws(MailboxError) -> ArraySlice<UInt8>? {
        // Where the search for the line's LF goes on after another chunk was read: bytes
        // already searched are not searched again, so a very long line costs linear time.
        var searchedUpTo = position
        while true {
            if let newline = buffer.firstIndex(of: 0x0A, in: searchedUpTo..<buffer.count) {
                let line = buffer[position...newline]
                position = newline + 1
                fileLine += 1
                return line
            }
            searchedUpTo = buffer.count
            if atEndOfFile {
                guard position < buffer.count else { return nil }
                let line = buffer[position...]
                position = buffer.count
                fileLine += 1
                return line
            }
            // Keep the unread tail, then read another chunk after it.
            // Compacting only when the consumed part is at least half keeps the moves linear.
            if position > 0 && position >= buffer.count / 2 {
                buffer.removeSubrange(0..<position)
                searchedUpTo -= position
                position = 0
            }
            if try reader.read(into: &buffer, count: chunkSize) == 0 { atEndOfFile = true }
        }
    }
}
