import Findings
import SchemaMarkup

/// The codes of ``StoreOutcome/code``: why a part was skipped, kept or written the way it
/// was. Reports, logs and the scan summary group by them.
extension FindingCode {
    public static let noReservationID = FindingCode(
        "no-reservation-id", .warning, help: "the reservation has no reservationId or reservationNumber; no event is written")
    public static let noStatus = FindingCode(
        "no-status", .warning, help: "the reservation has no reservationStatus; no event is written")
    public static let notConfirmed = FindingCode(
        "not-confirmed", .note, help: "a pending or held reservation creates no event until it is confirmed")
    public static let noStartTime = FindingCode(
        "no-start-time", .warning, help: "the reservation has no start time; no event is written")
    public static let endTimePassed = FindingCode(
        "end-time-passed", .note, help: "the reservation has ended (against --now); --include-past writes it anyway")
    /// The calendar holds a newer version of the part: nothing to do.
    public static let olderMessage = FindingCode(
        "older-message", .note, help: "the calendar holds a newer version of this part; nothing is changed")
    /// The same version (modifiedTime and Date) with different content: the stored one is kept.
    public static let sameVersionConflict = FindingCode(
        "same-version-conflict", .warning, help: "the same version (modifiedTime and Date) with other content; the stored one is kept")
    /// A confirmation older than a cancellation the calendar remembers: it brings nothing back.
    public static let cancelledEarlier = FindingCode(
        "cancelled-earlier", .note, help: "a confirmation older than a cancellation the calendar remembers brings nothing back")
    /// A cancellation of a part or reservation the calendar has no event for yet: remembered.
    public static let cancellationRemembered = FindingCode(
        "cancellation-remembered", .note, help: "a cancellation of an event the calendar does not hold yet is remembered")
    /// Writing this part failed (disk full, say); the other parts were still tried.
    public static let writeFailed = FindingCode(
        "write-failed", .error, help: "writing this event failed (disk full, say); the other parts were still tried")

    /// Every code of this part, for the catalogue. Two parts that would be one event are
    /// the markup's own ``duplicateItemReference``.
    public static let iCalendarCodes: [FindingCode] = [
        noReservationID, noStatus, notConfirmed, noStartTime, endTimePassed, olderMessage, sameVersionConflict,
        cancelledEarlier, cancellationRemembered, writeFailed,
    ]
}
