import Findings
import Foundation
import Testing
import TestSupport
@testable import ICalendar
import SchemaMarkup

// MARK: - Booking histories: the messages one booking sends over its life

/// One message as the store sees it: its parts and who signed it when.
struct BookingMail: CustomStringConvertible {
    var label: String
    var reservations: [Reservation]
    var source: ReservationSource
    var description: String { label }
}

/// A table at a restaurant; the item reference is the normaliser's ("kind name"), which a rename changes.
func restaurant(_ id: String, _ name: String, _ start: String, status: ReservationStatus = .confirmed,
                modified: String? = nil) -> Reservation {
    .make(.foodEstablishment, id: id, status: status, item: "FoodEstablishmentReservation \(name)") {
        $0.name = name
        $0.start = time(start)
        $0.partySize = 2
        $0.modifiedTime = modified.map(time)
        $0.place = Place(name: name, address: PostalAddress(text: "Hauptstraße 1, 10115 Berlin"))
    }
}

/// Flight legs; the item reference is the normaliser's ("number@date"), which a delay past midnight changes.
func flight(_ id: String, _ legs: [(String, String, String, String, String)], status: ReservationStatus = .confirmed,
            modified: String? = nil) -> [Reservation] {
    legs.map { number, from, to, departs, arrives in
        Reservation.make(.flight, id: id, status: status, item: "\(number)@\(departs.prefix(10))") {
            $0.tripNumber = number
            $0.provider = "United Airlines"
            $0.place = Place(code: from)
            $0.destination = Place(code: to)
            $0.start = time(departs)
            $0.end = time(arrives)
            $0.modifiedTime = modified.map(time)
        }
    }
}

/// A cancellation with only id and status.
func idOnlyCancellation(_ kind: ReservationKind, _ id: String) -> Reservation {
    .make(kind, id: id, status: .cancelled, item: "")
}

func mail(_ label: String, _ reservations: [Reservation], signer: String, organization: String, date: String?) -> BookingMail {
    BookingMail(label: label, reservations: reservations,
                source: .mail(signer, organization: organization, id: "<\(label)@\(signer)>", date: date))
}

enum Histories {
    /// A table: booked, moved (every mail stamped with the booking's creation time as
    /// modifiedTime), the venue renamed, cancelled by id only from a subdomain, booked again.
    static let table: [BookingMail] = [
        mail("table-confirm", [restaurant("ZP-1", "Zur Post", "2027-03-10T19:00:00+01:00", modified: "2027-02-01T08:00:00Z")],
             signer: "zurpost.example", organization: "zurpost.example", date: "2027-02-20T09:00:00Z"),
        mail("table-move", [restaurant("ZP-1", "Zur Post", "2027-03-10T20:30:00+01:00", modified: "2027-02-01T08:00:00Z")],
             signer: "mail.zurpost.example", organization: "zurpost.example", date: "2027-02-21T09:00:00Z"),
        mail("table-rename", [restaurant("ZP-1", "Alte Post", "2027-03-10T20:30:00+01:00", modified: "2027-02-01T08:00:00Z")],
             signer: "zurpost.example", organization: "zurpost.example", date: "2027-02-22T09:00:00Z"),
        mail("table-cancel", [idOnlyCancellation(.foodEstablishment, "ZP-1")],
             signer: "mail.zurpost.example", organization: "zurpost.example", date: "2027-02-23T09:00:00Z"),
        mail("table-rebook", [restaurant("ZP-1", "Alte Post", "2027-03-11T19:00:00+01:00", modified: "2027-02-24T08:00:00Z")],
             signer: "zurpost.example", organization: "zurpost.example", date: "2027-02-24T09:00:00Z"),
    ]

    static let twoLegsBefore = [("UA 10", "SFO", "JFK", "2027-03-10T08:00:00-08:00", "2027-03-10T16:35:00-05:00"),
                                ("UA 20", "JFK", "BOS", "2027-03-10T18:30:00-05:00", "2027-03-10T19:45:00-05:00")]
    static let twoLegsDelayed = [("UA 10", "SFO", "JFK", "2027-03-10T08:00:00-08:00", "2027-03-10T16:35:00-05:00"),
                                 ("UA 20", "JFK", "BOS", "2027-03-11T00:40:00-05:00", "2027-03-11T01:55:00-05:00")]

    /// Two legs: booked, the second delayed past local midnight, cancelled in full (every leg named).
    static let twoLegs: [BookingMail] = [
        mail("legs-confirm", flight("RXJ34P", twoLegsBefore), signer: "united.example", organization: "united.example",
             date: "2027-02-20T10:00:00Z"),
        mail("legs-delay", flight("RXJ34P", twoLegsDelayed), signer: "news.united.example", organization: "united.example",
             date: "2027-02-21T10:00:00Z"),
        mail("legs-cancel", flight("RXJ34P", twoLegsDelayed, status: .cancelled), signer: "united.example",
             organization: "united.example", date: "2027-02-22T10:00:00Z"),
    ]

    /// One leg: cancelled by id (the cancellation will often come first), then re-booked.
    static let oneLeg: [BookingMail] = [
        mail("leg-confirm", flight("Q1", [("LH 400", "FRA", "JFK", "2027-03-12T10:00:00+01:00", "2027-03-12T12:45:00-05:00")]),
             signer: "lufthansa.example", organization: "lufthansa.example", date: "2027-02-20T11:00:00Z"),
        mail("leg-cancel", [idOnlyCancellation(.flight, "Q1")], signer: "mail.lufthansa.example",
             organization: "lufthansa.example", date: "2027-02-21T11:00:00Z"),
        mail("leg-rebook", flight("Q1", [("LH 402", "FRA", "JFK", "2027-03-13T10:00:00+01:00", "2027-03-13T12:45:00-05:00")]),
             signer: "lufthansa.example", organization: "lufthansa.example", date: "2027-02-22T11:00:00Z"),
    ]

    static let threeLegsFirst = [("BA 1", "LHR", "JFK", "2027-03-14T09:00:00Z", "2027-03-14T17:00:00Z"),
                                 ("BA 2", "JFK", "LHR", "2027-03-15T09:00:00Z", "2027-03-15T17:00:00Z"),
                                 ("BA 3", "LHR", "JFK", "2027-03-16T09:00:00Z", "2027-03-16T17:00:00Z")]
    static let threeLegsMoved = [("BA 1", "LHR", "JFK", "2027-03-14T09:00:00Z", "2027-03-14T17:00:00Z"),
                                 ("BA 2", "JFK", "LHR", "2027-03-15T09:00:00Z", "2027-03-15T17:00:00Z"),
                                 ("BA 7", "LHR", "JFK", "2027-03-17T09:00:00Z", "2027-03-17T17:00:00Z")]

    /// Three legs, the first and third on the same route: the third moved to another flight
    /// and day, then the leg cancelled by a cancellation naming only that leg.
    static let threeLegs: [BookingMail] = [
        mail("three-confirm", flight("BA-777", threeLegsFirst, modified: "2027-02-10T00:00:00Z"), signer: "ba.example",
             organization: "ba.example", date: "2027-02-20T12:00:00Z"),
        mail("three-move", flight("BA-777", threeLegsMoved, modified: "2027-02-11T00:00:00Z"), signer: "ba.example",
             organization: "ba.example", date: "2027-02-20T12:00:00Z"),
        mail("three-cancel-all", [idOnlyCancellation(.flight, "BA-777")], signer: "ba.example", organization: "ba.example",
             date: "2027-02-25T12:00:00Z"),
    ]

    static let all = [table, twoLegs, oneLeg, threeLegs]
}

/// Every order of `items` (Heap's algorithm).
func permutations<Element>(_ items: [Element]) -> [[Element]] {
    var result: [[Element]] = []
    var items = items
    func generate(_ count: Int) {
        if count <= 1 { result.append(items); return }
        for index in 0..<count {
            generate(count - 1)
            items.swapAt(count % 2 == 0 ? index : 0, count - 1)
        }
    }
    generate(items.count)
    return result
}

/// The messages in the order a careful reader would apply them: by version.
func inDateOrder(_ mails: [BookingMail]) -> [BookingMail] {
    mails.sorted { left, right in
        func key(_ mail: BookingMail) -> EventVersion {
            EventVersion(modified: mail.reservations.compactMap { $0.modifiedTime.flatMap(CalendarStore.seconds) }.max(),
                         messageDate: mail.source.messageDate)
        }
        return key(left) < key(right)
    }
}

let orderingNow = seconds("2027-03-01T10:00:00Z")

func finalCalendar(_ mails: [BookingMail], alarms: Bool = false) throws -> [String: [String]] {
    let collection = MemoryCollection()
    let store = CalendarStore(collection: collection, now: orderingNow, mapping: EventMappingOptions(alarms: alarms))
    for mail in mails {
        let outcomes = try store.apply(mail.reservations, from: mail.source)
        if let problem = outcomes.first(where: { $0.action == .failed || $0.code == FindingCode.sameVersionConflict.id }) {
            throw ReaderFailure(message: "\(mail): \(problem)")
        }
    }
    return collection.finalCalendar
}

// MARK: - Tests

@Suite("the calendar ends the same whatever order the mails arrive in")
struct OrderingStoreTests {
    @Test("every arrival order of each booking history gives the calendar of arrival in date order",
          arguments: [Histories.table, Histories.twoLegs, Histories.oneLeg, Histories.threeLegs])
    func everyOrder(history: [BookingMail]) throws {
        let expected = try finalCalendar(inDateOrder(history), alarms: true)
        #expect(!expected.isEmpty)
        for order in permutations(history) {
            let difference = calendarDifference(try finalCalendar(order, alarms: true), expected)
            #expect(difference.isEmpty, "arrival \(order) differs from date order: \(difference)")
            if !difference.isEmpty { return }
        }
    }

    @Test("200 random orders of all the histories together (seeded) give the calendar of date order")
    func randomOrders() throws {
        let all = Histories.all.flatMap { $0 }
        let expected = try finalCalendar(inDateOrder(all))
        // What date order leaves: the re-booked table and leg confirmed, the rest cancelled, by UID.
        let statuses = expected.values.map { $0.first { $0.hasPrefix("STATUS:") } ?? "" }.sorted()
        #expect(statuses == ["STATUS:CANCELLED", "STATUS:CANCELLED", "STATUS:CANCELLED", "STATUS:CANCELLED",
                             "STATUS:CANCELLED", "STATUS:CONFIRMED", "STATUS:CONFIRMED"], "\(expected)")
        let seed: UInt64 = 0x15_0D_E5
        var random = SplitMix64(seed: seed)
        print("OrderingStoreTests.randomOrders: seed \(seed), 200 orders of \(all.count) mails")
        for _ in 0..<200 {
            let order = all.shuffled(using: &random)
            let difference = calendarDifference(try finalCalendar(order), expected)
            #expect(difference.isEmpty, "seed \(seed): arrival \(order) differs from date order: \(difference)")
            if !difference.isEmpty { return }
        }
    }

    @Test("equal versions: the same content is unchanged, different content keeps the stored one (same-version-conflict)")
    func tie() throws {
        let directory = try TemporaryDirectory("order")
        let store = CalendarStore(directory: directory.path, now: orderingNow)
        let stamp = "2027-02-01T08:00:00Z"
        let first = try store.apply([restaurant("ZP-9", "Zur Post", "2027-03-10T19:00:00+01:00", modified: stamp)],
                                    from: .mail(date: "2027-02-20T09:00:00Z"))
        #expect(first.map(\.action) == [.created])
        let name = try #require(first.first?.fileName)
        let written = try directory.read(name)
        let writtenAt = try modificationTime(directory.path + "/" + name)
        // The same modifiedTime and Date, another time: a sender's mistake or a forgery; the stored one stays.
        let other = try store.apply([restaurant("ZP-9", "Zur Post", "2027-03-10T21:00:00+01:00", modified: stamp)],
                                    from: .mail(date: "2027-02-20T09:00:00Z"))
        #expect(other.map(\.action) == [.skipped])
        #expect(other.map(\.code) == ["same-version-conflict"])
        #expect(other.first?.reason?.contains("stored one is kept") == true)
        // The same content again: unchanged, not a byte or an mtime touched.
        let same = try store.apply([restaurant("ZP-9", "Zur Post", "2027-03-10T19:00:00+01:00", modified: stamp)],
                                   from: .mail(date: "2027-02-20T09:00:00Z"))
        #expect(same.map(\.action) == [.unchanged])
        #expect(try directory.read(name) == written)
        #expect(try modificationTime(directory.path + "/" + name) == writtenAt)
        // The honest case beside it: the same modifiedTime, a later Date: the Date decides.
        let later = try store.apply([restaurant("ZP-9", "Zur Post", "2027-03-10T21:00:00+01:00", modified: stamp)],
                                    from: .mail(date: "2027-02-20T09:00:01Z"))
        #expect(later.map(\.action) == [.updated])
    }

    @Test("a redelivered original (every mail stamped with the booking's creation time) does not undo the change")
    func redelivery() throws {
        let directory = try TemporaryDirectory("order")
        var store = CalendarStore(directory: directory.path, now: orderingNow)
        let stamp = "2027-02-01T08:00:00Z"
        let original = restaurant("ZP-5", "Zur Post", "2027-03-10T19:00:00+01:00", modified: stamp)
        let changed = restaurant("ZP-5", "Zur Post", "2027-03-10T20:30:00+01:00", modified: stamp)
        _ = try store.apply([original], from: .mail(id: "<a@x>", date: "2027-02-20T09:00:00Z"))
        store.now += 60
        let update = try store.apply([changed], from: .mail(id: "<b@x>", date: "2027-02-21T09:00:00Z"))
        #expect(update.map(\.action) == [.updated])
        let name = try #require(update.first?.fileName)
        let text = try directory.read(name)
        store.now += 60
        let again = try store.apply([original], from: .mail(id: "<a@x>", date: "2027-02-20T09:00:00Z"))
        #expect(again.map(\.code) == ["older-message"])
        #expect(again.first?.isAlreadyInCalendar == true, "a scan counts it as unchanged")
        // The attack: the original again with its Date unsigned (the trust contract makes it nil): older still.
        let unsigned = try store.apply([original], from: .mail(id: "<a@x>", date: nil))
        #expect(unsigned.map(\.code) == ["older-message"])
        #expect(try directory.read(name) == text)
        #expect(values("DTSTART", in: text) == ["20270310T193000Z"])
    }

    @Test("a cancellation before its confirmation is remembered, hidden from calendar readers; a re-booking confirms again")
    func cancellationFirst() throws {
        let directory = try TemporaryDirectory("order")
        var store = CalendarStore(directory: directory.path, now: orderingNow)
        let cancel = try store.apply([idOnlyCancellation(.foodEstablishment, "ZP-7")], from: .mail(date: "2027-02-22T09:00:00Z"))
        #expect(cancel.map(\.action) == [.cancelled])
        #expect(cancel.map(\.code) == ["cancellation-remembered"])
        #expect(try directory.icsFiles() == [])
        let hidden = try directory.entries().filter { $0.hasSuffix(".eventsuggest-cancelled") }
        #expect(hidden.count == 1 && hidden.allSatisfy { $0.hasPrefix(".") && !$0.hasSuffix(".ics") }, "\(hidden)")
        // The same cancellation again: remembered already.
        #expect(try store.apply([idOnlyCancellation(.foodEstablishment, "ZP-7")], from: .mail(date: "2027-02-22T09:00:00Z"))
            .map(\.action) == [.unchanged])

        // The attack: the older confirmation arrives late. Never CONFIRMED.
        store.now += 60
        let late = try store.apply([restaurant("ZP-7", "Zur Post", "2027-03-10T19:00:00+01:00")],
                                   from: .mail(date: "2027-02-20T09:00:00Z"))
        #expect(late.map(\.code) == ["cancelled-earlier"])
        #expect(late.map(\.action) == [.cancelled])
        let name = try #require(late.first?.fileName)
        #expect(values("STATUS", in: try directory.read(name)) == ["CANCELLED"])
        // Nor with its Date unsigned.
        let unsigned = try store.apply([restaurant("ZP-7", "Zur Post", "2027-03-10T19:00:00+01:00")], from: .mail(date: nil))
        #expect(unsigned.map(\.code) == ["older-message"])
        #expect(values("STATUS", in: try directory.read(name)) == ["CANCELLED"])

        // The honest case: a re-booking under the same id, newer than the cancellation.
        store.now += 60
        let rebook = try store.apply([restaurant("ZP-7", "Zur Post", "2027-03-12T19:00:00+01:00")],
                                     from: .mail(date: "2027-02-23T09:00:00Z"))
        #expect(rebook.map(\.action) == [.updated])
        let text = try directory.read(name)
        #expect(values("STATUS", in: text) == ["CONFIRMED"])
        #expect(values("DTSTART", in: text) == ["20270312T180000Z"])
        #expect(try directory.icsFiles() == [name])
    }

    @Test("a cancellation of one leg, too brief to make an event, is remembered for that leg only")
    func oneLegCancelledFirst() throws {
        let directory = try TemporaryDirectory("order")
        let store = CalendarStore(directory: directory.path, now: orderingNow)
        // The mail lists the second leg alone, route but no times: it names the leg, not the booking.
        let brief = Reservation.make(.flight, id: "LEG-2", status: .cancelled, item: "UA 20@") {
            $0.place = Place(code: "JFK")
            $0.destination = Place(code: "BOS")
        }
        let remembered = try store.apply([brief], from: .mail(date: "2027-02-22T09:00:00Z"))
        #expect(remembered.map(\.code) == ["cancellation-remembered"])
        #expect(try directory.icsFiles() == [])
        // The older confirmation of both legs: the first leg is confirmed, the cancelled one is not.
        let confirm = try store.apply(flight("LEG-2", Histories.twoLegsBefore), from: .mail(date: "2027-02-20T09:00:00Z"))
        #expect(confirm.map(\.action) == [.created, .cancelled])
        #expect(confirm.map(\.code) == [nil, "cancelled-earlier"])
        let statuses = try confirm.map { values("STATUS", in: try directory.read(try #require($0.fileName))) }
        #expect(statuses == [["CONFIRMED"], ["CANCELLED"]])
        // The same leg cancelled first and then confirmed by a newer mail: a re-booking, confirmed.
        let newer = try store.apply(flight("LEG-2", Histories.twoLegsBefore), from: .mail(date: "2027-02-23T09:00:00Z"))
        #expect(newer.map(\.action) == [.unchanged, .updated])
        #expect(values("STATUS", in: try directory.read(try #require(newer.last?.fileName))) == ["CONFIRMED"])
    }

    @Test("cancelling removes the alarm: by id only, in full, and when the cancellation came first")
    func alarmsOnCancel() throws {
        for route in ["id only", "in full", "cancellation first"] {
            let directory = try TemporaryDirectory("order")
            let store = CalendarStore(directory: directory.path, now: orderingNow, mapping: EventMappingOptions(alarms: true))
            let legs = flight("AL-1", Histories.twoLegsBefore)
            if route == "cancellation first" {
                _ = try store.apply([idOnlyCancellation(.flight, "AL-1")], from: .mail(date: "2027-02-22T09:00:00Z"))
            }
            let confirm = try store.apply(legs, from: .mail(date: "2027-02-20T09:00:00Z"))
            if route != "cancellation first" {
                // The honest case: a confirmed event has its reminder.
                for outcome in confirm {
                    let text = try directory.read(try #require(outcome.fileName))
                    #expect(unfoldedLines(text).contains("BEGIN:VALARM"), "\(route)")
                }
                let cancellation = route == "id only" ? [idOnlyCancellation(.flight, "AL-1")]
                    : flight("AL-1", Histories.twoLegsBefore, status: .cancelled)
                #expect(try store.apply(cancellation, from: .mail(date: "2027-02-22T09:00:00Z")).map(\.action)
                    == [.cancelled, .cancelled], "\(route)")
            }
            let files = try directory.icsFiles()
            #expect(files.count == 2, "\(route)")
            for file in files {
                let text = try directory.read(file)
                #expect(values("STATUS", in: text) == ["CANCELLED"], "\(route)")
                #expect(!unfoldedLines(text).contains { $0.hasPrefix("BEGIN:VALARM") || $0.hasPrefix("TRIGGER") }, "\(route): \(text)")
            }
        }
    }

    @Test("a cancellation signed by a subdomain cancels the event its parent domain's mail created; another sender's does not")
    func subdomainSigner() throws {
        let directory = try TemporaryDirectory("order")
        let store = CalendarStore(directory: directory.path, now: orderingNow)
        let created = try store.apply([restaurant("OT-1", "Noma", "2027-03-10T19:00:00+01:00")],
                                      from: .mail("sender.example", organization: "sender.example", date: "2027-02-20T09:00:00Z"))
        let name = try #require(created.first?.fileName)
        // The attack: another organization (even one whose name contains ours) names the same id.
        let foreign = try store.apply([idOnlyCancellation(.foodEstablishment, "OT-1")],
                                      from: .mail("sender.example.evil.example", organization: "evil.example",
                                                  date: "2027-02-21T09:00:00Z"))
        #expect(foreign.map(\.code) == ["cancellation-remembered"], "only its own reservation is touched")
        #expect(values("STATUS", in: try directory.read(name)) == ["CONFIRMED"])
        // The honest case: the sender's mail system signs as a subdomain.
        let cancel = try store.apply([idOnlyCancellation(.foodEstablishment, "OT-1")],
                                     from: .mail("mail.sender.example", organization: "sender.example",
                                                 date: "2027-02-22T09:00:00Z"))
        #expect(cancel.map(\.action) == [.cancelled])
        #expect(cancel.first?.fileName == name)
        #expect(values("STATUS", in: try directory.read(name)) == ["CANCELLED"])
        #expect(try directory.icsFiles() == [name])
    }

    @Test("a renamed venue and a leg delayed past midnight update their events in place; legs on one route stay apart")
    func stableIdentity() throws {
        let directory = try TemporaryDirectory("order")
        var store = CalendarStore(directory: directory.path, now: orderingNow)
        let table = try store.apply([restaurant("ZP-2", "Zur Post", "2027-03-10T19:00:00+01:00")],
                                    from: .mail(date: "2027-02-20T09:00:00Z"))
        let legs = try store.apply(flight("RX-2", Histories.twoLegsBefore), from: .mail(date: "2027-02-20T09:00:00Z"))
        store.now += 60
        let renamed = try store.apply([restaurant("ZP-2", "Alte Post", "2027-03-10T19:00:00+01:00")],
                                      from: .mail(date: "2027-02-21T09:00:00Z"))
        #expect(renamed.map(\.action) == [.updated])
        #expect(renamed.map(\.fileName) == table.map(\.fileName))
        let delayed = try store.apply(flight("RX-2", Histories.twoLegsDelayed), from: .mail(date: "2027-02-21T09:00:00Z"))
        #expect(delayed.map(\.action) == [.unchanged, .updated])
        #expect(delayed.map(\.fileName) == legs.map(\.fileName))
        #expect(try directory.icsFiles().count == 3)
        let second = try directory.read(try #require(delayed.last?.fileName))
        #expect(values("DTSTART", in: second) == ["20270311T054000Z"])
        #expect(values("SEQUENCE", in: second) == ["1"])

        // Three legs, two of them LHR → JFK, in one message: three events, three UIDs.
        let three = try store.apply(flight("BA-3", Histories.threeLegsFirst), from: .mail(date: "2027-02-20T09:00:00Z"))
        #expect(three.map(\.action) == [.created, .created, .created])
        #expect(Set(three.compactMap(\.uid)).count == 3)
        #expect(Set(three.compactMap(\.fileName)).count == 3)
    }

    @Test("two parts of one reservation never collide, even when the markup lists the same leg twice")
    func partsNeverCollide() throws {
        let collection = MemoryCollection()
        let store = CalendarStore(collection: collection, now: orderingNow)
        // The normaliser drops a part listed twice unchanged; with a change (another seat, say)
        // both reach the store: each is its own event by position, neither overwrites the other.
        var legs = flight("DUP-1", [Histories.twoLegsBefore[0]])
        legs.append(legs[0])
        legs[1].seat = "12A"
        let outcomes = try store.apply(legs, from: .mail(date: "2027-02-20T09:00:00Z"))
        #expect(outcomes.map(\.action) == [.created, .created])
        #expect(Set(outcomes.compactMap(\.fileName)).count == 2)
        #expect(collection.finalCalendar.count == 2)
    }

    @Test("one part's failed write does not stop the others; only an unusable folder is thrown")
    func partFailure() throws {
        let collection = MemoryCollection()
        let store = CalendarStore(collection: collection, now: orderingNow)
        let legs = flight("FAIL-1", Histories.twoLegsBefore)
        let firstName = PartIdentity(organization: "example.com", reservationID: "FAIL-1",
                                     part: PartIdentity.part(of: legs[0], position: 1)).uid.fileName
        collection.failingNames = [firstName]
        let outcomes = try store.apply(legs + [restaurant("FAIL-2", "Zur Post", "2027-03-10T19:00:00+01:00")],
                                       from: .mail(date: "2027-02-20T09:00:00Z"))
        #expect(outcomes.map(\.action) == [.failed, .created, .created])
        #expect(outcomes.first?.code == "write-failed")
        #expect(outcomes.first?.reason?.contains("No space left on device") == true)
        #expect(collection.finalCalendar.count == 2)

        let root = try TemporaryDirectory("order")
        try root.write("a file, not a folder", to: "blocker")
        let unusable = CalendarStore(directory: root.path + "/blocker/calendar", now: orderingNow)
        #expect(throws: CalendarStoreError.self) { try unusable.apply(legs, from: .mail()) }
    }
}

/// Per UID whose event differs: the lines only one side has ("-" expected, "+" actual).
func calendarDifference(_ actual: [String: [String]], _ expected: [String: [String]]) -> [String] {
    Set(actual.keys).union(expected.keys).sorted().compactMap { uid in
        let mine = actual[uid] ?? [], theirs = expected[uid] ?? []
        guard mine != theirs else { return nil }
        let missing = theirs.filter { !mine.contains($0) }.map { "-" + $0 }
        let extra = mine.filter { !theirs.contains($0) }.map { "+" + $0 }
        return "\(uid): " + (missing + extra).joined(separator: " ")
    }
}

func modificationTime(_ path: String) throws -> Date {
    try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
}
