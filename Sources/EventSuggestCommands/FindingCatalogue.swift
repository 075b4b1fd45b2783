import DKIM
import ICalendar
import MailMessage
import Mailbox
import SchemaMarkup
import SenderPolicy

/// `eventsuggest help codes`: every finding code the parts report, from their catalogue
/// enums. The one function the lead connects to a richer catalogue (severity, help text).
enum FindingCatalogue {
    struct Entry: Sendable, Hashable {
        let code: String
        /// The part that reports it.
        let area: String
    }

    static func entries() -> [Entry] {
        [
            Entry(code: FindingCode.headerTooLarge, area: "message"),
            Entry(code: FindingCode.tooManyHeaderFields, area: "message"),
            Entry(code: FindingCode.mimeDepthExceeded, area: "message"),
            Entry(code: FindingCode.tooManyParts, area: "message"),
            Entry(code: FindingCode.decodedSizeExceeded, area: "message"),
            Entry(code: FindingCode.missingHeaderSeparator, area: "message"),
            Entry(code: FindingCode.orphanContinuationLine, area: "message"),
            Entry(code: FindingCode.fromMissing, area: "message"),
            Entry(code: FindingCode.fromMultiple, area: "message"),
            Entry(code: FindingCode.fromUnparsable, area: "message"),
            Entry(code: FindingCode.fromMultipleMailboxes, area: "message"),
            Entry(code: FindingCode.multipartWithoutBoundary, area: "message"),
            Entry(code: FindingCode.missingClosingBoundary, area: "message"),
            Entry(code: FindingCode.repeatedBoundary, area: "message"),
            Entry(code: FindingCode.invalidContentType, area: "message"),
            Entry(code: FindingCode.unknownTransferEncoding, area: "message"),
            Entry(code: FindingCode.malformedBase64, area: "message"),
            Entry(code: FindingCode.malformedQuotedPrintable, area: "message"),
            Entry(code: FindingCode.unknownCharset, area: "message"),
            Entry(code: FindingCode.invalidCharsetBytes, area: "message"),
            Entry(code: FindingCode.emptyMessage, area: "message"),
            Entry(code: FindingCode.headerAddedAfterSigning, area: "message"),
            Entry(code: FindingCode.contentTypeNotSigned, area: "message"),
            Entry(code: FindingCode.dateNotSigned, area: "message"),
            Entry(code: FindingCode.dateInFuture, area: "message"),
            Entry(code: FindingCode.dateMissing, area: "message"),
            Entry(code: FindingCode.dateInvalid, area: "message"),
            Entry(code: FindingCode.htmlEncodingRefused, area: "message"),
            Entry(code: FindingCode.htmlAttachmentIgnored, area: "message"),
            Entry(code: FindingCode.forwardedMessageIgnored, area: "message"),
            Entry(code: MailboxFindingCode.messageTooLarge, area: "mailbox"),
            Entry(code: MailboxFindingCode.messageUnreadable, area: "mailbox"),
            Entry(code: DKIMLimitCode.signatures, area: "dkim"),
            Entry(code: DKIMLimitCode.keyLookups, area: "dkim"),
            Entry(code: DKIMLimitCode.rsaBits, area: "dkim"),
            Entry(code: PolicyCode.trusted, area: "policy"),
            Entry(code: PolicyCode.notVerified, area: "policy"),
            Entry(code: PolicyCode.notRegistered, area: "policy"),
            Entry(code: PolicyCode.noSingleAuthor, area: "policy"),
            Entry(code: PolicyCode.keyInTestingMode, area: "policy"),
            Entry(code: MarkupFindingCode.htmlTooLarge, area: "markup"),
            Entry(code: MarkupFindingCode.htmlTruncated, area: "markup"),
            Entry(code: MarkupFindingCode.jsonSyntaxError, area: "markup"),
            Entry(code: MarkupFindingCode.jsonRecovered, area: "markup"),
            Entry(code: MarkupFindingCode.jsonTooLarge, area: "markup"),
            Entry(code: MarkupFindingCode.jsonTooDeep, area: "markup"),
            Entry(code: MarkupFindingCode.tooManyItems, area: "markup"),
            Entry(code: MarkupFindingCode.itemrefCycle, area: "markup"),
            Entry(code: MarkupFindingCode.itemrefMissing, area: "markup"),
            Entry(code: MarkupFindingCode.orphanProperty, area: "markup"),
            Entry(code: MarkupFindingCode.itemTooDeep, area: "markup"),
            Entry(code: MarkupFindingCode.unknownType, area: "markup"),
            Entry(code: MarkupFindingCode.unknownStatus, area: "markup"),
            Entry(code: MarkupFindingCode.missingProperty, area: "markup"),
            Entry(code: MarkupFindingCode.invalidDateTime, area: "markup"),
            Entry(code: MarkupFindingCode.noTimeZone, area: "markup"),
            Entry(code: MarkupFindingCode.endBeforeStart, area: "markup"),
            Entry(code: MarkupFindingCode.duplicateItemReference, area: "markup"),
            Entry(code: MarkupFindingCode.tooManyReservations, area: "markup"),
            Entry(code: StoreOutcomeCode.noReservationID, area: "calendar"),
            Entry(code: StoreOutcomeCode.noStatus, area: "calendar"),
            Entry(code: StoreOutcomeCode.notConfirmed, area: "calendar"),
            Entry(code: StoreOutcomeCode.noStartTime, area: "calendar"),
            Entry(code: StoreOutcomeCode.endTimePassed, area: "calendar"),
            Entry(code: StoreOutcomeCode.olderMessage, area: "calendar"),
            Entry(code: StoreOutcomeCode.sameVersionConflict, area: "calendar"),
            Entry(code: StoreOutcomeCode.cancelledEarlier, area: "calendar"),
            Entry(code: StoreOutcomeCode.cancellationRemembered, area: "calendar"),
            Entry(code: StoreOutcomeCode.duplicateItemReference, area: "calendar"),
            Entry(code: StoreOutcomeCode.writeFailed, area: "calendar"),
            Entry(code: LintFindingCode.noMarkup, area: "lint"),
            Entry(code: LintFindingCode.dkimRequired, area: "lint"),
            Entry(code: LintFindingCode.dkimNotCheckable, area: "lint"),
        ]
    }

    static func text(_ entries: [Entry]) -> String {
        let width = (entries.map(\.code.count).max() ?? 0) + 2
        return "Finding codes (for lint --disable CODE, and in --log and --report):\n\n"
            + entries.map { "  " + $0.code + String(repeating: " ", count: width - $0.code.count) + $0.area + "\n" }.joined()
    }
}
