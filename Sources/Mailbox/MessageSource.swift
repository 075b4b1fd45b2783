import Findings
import POSIXFiles

/// What a PATH argument names: standard input, a Maildir, an mbox file, or one message.
public enum MessageSource: Sendable {
    case standardInput
    case maildir(MaildirReader)
    case mbox(path: String)
    case file(path: String)

    /// Classifies `path`: `-` is standard input; a directory must be a Maildir; a file
    /// whose first line starts with `From ` is an mbox; any other regular file is one
    /// message. A FIFO, a device or a socket is refused unread (`/dev/zero` would never end,
    /// a FIFO would wait for a writer; standard input is `-`).
    public static func open(_ path: String, recursive: Bool = false) throws(MailboxError) -> MessageSource {
        if path == "-" { return .standardInput }
        let status = try MailboxError.reading { () throws(FileError) in try FileSystem.status(of: path) }
        guard let status else { throw .notFound(path: path) }
        if status.type == .directory {
            guard MaildirReader.isMessageFolder(path) else { throw .notAMailbox(path: path) }
            return .maildir(MaildirReader(path: path, recursive: recursive))
        }
        let head = try MailboxError.reading { () throws(FileError) -> [UInt8] in
            var head: [UInt8] = []
            _ = try FileDescriptor.openRegularFile(path).read(appendingTo: &head, count: CompressionFormat.headLength)
            return head
        }
        if let format = CompressionFormat(head: head[...]) { throw .compressed(path: path, format: format) }
        return MboxReader.isEnvelope(head[...]) ? .mbox(path: path) : .file(path: path)
    }

    /// Calls `body` with each message in order, streaming: one message in memory at a time.
    public func forEachMessage(
        format: MboxFormat = .mboxrd, limits: MailboxLimits = .default,
        _ body: (MailboxMessage) throws -> Void
    ) throws {
        try forEachReference(format: format, limits: limits) { reference in
            switch reference {
            case .read(let message): try body(message)
            case .file(let path): try body(Self.readWhole(path, limits: limits))
            }
        }
    }

    /// Calls `body` with each message in order, files not read yet: a batch can hand them
    /// to parallel workers, which then read in parallel too (``MessageReference/load(limits:)``).
    /// An mbox is split here, one message in memory at a time.
    public func forEachReference(
        format: MboxFormat = .mboxrd, limits: MailboxLimits = .default,
        _ body: (MessageReference) throws -> Void
    ) throws {
        switch self {
        case .standardInput:
            // An mbox on standard input (`cat archive.mbox | eventsuggest scan -`) is split
            // like an mbox file; anything else is one message. The first bytes tell.
            let input = FileDescriptor.standardInput()
            let head = try MailboxError.reading { () throws(FileError) in try input.read(filling: CompressionFormat.headLength) }
            if let compression = CompressionFormat(head: head[...]) { throw MailboxError.compressed(path: "-", format: compression) }
            if MboxReader.isEnvelope(head[...]) {
                var reader = MboxReader(reading: input, after: head, format: format, limits: limits)
                while let message = try reader.next() { try body(.read(message)) }
            } else {
                try body(.read(Self.readWhole("-", after: head, limits: limits)))
            }
        case .file(let path):
            try body(.file(path))
        case .maildir(let maildir):
            for file in try maildir.messageFiles() { try body(.file(file)) }
        case .mbox(let path):
            var reader = try MboxReader(path: path, format: format, limits: limits)
            while let message = try reader.next() { try body(.read(message)) }
        }
    }

    /// Reads one message file whole (bounded by `limits.maxMessageBytes`); `-` is standard
    /// input (a pipe as well as a file). A named path must be a regular file: a FIFO or a
    /// device is refused unread, so a Maildir entry linked to `/dev/zero` cannot run forever.
    public static func readWhole(_ path: String, limits: MailboxLimits = .default) throws(MailboxError) -> MailboxMessage {
        try readWhole(path, after: [], limits: limits)
    }

    /// Reads one message whose first bytes `head` were read already.
    static func readWhole(_ path: String, after head: [UInt8], limits: MailboxLimits) throws(MailboxError) -> MailboxMessage {
        let bytes = try MailboxError.reading { () throws(FileError) -> [UInt8]? in
            let file = path == "-" ? FileDescriptor.standardInput() : try FileDescriptor.openRegularFile(path)
            // The limit on the rest too: a regular file's size (head included) is checked first.
            guard let rest = try file.readAll(limit: limits.maxMessageBytes), head.count + rest.count <= limits.maxMessageBytes,
                  // Without a head (every Maildir file) the bytes read are the message: not copied again.
                  case let bytes = head.isEmpty ? rest : head + rest else {
                // Drain the rest so a pipe writer is not left blocked, holding nothing.
                if path == "-" { try file.drain() }
                return nil
            }
            return bytes
        }
        let location = MessageLocation(path: path)
        guard let bytes else {
            return MailboxMessage(location: location, bytes: [], findings: [Finding(
                code: .messageTooLarge,
                message: "message is larger than \(limits.maxMessageBytes) bytes (limit message-bytes); skipped")])
        }
        return MailboxMessage(location: location, bytes: bytes)
    }
}
