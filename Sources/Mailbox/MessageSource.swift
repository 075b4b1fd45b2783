import Findings

import Foundation

/// What a PATH argument names: standard input, a Maildir, an mbox file, or one message.
public enum MessageSource: Sendable {
    case standardInput
    case maildir(MaildirReader)
    case mbox(path: String)
    case file(path: String)

    /// Classifies `path`: `-` is standard input; a directory must be a Maildir; a file
    /// whose first line starts with `From ` is an mbox; any other file is one message.
    public static func open(_ path: String, recursive: Bool = false) throws(MailboxError) -> MessageSource {
        if path == "-" { return .standardInput }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .notFound(path: path)
        }
        if isDirectory.boolValue {
            guard MaildirReader.isMaildir(path) else { throw .notAMailbox(path: path) }
            return .maildir(MaildirReader(path: path, recursive: recursive))
        }
        let reader = try FileDescriptorReader(path: path)
        var head: [UInt8] = []
        _ = try reader.read(into: &head, count: 5)
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
            try body(.read(Self.readWhole("-", limits: limits)))
        case .file(let path):
            try body(.file(path))
        case .maildir(let maildir):
            for file in try maildir.messageFiles() { try body(.file(file)) }
        case .mbox(let path):
            var reader = try MboxReader(path: path, format: format, limits: limits)
            while let message = try reader.next() { try body(.read(message)) }
        }
    }

    /// Reads one message file whole (bounded by `limits.maxMessageBytes`).
    public static func readWhole(_ path: String, limits: MailboxLimits = .default) throws(MailboxError) -> MailboxMessage {
        let reader = try FileDescriptorReader(path: path)
        let (bytes, exceeded) = try reader.readAll(limit: limits.maxMessageBytes)
        let location = MessageLocation(path: path)
        guard !exceeded else {
            return MailboxMessage(location: location, bytes: [], findings: [.init(
                code: MailboxFindingCode.messageTooLarge, severity: .error,
                message: "message is larger than \(limits.maxMessageBytes) bytes (limit message-bytes); skipped")])
        }
        return MailboxMessage(location: location, bytes: bytes)
    }
}
