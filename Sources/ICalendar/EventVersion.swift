/// Which of two messages about a reservation is newer: the signed `modifiedTime` first, then
/// the signed message Date (DESIGN.md: "modifiedTime first and the message's Date when those
/// are equal or absent").
///
/// A message without `modifiedTime` is placed by its Date (a minimal cancellation carries
/// only id and status, and must still cancel a booking whose confirmation had one); mail
/// that stamps every version with the booking's creation time is ordered by Date. A Date
/// the signature does not vouch for is nil, and nil is older than any instant: a message
/// cannot become newer by leaving something out. The order is total (lexicographic over
/// (`modifiedTime` ?? Date, Date)), which is what makes the final calendar independent of
/// the order of arrival.
public struct EventVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `modifiedTime` of the reservation, seconds since 1970.
    public var modified: Int64?
    /// The message's signed Date, seconds since 1970 (nil when unsigned, missing or invalid).
    public var messageDate: Int64?

    public init(modified: Int64?, messageDate: Int64?) {
        self.modified = modified
        self.messageDate = messageDate
    }

    /// The version nothing is older than: what a message with neither part has.
    public static let oldest = EventVersion(modified: nil, messageDate: nil)

    /// When the message says it was made: `modifiedTime`, else its Date.
    var instant: Int64? { modified ?? messageDate }

    public static func < (left: EventVersion, right: EventVersion) -> Bool {
        if left.instant != right.instant { return isLess(left.instant, right.instant) }
        return isLess(left.messageDate, right.messageDate)
    }

    public static func == (left: EventVersion, right: EventVersion) -> Bool {
        left.instant == right.instant && left.messageDate == right.messageDate
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(instant)
        hasher.combine(messageDate)
    }

    /// nil is older than any instant.
    private static func isLess(_ left: Int64?, _ right: Int64?) -> Bool {
        switch (left, right) {
        case (nil, nil): false
        case (nil, _?): true
        case (_?, nil): false
        case (let left?, let right?): left < right
        }
    }

    /// "20270220T090000Z/20270221T090000Z", "-" for a missing part: how the store writes it.
    public var description: String {
        [modified, messageDate].map { $0.map(EventComponent.utcText) ?? "-" }.joined(separator: "/")
    }

    /// Reads ``description`` back; nil for anything else.
    init?(text: String) {
        let pieces = text.split(separator: "/", omittingEmptySubsequences: false)
        guard pieces.count == 2 else { return nil }
        func instant(_ piece: Substring) -> Int64?? {
            if piece == "-" { return .some(nil) }
            return EventComponent.seconds(fromUTC: String(piece)).map { .some($0) }
        }
        guard let modified = instant(pieces[0]), let messageDate = instant(pieces[1]) else { return nil }
        self.init(modified: modified, messageDate: messageDate)
    }

    /// The version of an event written before versions had two parts: one instant in
    /// X-EVENTSUGGEST-VERSION (`modifiedTime`, else the Date) beside the Date.
    // QUIRK: the old single value cannot say which it was; equal to the stored Date it is
    // read as "no modifiedTime", else as the modifiedTime. Calendars written by earlier
    // versions of this tool keep their order this way.
    static func legacy(version: Int64?, messageDate: Int64?) -> EventVersion {
        EventVersion(modified: version == messageDate ? nil : version, messageDate: messageDate)
    }
}
