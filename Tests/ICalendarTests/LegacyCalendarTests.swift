import Foundation
import Testing
@testable import ICalendar
import SchemaMarkup

/// Calendars written before issue 15 named events by the signing domain and the markup's
/// item reference (flight number and date). Golden/legacy-726899a holds files the binary at
/// commit 726899a wrote; today's store must find and update them, never add a second event.
@Suite("calendars written by earlier versions keep working")
struct LegacyCalendarTests {
    static let files = ["47c3035496f12b4b3f1e6bc31e43a3da.ics", "dfea0d1d00605b42a79f56ef756dee7d.ics",
                        "ef044cb85fc4bb0ce77990296dda1a70.ics"]

    /// A calendar folder holding the three old files.
    func oldCalendar() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("legacy")
        for name in Self.files {
            let url = try #require(Golden.url("legacy-726899a/" + name), "fixture \(name)")
            try directory.write(String(decoding: try Data(contentsOf: url), as: UTF8.self), to: name)
        }
        return directory
    }

    func uid(_ text: String) -> String? { value("UID", in: text) }

    @Test("an update of an old event is written into the old file under the old UID")
    func updatedInPlace() throws {
        let directory = try oldCalendar()
        let before = try Dictionary(uniqueKeysWithValues: Self.files.map { ($0, try directory.read($0)) })
        var store = CalendarStore(directory: directory.path, now: seconds("2027-03-02T10:00:00Z"))
        // The table moved to 20:30, in a newer mail from the same sender.
        var table = restaurant("ZP-4711", "Zur Post", "2027-03-10T20:30:00+01:00")
        table.underName = "Max Mustermann"
        let moved = try store.apply([table], from: .mail("zurpost.example", id: "<t2@zurpost.example>",
                                                         date: "2027-02-21T09:00:00Z"))
        #expect(moved.map(\.action) == [.updated])
        let tableFile = "47c3035496f12b4b3f1e6bc31e43a3da.ics"
        #expect(moved.first?.fileName == tableFile)
        let text = try directory.read(tableFile)
        #expect(uid(text) == uid(before[tableFile]!))
        #expect(values("SEQUENCE", in: text) == ["1"])
        #expect(values("DTSTART", in: text) == ["20270310T193000Z"])
        #expect(values("CREATED", in: text) == ["20270301T100000Z"], "CREATED stays")

        // The old first mail again is older than the event now: nothing changes.
        store.now += 60
        let old = try store.apply([restaurant("ZP-4711", "Zur Post", "2027-03-10T19:00:00+01:00")],
                                  from: .mail("zurpost.example", id: "<t1@zurpost.example>", date: "2027-02-20T09:00:00Z"))
        #expect(old.map(\.code) == ["older-message"])
        #expect(try directory.read(tableFile) == text)

        // Both legs of the flight, a later mail with new times on the same day: updated in place.
        let legs = flight("RXJ34P", [("UA 123", "SFO", "JFK", "2027-03-10T09:00:00-08:00", "2027-03-10T17:35:00-05:00"),
                                     ("UA 456", "JFK", "BOS", "2027-03-10T19:30:00-05:00", "2027-03-10T20:45:00-05:00")])
        let updated = try store.apply(legs, from: .mail("united.example", date: "2027-02-21T09:00:00Z"))
        #expect(updated.map(\.action) == [.updated, .updated])
        #expect(Set(updated.compactMap(\.fileName)) == Set(Self.files.filter { $0 != tableFile }))
        for outcome in updated {
            let name = try #require(outcome.fileName)
            #expect(uid(try directory.read(name)) == uid(before[name]!))
        }
        #expect(try directory.icsFiles() == Self.files.sorted(), "no event beside the old ones")
    }

    @Test("an old event is found by an update signed by a subdomain of the domain that wrote it")
    func subdomainFindsOldEvent() throws {
        let directory = try oldCalendar()
        let store = CalendarStore(directory: directory.path, now: seconds("2027-03-02T10:00:00Z"))
        let moved = try store.apply([restaurant("ZP-4711", "Zur Post", "2027-03-10T21:00:00+01:00")],
                                    from: .mail("mail.zurpost.example", organization: "zurpost.example",
                                                date: "2027-02-21T09:00:00Z"))
        #expect(moved.map(\.action) == [.updated])
        #expect(moved.first?.fileName == "47c3035496f12b4b3f1e6bc31e43a3da.ics")
        #expect(try directory.icsFiles() == Self.files.sorted())
    }

    @Test("a cancellation naming only the id cancels every old event of the reservation")
    func cancelledByID() throws {
        let directory = try oldCalendar()
        let store = CalendarStore(directory: directory.path, now: seconds("2027-03-02T10:00:00Z"))
        let cancel = try store.apply([idOnlyCancellation(.flight, "RXJ34P")],
                                     from: .mail("united.example", date: "2027-02-22T09:00:00Z"))
        #expect(cancel.map(\.action) == [.cancelled, .cancelled])
        #expect(Set(cancel.map(\.itemReference)) == ["UA 123@2027-03-10", "UA 456@2027-03-10"])
        for name in Self.files {
            let text = try directory.read(name)
            let isLeg = name != "47c3035496f12b4b3f1e6bc31e43a3da.ics"
            #expect(values("STATUS", in: text) == [isLeg ? "CANCELLED" : "CONFIRMED"], "\(name)")
        }
        // An old confirmation arriving late does not confirm them again.
        let late = try store.apply(flight("RXJ34P", Histories.twoLegsBefore), from: .mail("united.example", date: "2027-02-20T09:00:00Z"))
        #expect(late.allSatisfy { $0.action != .created && $0.action != .updated }, "\(late)")
        #expect(try directory.icsFiles().filter { values("STATUS", in: try directory.read($0)) == ["CONFIRMED"] }
            == ["47c3035496f12b4b3f1e6bc31e43a3da.ics"])
    }

    @Test("an old leg delayed past midnight is updated in its old file, not doubled; another flight that day is not taken for it")
    func delayedLegFindsOldEvent() throws {
        let directory = try oldCalendar()
        let before = try Dictionary(uniqueKeysWithValues: Self.files.map { ($0, try directory.read($0)) })
        let store = CalendarStore(directory: directory.path, now: seconds("2027-03-02T10:00:00Z"))
        // UA 456 JFK → BOS leaves at 00:20 the next day: the old name held 2027-03-10.
        let delayed = flight("RXJ34P", [("UA 123", "SFO", "JFK", "2027-03-10T09:00:00-08:00", "2027-03-10T17:35:00-05:00"),
                                        ("UA 456", "JFK", "BOS", "2027-03-11T00:20:00-05:00", "2027-03-11T01:35:00-05:00")])
        let outcomes = try store.apply(delayed, from: .mail("united.example", date: "2027-02-21T09:00:00Z"))
        // The first leg is rewritten in today's form (its part named), the second moved.
        #expect(outcomes.map(\.action) == [.updated, .updated], "\(outcomes)")
        #expect(try directory.icsFiles() == Self.files.sorted(), "no event beside the old ones")
        let legFile = try #require(outcomes.last?.fileName)
        #expect(uid(try directory.read(legFile)) == uid(before[legFile]!))
        #expect(values("DTSTART", in: try directory.read(legFile)) == ["20270311T052000Z"])

        // The attack on the rule: a different flight (UA 789) the next day is a new leg, and the
        // same flight number in another reservation never reaches this one's events.
        let other = flight("RXJ34P", [("UA 789", "JFK", "BOS", "2027-03-11T08:00:00-05:00", "2027-03-11T09:15:00-05:00")])
        let added = try store.apply(other, from: .mail("united.example", date: "2027-02-22T09:00:00Z"))
        #expect(added.map(\.action) == [.created])
        let stranger = flight("ZZ9999", [("UA 456", "JFK", "BOS", "2027-03-11T00:20:00-05:00", "2027-03-11T01:35:00-05:00")])
        let separate = try store.apply(stranger, from: .mail("united.example", date: "2027-02-22T09:00:00Z"))
        #expect(separate.map(\.action) == [.created])
        #expect(try directory.icsFiles().count == Self.files.count + 2)
    }
}
