import Findings
import SchemaMarkup

/// What the store did with one reservation part, for the report.
public struct StoreOutcome: Sendable, Hashable {
    public enum Action: String, Sendable, Hashable, Codable {
        case created, updated, cancelled, unchanged, skipped, failed
    }

    public var action: Action
    /// Why it was skipped, left unchanged or failed, in words.
    public var reason: String?
    /// A stable code (one of ``FindingCode/iCalendarCodes``: `end-time-passed`, `older-message`, `not-confirmed`, …).
    public var code: String?
    public var uid: EventUID?
    /// The .ics file name in the calendar folder.
    public var fileName: String?
    public var summary: String?
    public var start: DateTimeValue?
    public var reservationID: String?
    public var itemReference: String
    /// The VEVENT the calendar holds for this part once the store is done: the one it wrote
    /// (created, updated, cancelled) or the one it kept (unchanged, older message); nil when
    /// no event exists for the part. What `filter --attach-event` carries in the message.
    public var event: ICSComponent?

    /// Skipped only because the calendar already holds this part in a newer version, or a
    /// newer cancellation of it: what a second scan or a redelivery meets. Not a problem.
    public var isAlreadyInCalendar: Bool {
        action == .skipped && (code == FindingCode.olderMessage.id || code == FindingCode.cancelledEarlier.id)
    }
}

/// Where a reservation came from: who signed it and which message carried it.
public struct ReservationSource: Sendable, Hashable {
    /// The DKIM signing domain that vouched for the message (or the From domain when
    /// unverified sources are allowed). Events written before issue 15 are named by it.
    public var domain: String
    /// The signing domain's organizational domain (Public Suffix List, as alignment uses
    /// it): with the reservation id, the name of the reservation. `d=mail.sender.example`
    /// and `d=sender.example` sign for one sender.
    public var organizationalDomain: String
    public var messageID: String?
    /// The message's Date as seconds since 1970, only as the passing signature covers it
    /// (nil when unsigned, missing, invalid or in the future): half of ``EventVersion``.
    public var messageDate: Int64?

    public init(domain: String, organizationalDomain: String? = nil, messageID: String?, messageDate: Int64?) {
        self.domain = domain
        self.organizationalDomain = (organizationalDomain ?? domain).lowercased()
        self.messageID = messageID
        self.messageDate = messageDate
    }
}

/// Failures of the calendar folder itself (the environment), not of a reservation.
public enum CalendarStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotCreate(path: String, reason: String)
    case cannotLock(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case cannotRead(path: String, reason: String)
    /// A conditional write found the resource changed since it was read (CalDAV's 412):
    /// the store reads it again and decides again.
    case changedMeanwhile(path: String)

    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason): "\(path): cannot create the calendar folder: \(reason)"
        case .cannotLock(let path, let reason): "\(path): cannot lock the calendar folder: \(reason)"
        case .cannotWrite(let path, let reason): "\(path): cannot write the event: \(reason)"
        case .cannotRead(let path, let reason): "\(path): cannot read the calendar folder: \(reason)"
        case .changedMeanwhile(let path): "\(path): the event kept changing while it was being written; try again"
        }
    }
}
