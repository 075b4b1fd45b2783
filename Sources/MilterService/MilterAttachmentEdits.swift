import EventSuggest
import Milter

/// `milter --attach-event` (issue 22): the calendar part `filter --attach-event` adds, made
/// by the same ``CalendarPartAttachment`` over the same verdict, turned into what an MTA
/// carries out — header edits and a new body.
///
/// ``MessageEdit`` already speaks in the MTA's terms: a field changed in place by name and
/// occurrence (`smfi_chgheader`), a field removed (`smfi_chgheader` with no value), a field
/// added after the last one (`smfi_addheader`), and the whole new body (`smfi_replacebody`).
/// Our own fields are filter's `--attach-event` fields (X-Event-Suggestion names the part
/// by its Content-ID, or says why it was not attached), inserted at the top as without the
/// switch, and the forged ones are deleted as without it. So the delivered message is, byte
/// for byte, what `filter --attach-event` writes for the message the MTA received.
enum MilterAttachmentEdits {
    /// X-Event-Suggestion's reason when the MTA did not let the milter change the body.
    static let bodyActionNotGranted = "the MTA does not let the milter change the body"

    /// What the MTA is told for `verdict` when events are to be attached: the body and its
    /// header fields when the part was added, else our fields alone (which say why not).
    static func decision(for verdict: FilterVerdict, authservID: String, maximumMessageBytes: Int) -> MilterDecision {
        let attachment = CalendarPartAttachment(authservID: authservID, maximumMessageBytes: maximumMessageBytes)
            .attach(to: verdict.message, report: verdict.report)
        var header = MilterSession.edits(verdict.attaching(attachment, authservID: authservID))
        guard case .attached(let attached) = attachment else { return .edit(header) }
        let withoutBody = MilterSession.edits(verdict.attaching(
            .notAttached(uids: attached.uids, reason: Self.bodyActionNotGranted), authservID: authservID))
        add(attached.edit.headerChanges, to: &header)
        return .editWithBody(header, body: attached.edit.body, withoutBody: withoutBody)
    }

    /// The message's own header changes (Content-Type, Content-Transfer-Encoding,
    /// MIME-Version) among the header edits, in their order.
    static func add(_ changes: [MessageEdit.HeaderChange], to header: inout MilterHeaderEdits) {
        for change in changes {
            switch change {
            case .replace(let name, let instance, let value):
                header.changes.append(HeaderFieldChange(field: HeaderFieldReference(name: name, index: instance),
                                                        value: Array(value.utf8)))
            case .remove(let name, let instance):
                header.deletions.append(HeaderFieldReference(name: name, index: instance))
            case .add(let name, let value):
                header.additions.append(HeaderFieldText(name: name, value: Array(value.utf8)))
            }
        }
    }
}
