import Findings

/// The codes of the findings the pipeline and the lint checks report.
extension FindingCode {
    public static let senderNotTrusted = FindingCode(
        "sender-not-trusted", .warning, help: "reservations were found but not used: the sender policy does not trust the message")
    public static let calendarUnwritable = FindingCode(
        "calendar-unwritable", .error, help: "the calendar folder (or one event in it) could not be written")
    public static let staleTemporaryFilesRemoved = FindingCode(
        "stale-temporary-files-removed", .warning,
        help: "temporary files an interrupted writer left in the calendar folder were removed (never an event)")

    // Lint.
    public static let noMarkup = FindingCode(
        "no-markup", .error, help: "the file holds no schema.org markup (no JSON-LD script, no Microdata item) at all")
    public static let dkimRequired = FindingCode(
        "dkim-required", .error, help: "--require-dkim: no passing DKIM signature aligned with the From domain")
    public static let dkimNotCheckable = FindingCode(
        "dkim-not-checkable", .note, help: "--require-dkim on an .html template: a template has no DKIM signature to check")
    public static let setTypeMismatch = FindingCode(
        "set-type-mismatch", .error, help: "one reservationId is a different reservation type in another file of the set")
    public static let cancellationWithoutConfirmation = FindingCode(
        "cancellation-without-confirmation", .warning,
        help: "a cancellation whose reservationId no confirmation among the files checked together has")
    public static let modificationChangesNothing = FindingCode(
        "modification-changes-nothing", .warning,
        help: "a later confirmation of a reservation changes no part's time, status or modifiedTime")

    /// Every code of this part, for the catalogue.
    public static let eventSuggestCodes: [FindingCode] = [
        senderNotTrusted, calendarUnwritable, staleTemporaryFilesRemoved,
        noMarkup, dkimRequired, dkimNotCheckable, setTypeMismatch, cancellationWithoutConfirmation, modificationChangesNothing,
    ]
}
