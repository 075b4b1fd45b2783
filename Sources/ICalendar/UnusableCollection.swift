/// A calendar that cannot be had: a recipient whose address makes no safe calendar
/// address (``CalendarAddressTemplate``), say. Every use throws ``CalendarStoreError/cannotCreate(path:reason:)``,
/// so the message gets no event and still passes, reported like a folder that cannot be made.
public struct UnusableCollection: CalendarCollection {
    public let location: String
    public let reason: String

    public init(location: String, reason: String) {
        self.location = location
        self.reason = reason
    }

    private var error: CalendarStoreError { .cannotCreate(path: location, reason: reason) }

    public func withExclusiveAccess<Result>(_ body: () throws(CalendarStoreError) -> Result) throws(CalendarStoreError) -> Result {
        throw error
    }

    public func event(named name: String) throws(CalendarStoreError) -> StoredEvent? { throw error }

    public func store(_ calendar: ICSComponent, named name: String, replacing: StoredEvent?) throws(CalendarStoreError) { throw error }

    public func eventNames(withReservationKey reservationKey: String) throws(CalendarStoreError) -> [String] { throw error }

    public func tombstone(reservationKey: String, part: String?) throws(CalendarStoreError) -> Tombstone? { throw error }

    public func store(_ tombstone: Tombstone) throws(CalendarStoreError) { throw error }

    /// Nothing to repair, and the write that follows reports the problem.
    public func removeInterruptedWrites() throws(CalendarStoreError) -> Int { 0 }
}
