import Findings

/// A message of a mailbox, read already (from an mbox or standard input) or still a file
/// to read (a Maildir's), so that whoever processes it can read it: parallel workers then
/// read in parallel instead of waiting on one reading thread.
public enum MessageReference: Sendable {
    case read(MailboxMessage)
    case file(String)

    /// The message. A file that cannot be read (it vanished after the folder was listed,
    /// its permissions changed) gives an empty message with a `message-unreadable` error,
    /// so the other messages are still handled.
    public func load(limits: MailboxLimits) -> MailboxMessage {
        switch self {
        case .read(let message):
            return message
        case .file(let path):
            do {
                return try MessageSource.readWhole(path, limits: limits)
            } catch {
                return MailboxMessage(location: MessageLocation(path: path), bytes: [], findings: [Finding(
                    code: .messageUnreadable, message: error.description)])
            }
        }
    }
}
