import DKIM
import Findings
import ICalendar
import Mailbox
import MailMessage
import SchemaMarkup
import SenderPolicy

/// Every finding code any part reports, in one list: `eventsuggest help codes`, the
/// checks of `--disable`, and the test that no code goes unlisted.
public enum FindingCatalogue {
    public static let all: [FindingCode] =
        FindingCode.mailMessageCodes + FindingCode.mailboxCodes + FindingCode.dkimCodes + FindingCode.senderPolicyCodes
        + FindingCode.schemaMarkupCodes + FindingCode.iCalendarCodes + FindingCode.eventSuggestCodes

    /// The code with this id, if there is one.
    public static func code(_ id: String) -> FindingCode? { all.first { $0.id == id } }
}
