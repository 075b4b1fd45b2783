import Foundation
import Testing
import TestSupport
@testable import ICalendar

@Suite("event versions: modifiedTime first, then the signed Date; missing parts oldest")
struct EventVersionTests {
    static func v(_ modified: Int64?, _ date: Int64?) -> EventVersion { EventVersion(modified: modified, messageDate: date) }

    struct Case: Sendable, CustomTestStringConvertible {
        var older: EventVersion
        var newer: EventVersion
        var why: String
        var testDescription: String { why }
        init(_ older: EventVersion, _ newer: EventVersion, _ why: String) {
            self.older = older
            self.newer = newer
            self.why = why
        }
    }

    static let cases: [Case] = [
        Case(v(10, 50), v(20, 5), "a later modifiedTime wins over an earlier Date"),
        Case(v(10, 50), v(10, 51), "equal modifiedTime (the booking's creation time on every mail): the Date decides"),
        Case(v(10, 50), v(nil, 60), "no modifiedTime: the Date stands in (a minimal cancellation still cancels)"),
        Case(v(nil, 60), v(70, 1), "and a later modifiedTime wins over that Date"),
        Case(v(nil, nil), v(nil, 1), "no Date the signature vouches for is older than any Date"),
        Case(v(10, nil), v(10, 1), "a modifiedTime with an unsigned Date is older than the same with a signed one"),
        Case(v(nil, nil), v(0, nil), "nothing at all is the oldest"),
    ]

    @Test("the order, case by case", arguments: cases)
    func order(_ test: Case) {
        #expect(test.older < test.newer)
        #expect(!(test.newer < test.older))
        #expect(test.older != test.newer)
    }

    @Test("equal versions are equal however they were written")
    func equality() {
        #expect(Self.v(nil, 5) == Self.v(5, 5), "modifiedTime equal to the Date is the same instant")
        #expect(!(Self.v(nil, 5) < Self.v(5, 5)) && !(Self.v(5, 5) < Self.v(nil, 5)))
        #expect(EventVersion.oldest == Self.v(nil, nil))
    }

    @Test("the order is total: transitive and antisymmetric over random versions (seeded)")
    func total() {
        var random = SplitMix64(seed: 42)
        func any() -> EventVersion {
            func part() -> Int64? { random.next() % 4 == 0 ? nil : Int64(random.next() % 6) }
            return EventVersion(modified: part(), messageDate: part())
        }
        let versions = (0..<60).map { _ in any() }
        for a in versions {
            for b in versions {
                #expect((a < b ? 1 : 0) + (b < a ? 1 : 0) + (a == b ? 1 : 0) == 1, "\(a) \(b)")
                for c in versions where a < b && b < c {
                    #expect(a < c, "\(a) < \(b) < \(c)")
                }
            }
        }
    }

    @Test("written and read back, and read from events written before versions had two parts")
    func text() {
        for version in [Self.v(nil, nil), Self.v(1_801_990_800, nil), Self.v(nil, 1_801_990_800), Self.v(1_801_000_000, 1_801_990_800)] {
            #expect(EventVersion(text: version.description) == version)
        }
        #expect(Self.v(nil, 1_801_990_800).description == "-/20270207T090000Z")
        #expect(EventVersion(text: "20270210T090000Z") == nil, "the old single value is not a new version")
        #expect(EventVersion(text: "x/y") == nil)
        // Old events: one value, modifiedTime else Date, beside the Date.
        #expect(EventVersion.legacy(version: 100, messageDate: 100) == Self.v(nil, 100))
        #expect(EventVersion.legacy(version: 50, messageDate: 100).modified == 50)
    }
}

@Suite("tombstones and the store interface")
struct TombstoneTests {
    @Test("a tombstone's text round-trips, whatever the Message-ID holds")
    func roundTrip() throws {
        for messageID in ["<a@b>", "x;y,z\\w", "line\r\nBREAK:injected", "日本-🎉", String(repeating: "long-", count: 40)] {
            let tombstone = Tombstone(reservationKey: "0123456789abcdef0123456789abcdef", part: "FlightReservation leg 2 jfk-bos",
                                      version: EventVersion(modified: nil, messageDate: 1_801_990_800), messageID: messageID)
            let text = tombstone.text
            #expect(!text.contains("\r\nBREAK:"), "a line break in the Message-ID starts no line")
            #expect(contentLineProblems(text) == [])
            let back = try #require(Tombstone(text: text))
            #expect(back.reservationKey == tombstone.reservationKey && back.part == tombstone.part && back.version == tombstone.version)
        }
        #expect(Tombstone(text: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n") == nil)
    }

    @Test("the vdir names tombstones so that calendar readers and vdirsyncer skip them")
    func vdirNames() {
        let name = VdirCollection.tombstoneName(reservationKey: "k", part: nil)
        #expect(name.hasPrefix(".") && name.hasSuffix(".eventsuggest-cancelled") && !name.hasSuffix(".ics"))
        #expect(name != VdirCollection.tombstoneName(reservationKey: "k", part: "p"))
        #expect(name.range(of: "^\\.[0-9a-f]{32}\\.eventsuggest-cancelled$", options: .regularExpression) != nil)
    }

    @Test("a collection that answers 'changed meanwhile' (CalDAV's 412) is read again and decided again")
    func conflictRetried() throws {
        let collection = ConflictingOnce()
        let store = CalendarStore(collection: collection, now: orderingNow)
        let outcomes = try store.apply([restaurant("R-1", "Zur Post", "2027-03-10T19:00:00+01:00")], from: .mail())
        #expect(outcomes.map(\.action) == [.created])
        #expect(collection.attempts == 2)
    }
}

/// A collection whose first write answers 412, as a CalDAV server does when another writer came first.
final class ConflictingOnce: CalendarCollection, @unchecked Sendable {
    let inner = MemoryCollection()
    var attempts = 0
    var location: String { inner.location }
    func withExclusiveAccess<Result>(_ body: () throws(CalendarStoreError) -> Result) throws(CalendarStoreError) -> Result {
        try inner.withExclusiveAccess(body)
    }
    func event(named name: String) throws(CalendarStoreError) -> StoredEvent? { try inner.event(named: name) }
    func store(_ calendar: ICSComponent, named name: String, replacing: StoredEvent?) throws(CalendarStoreError) {
        attempts += 1
        if attempts == 1 { throw .changedMeanwhile(path: name) }
        try inner.store(calendar, named: name, replacing: replacing)
    }
    func eventNames(withReservationKey key: String) throws(CalendarStoreError) -> [String] { try inner.eventNames(withReservationKey: key) }
    func tombstone(reservationKey: String, part: String?) throws(CalendarStoreError) -> Tombstone? {
        try inner.tombstone(reservationKey: reservationKey, part: part)
    }
    func store(_ tombstone: Tombstone) throws(CalendarStoreError) { try inner.store(tombstone) }
    func removeInterruptedWrites() throws(CalendarStoreError) -> Int { 0 }
}
