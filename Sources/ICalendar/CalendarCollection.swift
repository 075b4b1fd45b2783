/// The store interface the calendar logic works against: a collection of event resources
/// named like vdir files (a hash of the UID) and the tombstones kept beside them.
///
/// The vdir (``VdirCollection``) is one implementation. A CalDAV collection is meant to be
/// another: ``StoredEvent/tag`` is its ETag, ``store(_:named:replacing:)`` its PUT with
/// `If-Match` (or `If-None-Match: *` when `replacing` is nil), answered by
/// ``CalendarStoreError/changedMeanwhile(path:)`` on 412 so the store reads and decides
/// again; ``withExclusiveAccess(_:)`` is then just a call of its body. Tombstones there
/// are kept where calendar clients do not show them (a WebDAV property of the collection,
/// or a sibling collection): the store only asks for them by reservation and part.
public protocol CalendarCollection: Sendable {
    /// What error messages and reports name: the folder, the collection's URL.
    var location: String { get }

    /// Makes the collection exist (created when missing) and runs `body` with whatever
    /// exclusive access it has (the vdir: the folder's lock).
    func withExclusiveAccess<Result>(_ body: () throws(CalendarStoreError) -> Result) throws(CalendarStoreError) -> Result

    /// The event stored under `name`, or nil when there is none. An unreadable resource
    /// throws; one that does not parse as an event is returned as absent (it is replaced).
    func event(named name: String) throws(CalendarStoreError) -> StoredEvent?

    /// Stores `calendar` (a VCALENDAR with one VEVENT) under `name`, atomically.
    func store(_ calendar: ICSComponent, named name: String, replacing: StoredEvent?) throws(CalendarStoreError)

    /// The names of the events that carry `reservationKey` (every part of one reservation).
    func eventNames(withReservationKey reservationKey: String) throws(CalendarStoreError) -> [String]

    /// The tombstone of a reservation (`part` nil) or of one of its parts.
    func tombstone(reservationKey: String, part: String?) throws(CalendarStoreError) -> Tombstone?

    func store(_ tombstone: Tombstone) throws(CalendarStoreError)

    /// Removes what a writer killed mid-write left behind; how many were removed. Takes
    /// exclusive access itself: call it outside ``withExclusiveAccess(_:)``.
    func removeInterruptedWrites() throws(CalendarStoreError) -> Int

    /// ``withExclusiveAccess(_:)``, having first removed what a writer killed mid-write left
    /// behind, when the collection can tell cheaply that one was (the vdir: its lock's
    /// marker). The default calls ``removeInterruptedWrites()`` first.
    func withExclusiveAccessRepairing<Result>(
        _ body: () throws(CalendarStoreError) -> Result
    ) throws(CalendarStoreError) -> (result: Result, removedTemporaryFiles: Int)
}

extension CalendarCollection {
    public func withExclusiveAccessRepairing<Result>(
        _ body: () throws(CalendarStoreError) -> Result
    ) throws(CalendarStoreError) -> (result: Result, removedTemporaryFiles: Int) {
        let removed = try removeInterruptedWrites()
        return (try withExclusiveAccess(body), removed)
    }
}

/// An event as stored: its component and the tag a conditional write needs.
public struct StoredEvent: Sendable {
    public var name: String
    public var event: ICSComponent
    /// The vdir: nil (the lock makes writes exclusive); CalDAV: the ETag.
    public var tag: String?

    public init(name: String, event: ICSComponent, tag: String? = nil) {
        self.name = name
        self.event = event
        self.tag = tag
    }
}
