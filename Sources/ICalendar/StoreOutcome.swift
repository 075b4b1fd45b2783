import SchemaMarkup

/// What the store did with one reservation part, for the report.
public struct StoreOutcome: Sendable, Hashable {
    public enum Action: String, Sendable, Hashable, Codable {
        case created, updated, cancelled, unchanged, skipped, failed
    }

    public var action: Action
    /// Why it was skipped, left unchanged or failed, in words.
    public var reason: String?
    /// A stable code for skips (`end-time-passed`, `older-message`, `not-confirmed`, …).
    public var code: String?
    public var uid: EventUID?
    /// The .ics file name in the calendar folder.
    public var fileName: String?
    public var summary: String?
    public var start: DateTimeValue?
    public var reservationID: String?
    public var itemReference: String
}

/// Where a reservation came from: who signed it and which message carried it.
public struct ReservationSource: Sendable, Hashable {
    /// The DKIM signing domain that vouched for the message (or the From domain when
    /// unverified sources are allowed): part of every event's identity.
    public var domain: String
    public var messageID: String?
    /// The message's Date as seconds since 1970, when it parses.
    public var messageDate: Int64?

    public init(domain: String, messageID: String?, messageDate: Int64?) {
        self.domain = domain
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

    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason): "\(path): cannot create the calendar folder: \(reason)"
        case .cannotLock(let path, let reason): "\(path): cannot lock the calendar folder: \(reason)"
        case .cannotWrite(let path, let reason): "\(path): cannot write the event: \(reason)"
        case .cannotRead(let path, let reason): "\(path): cannot read the calendar folder: \(reason)"
        }
    }
}
