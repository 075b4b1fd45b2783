import Findings

/// One message read from a source, with where it came from.
public struct MailboxMessage: Sendable {
    public let location: MessageLocation
    /// The message as sent: for mbox, with the envelope line removed and `>From ` quoting undone.
    public let bytes: [UInt8]
    /// What the reader had to report about this message (`message-too-large`).
    public let findings: [Finding]

    public init(location: MessageLocation, bytes: [UInt8], findings: [Finding] = []) {
        self.location = location
        self.bytes = bytes
        self.findings = findings
    }
}

/// Where a message is: a file, or a message inside an mbox file starting at a line.
public struct MessageLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file path as given (`-` for standard input).
    public let path: String
    /// For a message inside an mbox: the 1-based line of the file where its first header
    /// line is (the line after its `From ` envelope line); nil for a file of its own.
    public let line: Int?

    public init(path: String, line: Int? = nil) {
        self.path = path
        self.line = line
    }

    /// Converts a line number within the message to one within the file.
    public func fileLine(_ messageLine: Int) -> Int { (line ?? 1) + messageLine - 1 }

    public var description: String { line.map { "\(path):\($0)" } ?? path }
}
