import Findings

/// The codes of the findings the mailbox readers report.
extension FindingCode {
    public static let messageTooLarge = FindingCode(
        "message-too-large", .error, help: "the message is larger than the message-bytes limit; it is not read")
    /// A message file listed in a Maildir that could not be read when its turn came.
    public static let messageUnreadable = FindingCode(
        "message-unreadable", .error, help: "a message file listed in a Maildir could not be read when its turn came")

    /// Every code of this part, for the catalogue.
    public static let mailboxCodes: [FindingCode] = [messageTooLarge, messageUnreadable]
}
