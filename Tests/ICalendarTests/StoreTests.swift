import Foundation
import Testing
@testable import ICalendar
import SchemaMarkup

/// A table at "Zur Post" as one version of the confirmation mail says it.
func table(_ start: String, status: ReservationStatus = .confirmed, modified: String? = nil) -> Reservation {
    .make(.foodEstablishment, id: "ZP-4711", status: status) {
        $0.name = "Zur Post"
        $0.start = time(start)
        $0.partySize = 2
        $0.modifiedTime = modified.map(time)
        $0.place = Place(name: "Zur Post", address: PostalAddress(text: "Hauptstraße 1, 10115 Berlin"))
    }
}

/// A two-leg flight under one booking code.
func twoLegs(status: ReservationStatus = .confirmed) -> [Reservation] {
    [("UA 123", "SFO", "JFK", "2027-03-10T08:00:00-08:00", "2027-03-10T16:35:00-05:00"),
     ("UA 456", "JFK", "BOS", "2027-03-10T18:30:00-05:00", "2027-03-10T19:45:00-05:00")].map { number, from, to, departs, arrives in
        Reservation.make(.flight, id: "RXJ34P", status: status, item: "\(number)@2027-03-10") {
            $0.tripNumber = number
            $0.provider = "United Airlines"
            $0.place = Place(code: from)
            $0.destination = Place(code: to)
            $0.start = time(departs)
            $0.end = time(arrives)
        }
    }
}

@Suite("the vdir store: create, update, cancel, unchanged, skipped")
struct StoreTests {
    @Test("confirm → modify → the same modify again → cancel → an older confirm arriving late")
    func sequence() throws {
        let directory = try TemporaryDirectory("store")
        var store = CalendarStore(directory: directory.path, now: seconds("2027-03-01T10:00:00Z"))

        // 1. Confirmed: created, SEQUENCE 0.
        let confirm = try store.apply([table("2027-03-10T19:00:00+01:00")],
                                      from: .mail(id: "<v1@zurpost.example>", date: "2027-02-20T09:00:00Z"))
        #expect(confirm.map(\.action) == [.created])
        let name = try #require(confirm.first?.fileName)
        let uid = try #require(confirm.first?.uid)
        let v1 = try directory.read(name)
        #expect(values("SEQUENCE", in: v1) == ["0"])
        #expect(values("DTSTART", in: v1) == ["20270310T180000Z"])
        #expect(values("CREATED", in: v1) == ["20270301T100000Z"])

        // 2. The time changes: the same file, the same UID, SEQUENCE 1, a new DTSTAMP and LAST-MODIFIED.
        store.now = seconds("2027-03-02T10:00:00Z")
        let modify = try store.apply([table("2027-03-10T20:30:00+01:00")],
                                     from: .mail(id: "<v2@zurpost.example>", date: "2027-02-21T09:00:00Z"))
        #expect(modify.map(\.action) == [.updated])
        #expect(modify.first?.fileName == name)
        #expect(modify.first?.uid == uid)
        let v2 = try directory.read(name)
        #expect(values("UID", in: v2) == [uid.value])
        #expect(values("SEQUENCE", in: v2) == ["1"])
        #expect(values("DTSTART", in: v2) == ["20270310T193000Z"])
        #expect(values("DTEND", in: v2) == ["20270310T213000Z"])
        #expect(values("DTSTAMP", in: v2) == ["20270302T100000Z"])
        #expect(values("LAST-MODIFIED", in: v2) == ["20270302T100000Z"])
        #expect(values("CREATED", in: v2) == ["20270301T100000Z"], "CREATED stays")
        #expect(values("STATUS", in: v2) == ["CONFIRMED"])

        // 3. The same message again: nothing changes, not even DTSTAMP.
        store.now = seconds("2027-03-03T10:00:00Z")
        let again = try store.apply([table("2027-03-10T20:30:00+01:00")],
                                    from: .mail(id: "<v2@zurpost.example>", date: "2027-02-21T09:00:00Z"))
        #expect(again.map(\.action) == [.unchanged])
        #expect(try directory.read(name) == v2)

        // 4. A cancellation naming only the id: STATUS:CANCELLED, SEQUENCE 2, the times kept.
        store.now = seconds("2027-03-04T10:00:00Z")
        let cancel = try store.apply([.make(.foodEstablishment, id: "ZP-4711", status: .cancelled, item: "")],
                                     from: .mail(id: "<v3@zurpost.example>", date: "2027-02-22T09:00:00Z"))
        #expect(cancel.map(\.action) == [.cancelled])
        #expect(cancel.first?.fileName == name)
        let v3 = try directory.read(name)
        #expect(values("STATUS", in: v3) == ["CANCELLED"])
        #expect(values("SEQUENCE", in: v3) == ["2"])
        #expect(values("DTSTAMP", in: v3) == ["20270304T100000Z"])
        #expect(values("LAST-MODIFIED", in: v3) == ["20270304T100000Z"])

        // 5. The first confirmation arrives late: older than what the event says, so it changes nothing.
        store.now = seconds("2027-03-05T10:00:00Z")
        let late = try store.apply([table("2027-03-10T19:00:00+01:00")],
                                   from: .mail(id: "<v1@zurpost.example>", date: "2027-02-20T09:00:00Z"))
        #expect(late.map(\.action) == [.skipped])
        #expect(late.first?.code == "older-message")
        let final = try directory.read(name)
        #expect(final == v3)

        // The folder: one event file (plus the lock and the remembered cancellation, which
        // calendar readers do not list), one UID, the cancelled v2 times.
        #expect(try directory.icsFiles() == [name])
        let others = try directory.entries().filter { $0 != name && $0 != ".eventsuggest.lock" }
        #expect(others.count == 1 && others.allSatisfy { $0.hasPrefix(".") && $0.hasSuffix(".eventsuggest-cancelled") }, "\(others)")
        #expect(values("UID", in: final) == [uid.value])
        #expect(values("STATUS", in: final) == ["CANCELLED"])
        #expect(values("SEQUENCE", in: final) == ["2"])
        #expect(values("DTSTART", in: final) == ["20270310T193000Z"])
        #expect(values("DTEND", in: final) == ["20270310T213000Z"])
        #expect(unfoldedLines(final).filter { $0 == "BEGIN:VEVENT" }.count == 1)
    }

    @Test("an older message never overwrites a newer one: modifiedTime first, then the message Date")
    func olderNeverWins() throws {
        let directory = try TemporaryDirectory("store")
        let store = CalendarStore(directory: directory.path, now: seconds("2027-03-01T10:00:00Z"))
        // Written from a message modified on the 20th, dated the 21st.
        #expect(try store.apply([table("2027-03-10T20:30:00+01:00", modified: "2027-02-20T00:00:00Z")],
                                from: .mail(date: "2027-02-21T09:00:00Z")).map(\.action) == [.created])
        // The same modifiedTime, dated the 20th: older by its Date.
        let byDate = try store.apply([table("2027-03-10T19:00:00+01:00", modified: "2027-02-20T00:00:00Z")],
                                     from: .mail(date: "2027-02-20T09:00:00Z"))
        #expect(byDate.map(\.code) == ["older-message"])
        // A newer Date but an older modifiedTime: modifiedTime decides first, still older.
        let byModified = try store.apply([table("2027-03-10T19:00:00+01:00", modified: "2027-02-19T00:00:00Z")],
                                         from: .mail(date: "2027-02-25T09:00:00Z"))
        #expect(byModified.map(\.code) == ["older-message"])
        // Without modifiedTime the Date stands in for it: dated the 19th, older.
        let without = try store.apply([table("2027-03-10T19:00:00+01:00")], from: .mail(date: "2027-02-19T09:00:00Z"))
        #expect(without.map(\.code) == ["older-message"])
        // Neither a modifiedTime nor a (signed) Date: older than anything stored.
        let unsigned = try store.apply([table("2027-03-10T19:00:00+01:00")], from: .mail(date: nil))
        #expect(unsigned.map(\.code) == ["older-message"])
        // An older cancellation does not cancel a newer confirmation either.
        let oldCancel = try store.apply([.make(.foodEstablishment, id: "ZP-4711", status: .cancelled, item: "")],
                                        from: .mail(date: "2027-02-19T10:00:00Z"))
        #expect(oldCancel.map(\.code) == ["older-message"])
        let text = try directory.read(try #require(directory.icsFiles().first))
        #expect(values("DTSTART", in: text) == ["20270310T193000Z"])
        #expect(values("STATUS", in: text) == ["CONFIRMED"])
        #expect(values("SEQUENCE", in: text) == ["0"])
        // A newer one does update.
        let newer = try store.apply([table("2027-03-10T21:00:00+01:00", modified: "2027-02-22T00:00:00Z")],
                                    from: .mail(date: "2027-02-22T09:00:00Z"))
        #expect(newer.map(\.action) == [.updated])
    }

    @Test("a cancellation with only id and status cancels both legs of a flight, and nothing else")
    func minimalCancellationCancelsEveryPart() throws {
        let directory = try TemporaryDirectory("store")
        var store = CalendarStore(directory: directory.path, now: seconds("2027-03-01T10:00:00Z"))
        let created = try store.apply(twoLegs(), from: .mail("united.com", date: "2027-02-20T09:00:00Z"))
        #expect(created.map(\.action) == [.created, .created])
        #expect(Set(created.compactMap(\.uid)).count == 2, "two legs, two UIDs")
        // Another booking from the same signer, and the same booking code from another signer.
        var other = twoLegs()[0]
        other.reservationID = "ZZZ999"
        _ = try store.apply([other], from: .mail("united.com", date: "2027-02-20T09:00:00Z"))
        _ = try store.apply([twoLegs()[0]], from: .mail("example.net", date: "2027-02-20T09:00:00Z"))
        #expect(try directory.icsFiles().count == 4)

        store.now += 3600
        let cancel = try store.apply([.make(.flight, id: "RXJ34P", status: .cancelled, item: "")],
                                     from: .mail("united.com", date: "2027-02-21T09:00:00Z"))
        #expect(cancel.map(\.action) == [.cancelled, .cancelled])
        #expect(Set(cancel.compactMap(\.fileName)) == Set(created.compactMap(\.fileName)))
        #expect(Set(cancel.map(\.itemReference)) == ["UA 123@2027-03-10", "UA 456@2027-03-10"])
        for file in try directory.icsFiles() {
            let text = try directory.read(file)
            let isLeg = created.contains { $0.fileName == file }
            #expect(values("STATUS", in: text) == [isLeg ? "CANCELLED" : "CONFIRMED"], "\(file)")
            #expect(values("SEQUENCE", in: text) == [isLeg ? "1" : "0"], "\(file)")
        }
        // Cancelling again changes nothing.
        let again = try store.apply([.make(.flight, id: "RXJ34P", status: .cancelled, item: "")],
                                    from: .mail("united.com", date: "2027-02-21T09:00:00Z"))
        #expect(again.map(\.action) == [.unchanged, .unchanged])
    }

    @Test("a full cancellation (every leg named) cancels each named leg")
    func fullCancellation() throws {
        let directory = try TemporaryDirectory("store")
        let store = CalendarStore(directory: directory.path, now: seconds("2027-03-01T10:00:00Z"))
        _ = try store.apply(twoLegs(), from: .mail(date: "2027-02-20T09:00:00Z"))
        let cancel = try store.apply(twoLegs(status: .cancelled), from: .mail(date: "2027-02-21T09:00:00Z"))
        #expect(cancel.map(\.action) == [.cancelled, .cancelled])
        for file in try directory.icsFiles() {
            #expect(values("STATUS", in: try directory.read(file)) == ["CANCELLED"])
        }
    }

    @Test("pending and hold create nothing", arguments: [ReservationStatus.pending, .hold])
    func notConfirmed(status: ReservationStatus) throws {
        let directory = try TemporaryDirectory("store")
        let store = CalendarStore(directory: directory.path, now: seconds("2027-03-01T10:00:00Z"))
        let outcomes = try store.apply([table("2027-03-10T19:00:00+01:00", status: status)], from: .mail())
        #expect(outcomes.map(\.action) == [.skipped])
        #expect(outcomes.map(\.code) == ["not-confirmed"])
        #expect(try directory.icsFiles() == [])
    }

    @Test("a reservation whose end has passed is skipped, unless past ones are asked for")
    func endTimePassed() throws {
        let directory = try TemporaryDirectory("store")
        // The table is 19:00–21:00 +01:00 = 18:00–20:00Z.
        var store = CalendarStore(directory: directory.path, now: seconds("2027-03-10T20:00:01Z"))
        let past = try store.apply([table("2027-03-10T19:00:00+01:00")], from: .mail())
        #expect(past.map(\.code) == ["end-time-passed"])
        #expect(try directory.icsFiles() == [])
        // Started but not ended: written.
        store.now = seconds("2027-03-10T19:59:00Z")
        #expect(try store.apply([table("2027-03-10T19:00:00+01:00")], from: .mail()).map(\.action) == [.created])

        let other = try TemporaryDirectory("store")
        let includingPast = CalendarStore(directory: other.path, now: seconds("2027-04-01T00:00:00Z"), includePast: true)
        #expect(try includingPast.apply([table("2027-03-10T19:00:00+01:00")], from: .mail()).map(\.action) == [.created])
        // An all-day stay has passed only when its check-out day has begun.
        let stay = Reservation.make(.lodging, id: "H-1") {
            $0.name = "Hotel Example"
            $0.start = time("2027-03-10")
            $0.end = time("2027-03-12")
        }
        let during = CalendarStore(directory: other.path, now: seconds("2027-03-11T23:00:00Z"))
        #expect(try during.apply([stay], from: .mail()).map(\.action) == [.created])
    }

    @Test("what cannot be written is skipped with a code, and the folder stays empty", arguments: [
        (Reservation.make(.foodEstablishment, id: nil) { $0.start = time("2027-03-10T19:00:00Z") }, "no-reservation-id"),
        (Reservation.make(.foodEstablishment, id: "X", status: nil) { $0.start = time("2027-03-10T19:00:00Z") }, "no-status"),
        (Reservation.make(.foodEstablishment, id: "X") { $0.name = "No time" }, "no-start-time"),
    ])
    func skips(reservation: Reservation, code: String) throws {
        let directory = try TemporaryDirectory("store")
        let store = CalendarStore(directory: directory.path, now: seconds("2027-03-01T10:00:00Z"))
        let outcomes = try store.apply([reservation], from: .mail())
        #expect(outcomes.map(\.action) == [.skipped])
        #expect(outcomes.map(\.code) == [code])
        #expect(outcomes.allSatisfy { $0.reason?.isEmpty == false })
        #expect(try directory.icsFiles() == [])
    }

    @Test("a cancelled event confirmed again by a newer message comes back, SEQUENCE still rising")
    func reconfirmed() throws {
        let directory = try TemporaryDirectory("store")
        var store = CalendarStore(directory: directory.path, now: seconds("2027-03-01T10:00:00Z"))
        _ = try store.apply([table("2027-03-10T19:00:00+01:00")], from: .mail(date: "2027-02-20T09:00:00Z"))
        store.now += 60
        _ = try store.apply([.make(.foodEstablishment, id: "ZP-4711", status: .cancelled, item: "")],
                            from: .mail(date: "2027-02-21T09:00:00Z"))
        store.now += 60
        let back = try store.apply([table("2027-03-10T19:00:00+01:00")], from: .mail(date: "2027-02-22T09:00:00Z"))
        #expect(back.map(\.action) == [.updated])
        let text = try directory.read(try #require(back.first?.fileName))
        #expect(values("STATUS", in: text) == ["CONFIRMED"])
        #expect(values("SEQUENCE", in: text) == ["2"])
    }

    @Test("writes leave no temporary files; the folder is created when missing")
    func noLeftovers() throws {
        let root = try TemporaryDirectory("store")
        let folder = root.path + "/nested/calendar"
        var store = CalendarStore(directory: folder, now: seconds("2027-03-01T10:00:00Z"))
        for (index, golden) in GoldenCase.all.enumerated() {
            store.now += Int64(index)
            _ = try store.apply([golden.reservation], from: .mail())
        }
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(entries.filter { $0.hasPrefix(".") } == [".eventsuggest.lock"])
        #expect(entries.filter { !$0.hasPrefix(".") }.count == GoldenCase.all.count)
        #expect(entries.filter { !$0.hasPrefix(".") }.allSatisfy {
            $0.range(of: "^[0-9a-f]{32}\\.ics$", options: .regularExpression) != nil
        })
    }

    @Test("every operation says what it did, per part, in order")
    func outcomesDescribeParts() throws {
        let directory = try TemporaryDirectory("store")
        let store = CalendarStore(directory: directory.path, now: seconds("2027-03-01T10:00:00Z"))
        let pending = table("2027-03-12T19:00:00+01:00", status: .pending)
        var other = table("2027-03-11T19:00:00+01:00")
        other.reservationID = "ZP-0815"
        let outcomes = try store.apply(twoLegs() + [pending, other], from: .mail())
        #expect(outcomes.map(\.action) == [.created, .created, .skipped, .created])
        #expect(outcomes.map(\.itemReference)
            == ["UA 123@2027-03-10", "UA 456@2027-03-10", "FoodEstablishmentReservation", "FoodEstablishmentReservation"])
        #expect(outcomes[0].summary == "UA 123 SFO → JFK")
        #expect(outcomes[1].summary == "UA 456 JFK → BOS")
        #expect(outcomes[3].reservationID == "ZP-0815")
        #expect(outcomes[0].start == time("2027-03-10T08:00:00-08:00"))
    }
}

@Suite("the store reads back what it wrote, whatever the text")
struct StoreReadBackTests {
    /// Decomposed accents (NFD, as some senders write them) and emoji ZWJ sequences: folding
    /// may put a combining mark or a ZWJ first on a continuation line.
    @Test("an update of an event whose text folds before a combining mark is an update (SEQUENCE 1), not a new event",
          arguments: [
              "Cafe\u{301} " + String(repeating: "Nguye\u{302}\u{303}n ", count: 30),
              String(repeating: "👩‍👩‍👧 ", count: 30),
              "\u{301}" + "starts with a combining mark",
          ])
    func updateAfterAwkwardFold(name: String) throws {
        let directory = try TemporaryDirectory("store")
        var store = CalendarStore(directory: directory.path, now: seconds("2027-03-01T10:00:00Z"))
        func reservation(_ start: String) -> Reservation {
            .make(.foodEstablishment, id: "NFD-1") {
                $0.name = name
                $0.underName = name
                $0.start = time(start)
            }
        }
        _ = try store.apply([reservation("2027-03-10T19:00:00+01:00")], from: .mail(date: "2027-02-20T09:00:00Z"))
        store.now += 60
        let update = try store.apply([reservation("2027-03-10T20:00:00+01:00")], from: .mail(date: "2027-02-21T09:00:00Z"))
        #expect(update.map(\.action) == [.updated])
        let text = try directory.read(try #require(update.first?.fileName))
        #expect(values("SEQUENCE", in: text) == ["1"])
        #expect(values("CREATED", in: text) == ["20270301T100000Z"])
        store.now += 60
        let cancel = try store.apply([.make(.foodEstablishment, id: "NFD-1", status: .cancelled, item: "")],
                                     from: .mail(date: "2027-02-22T09:00:00Z"))
        #expect(cancel.map(\.action) == [.cancelled])
    }
}
