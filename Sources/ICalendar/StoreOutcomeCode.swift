/// The stable codes of ``StoreOutcome/code``: why a part was skipped, kept or written the
/// way it was. Reports, logs and the scan summary group by them.
public enum StoreOutcomeCode {
    public static let noReservationID = "no-reservation-id"
    public static let noStatus = "no-status"
    public static let notConfirmed = "not-confirmed"
    public static let noStartTime = "no-start-time"
    public static let endTimePassed = "end-time-passed"
    /// The calendar holds a newer version of the part: nothing to do.
    public static let olderMessage = "older-message"
    /// The same version (modifiedTime and Date) with different content: the stored one is kept.
    public static let sameVersionConflict = "same-version-conflict"
    /// A confirmation older than a cancellation the calendar remembers: it brings nothing back.
    public static let cancelledEarlier = "cancelled-earlier"
    /// A cancellation of a part or reservation the calendar has no event for yet: remembered.
    public static let cancellationRemembered = "cancellation-remembered"
    /// Two parts of one message would be one event: the second is not written.
    public static let duplicateItemReference = "duplicate-item-reference"
    /// Writing this part failed (disk full, say); the other parts were still tried.
    public static let writeFailed = "write-failed"
}
