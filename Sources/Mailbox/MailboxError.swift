/// Failures of the environment while reading mail: a path that is missing, unreadable,
/// or not a mailbox. A problem inside a message is never one of these.
public enum MailboxError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(path: String)
    case unreadable(path: String, reason: String)
    case notAMailbox(path: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            "\(path): no such file or directory"
        case .unreadable(let path, let reason):
            "\(path): cannot read: \(reason)"
        case .notAMailbox(let path):
            "\(path): a directory that is not a Maildir (it has no cur/ or new/ folder)"
        }
    }
}
