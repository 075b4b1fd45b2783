import Foundation
@testable import ICalendar

/// A ``CalendarCollection`` in memory: the store interface without a file system, so a
/// test can run thousands of arrival orders quickly, and make chosen writes fail.
final class MemoryCollection: CalendarCollection, @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String: ICSComponent] = [:]
    private var tombstones: [String: Tombstone] = [:]
    /// Event names whose writes fail with ENOSPC's message.
    var failingNames: Set<String> = []
    /// Every write, in order (event names; tombstones as "tombstone:<key>|<part>").
    private(set) var writes: [String] = []

    var location: String { "memory:" }

    func withExclusiveAccess<Result>(_ body: () throws(CalendarStoreError) -> Result) throws(CalendarStoreError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func event(named name: String) throws(CalendarStoreError) -> StoredEvent? {
        events[name].map { StoredEvent(name: name, event: $0) }
    }

    func store(_ calendar: ICSComponent, named name: String, replacing: StoredEvent?) throws(CalendarStoreError) {
        if failingNames.contains(name) { throw .cannotWrite(path: "memory:" + name, reason: "No space left on device") }
        // Through the writer and the reader, as a file would go.
        let text: String
        do { text = try ICSWriter.serialize(calendar) } catch { preconditionFailure("\(error)") }
        events[name] = try? ICSReader.parse(text).components.first
        writes.append(name)
    }

    func eventNames(withReservationKey reservationKey: String) throws(CalendarStoreError) -> [String] {
        events.filter { $0.value.property("X-EVENTSUGGEST-RESERVATION")?.rawValue == reservationKey }.keys.sorted()
    }

    func tombstone(reservationKey: String, part: String?) throws(CalendarStoreError) -> Tombstone? {
        tombstones[reservationKey + "|" + (part ?? "")]
    }

    func store(_ tombstone: Tombstone) throws(CalendarStoreError) {
        let key = tombstone.reservationKey + "|" + (tombstone.part ?? "")
        tombstones[key] = Tombstone(text: tombstone.text) // through its text form too
        writes.append("tombstone:" + key)
    }

    func removeInterruptedWrites() throws(CalendarStoreError) -> Int { 0 }

    /// The events by UID, each as its content lines without the bookkeeping that counts
    /// writes (SEQUENCE, DTSTAMP, LAST-MODIFIED, CREATED): what a calendar shows and what
    /// the store decides by.
    var finalCalendar: [String: [String]] {
        var result: [String: [String]] = [:]
        for event in events.values {
            let uid = event.property("UID")?.rawValue ?? "?"
            let skipped: Set<String> = ["SEQUENCE", "DTSTAMP", "LAST-MODIFIED", "CREATED"]
            result[uid] = event.properties.filter { !skipped.contains($0.name) }.map { "\($0.name):\($0.rawValue)" }
                + event.components.flatMap { component in component.properties.map { "\(component.name).\($0.name):\($0.rawValue)" } }
        }
        return result
    }
}
