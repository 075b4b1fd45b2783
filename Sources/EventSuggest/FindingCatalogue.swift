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

    /// `eventsuggest help codes`: one line per code, sorted by id: id, severity, help.
    public static var helpText: String {
        let width = (all.map(\.id.count).max() ?? 0) + 2
        var text = "Finding codes (lint --disable CODE turns one off):\n\n"
        for code in all.sorted(by: { $0.id < $1.id }) {
            text += "  " + padded(code.id, to: width)
                + padded(code.severity.rawValue, to: 9) + code.help + "\n"
        }
        return text
    }

    /// `text` cut or filled with spaces to `length` characters.
    private static func padded(_ text: String, to length: Int) -> String {
        text.count >= length ? String(text.prefix(length)) : text + String(repeating: " ", count: length - text.count)
    }

    /// The code with this id, if there is one.
    public static func code(_ id: String) -> FindingCode? { all.first { $0.id == id } }
}
