/// Bounds on what a mailbox reader holds in memory.
public struct MailboxLimits: Sendable, Hashable {
    /// The largest message read; a larger one is reported (`message-too-large`) and skipped.
    public var maxMessageBytes: Int

    public init(maxMessageBytes: Int = 64 << 20) { self.maxMessageBytes = maxMessageBytes }

    public static let `default` = MailboxLimits()
}
