import CalDAV
import Foundation
import Synchronization
import HTTPClient
import ICalendar
import SchemaMarkup
import Testing
import TestSupport

/// The store's rules over a real Radicale, beside the vdir store doing the same.
@Suite("CalDAV store against Radicale", .serialized)
struct CalDAVStoreTests {
    @Test("create, update (SEQUENCE+1), unchanged, older message, cancel: the same outcomes, names and events as the vdir")
    func lifecycleLikeTheVdir() throws {
        try withRadicale { radicale in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("es-caldav-vdir-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var dav = CalendarStore(collection: try collection(radicale), now: testNow)
            var vdir = CalendarStore(directory: folder, now: testNow)
            let stamp = "2027-02-01T08:00:00Z"
            let steps: [(Reservation, ReservationSource, StoreOutcome.Action, String?)] = [
                (restaurant("ZP-1", "Zur Post", "2027-03-10T19:00:00+01:00", modified: stamp), source(date: "2027-02-20T09:00:00Z"), .created, nil),
                (restaurant("ZP-1", "Zur Post", "2027-03-10T20:30:00+01:00", modified: stamp), source(date: "2027-02-21T09:00:00Z"), .updated, nil),
                (restaurant("ZP-1", "Zur Post", "2027-03-10T20:30:00+01:00", modified: stamp), source(date: "2027-02-21T09:00:00Z"), .unchanged, nil),
                // The attack: the original arrives again, later: it must not undo the move.
                (restaurant("ZP-1", "Zur Post", "2027-03-10T19:00:00+01:00", modified: stamp), source(date: "2027-02-20T09:00:00Z"), .skipped, "older-message"),
                (idOnlyCancellation("ZP-1"), source(date: "2027-02-23T09:00:00Z"), .cancelled, nil),
            ]
            var name: String?
            for (index, (reservation, from, action, code)) in steps.enumerated() {
                dav.now = testNow + Int64(index * 60)
                vdir.now = dav.now
                let remote = try dav.apply([reservation], from: from)
                let local = try vdir.apply([reservation], from: from)
                #expect(remote.map(\.action) == [action], "step \(index): \(remote)")
                #expect(remote.map(\.action) == local.map(\.action), "step \(index)")
                #expect(remote.map(\.code) == local.map(\.code), "step \(index)")
                if let code { #expect(remote.first?.code == code, "step \(index)") }
                #expect(remote.map(\.fileName) == local.map(\.fileName), "step \(index): the resource is named like the vdir file")
                name = name ?? remote.first?.fileName
            }
            let resourceName = try #require(name)
            let stored = try resources(radicale, "alice/reservations/")
            #expect(Array(stored.keys) == [resourceName], "one resource, nothing else: \(stored.keys)")
            let text = try #require(stored[resourceName])
            let local = try String(contentsOfFile: folder + "/" + resourceName, encoding: .utf8)
            for property in ["UID", "STATUS", "DTSTART", "SEQUENCE", "SUMMARY"] {
                #expect(values(property, in: text) == values(property, in: local), "\(property)")
            }
            #expect(values("STATUS", in: text) == ["CANCELLED"])
            #expect(values("DTSTART", in: text) == ["20270310T193000Z"])
            #expect(values("SEQUENCE", in: text) == ["2"], "moved once, cancelled once")
        }
    }

    @Test("a cancellation first is remembered outside the calendar; the older confirmation brings nothing back; a re-booking does")
    func tombstoneFirst() throws {
        try withRadicale { radicale in
            var store = CalendarStore(collection: try collection(radicale), now: testNow)
            let cancel = try store.apply([idOnlyCancellation("ZP-7")], from: source(date: "2027-02-22T09:00:00Z"))
            #expect(cancel.map(\.code) == ["cancellation-remembered"])
            #expect(try resources(radicale, "alice/reservations/").isEmpty, "no event a calendar client would show")
            // Remembered as a property of the collection, which a calendar client never shows.
            let properties = try client(radicale).send(HTTPRequest(
                method: "PROPFIND", url: radicale.root + "alice/reservations/", headers: [HTTPHeader("Depth", "0")],
                body: Array("<propfind xmlns='DAV:'><allprop/></propfind>".utf8)))
            #expect(String(decoding: properties.body, as: UTF8.self).contains("X-EVENTSUGGEST-CANCELLATION"))
            #expect(try store.apply([idOnlyCancellation("ZP-7")], from: source(date: "2027-02-22T09:00:00Z")).map(\.action) == [.unchanged])

            // The attack: the older confirmation comes late. Never CONFIRMED.
            store.now += 60
            let late = try store.apply([restaurant("ZP-7", "Zur Post", "2027-03-10T19:00:00+01:00")], from: source(date: "2027-02-20T09:00:00Z"))
            #expect(late.map(\.code) == ["cancelled-earlier"])
            let name = try #require(late.first?.fileName)
            #expect(values("STATUS", in: try #require(try resources(radicale, "alice/reservations/")[name])) == ["CANCELLED"])
            // The honest case: a newer re-booking under the same id confirms again.
            store.now += 60
            let rebook = try store.apply([restaurant("ZP-7", "Zur Post", "2027-03-12T19:00:00+01:00")], from: source(date: "2027-02-23T09:00:00Z"))
            #expect(rebook.map(\.action) == [.updated])
            let text = try #require(try resources(radicale, "alice/reservations/")[name])
            #expect(values("STATUS", in: text) == ["CONFIRMED"])
            #expect(values("DTSTART", in: text) == ["20270312T180000Z"])
        }
    }

    @Test("a missing calendar (and a user collection nobody made yet) is made with MKCALENDAR, a calendar for its owner")
    func makesTheCalendar() throws {
        try withRadicale { radicale in
            let store = CalendarStore(collection: try collection(radicale, "bob/trips/"), now: testNow)
            let outcomes = try store.apply([restaurant("B-1", "Zur Post", "2027-03-10T19:00:00+01:00")], from: source(date: "2027-02-20T09:00:00Z"))
            #expect(outcomes.map(\.action) == [.created])
            // Bob himself sees a calendar collection (resourcetype calendar) holding the event.
            let owner = try client(radicale, user: "bob", password: Radicale.users["bob"]!)
            let probe = try owner.send(HTTPRequest(method: "PROPFIND", url: radicale.root + "bob/trips/", headers: [HTTPHeader("Depth", "0")],
                                                   body: Array("<propfind xmlns='DAV:'><prop><resourcetype/></prop></propfind>".utf8)))
            #expect(probe.status == 207)
            #expect(String(decoding: probe.body, as: UTF8.self).contains("calendar"), "\(String(decoding: probe.body, as: UTF8.self))")
            let event = try owner.send(HTTPRequest(method: "GET", url: radicale.root + "bob/trips/" + (outcomes.first?.fileName ?? "")))
            #expect(event.status == 200)
        }
    }

    @Test("a 401, a 403 and a server that is down are the errors an unwritable folder gives; the password is never in them")
    func refusalsAreFolderErrors() throws {
        try withRadicale { radicale in
            let reservation = restaurant("E-1", "Zur Post", "2027-03-10T19:00:00+01:00")
            let wrong = CalendarStore(collection: try collection(radicale, user: "alice", password: "not-the-password-xyz"), now: testNow)
            var thrown: CalendarStoreError?
            do { _ = try wrong.apply([reservation], from: source(date: "2027-02-20T09:00:00Z")) } catch let error as CalendarStoreError { thrown = error }
            #expect(thrown.map { "\($0)" }?.contains("HTTP 401") == true, "\(String(describing: thrown))")
            #expect(thrown.map { "\($0)" }?.contains("not-the-password-xyz") == false)

            let reader = CalendarStore(collection: try collection(radicale, user: Radicale.readOnlyUser, password: Radicale.readOnlyPassword),
                                       now: testNow)
            // The honest service account makes the calendar; the reader may read but not write it.
            _ = try CalendarStore(collection: try collection(radicale), now: testNow)
                .apply([restaurant("E-0", "Zur Post", "2027-03-11T19:00:00+01:00")], from: source(date: "2027-02-20T09:00:00Z"))
            let refused = try reader.apply([reservation], from: source(date: "2027-02-20T09:00:00Z"))
            #expect(refused.map(\.action) == [.failed])
            #expect(refused.first?.reason?.contains("HTTP 403") == true, "\(refused)")
            #expect(refused.first?.reason?.contains(Radicale.readOnlyPassword) == false)

            let down = Radicale.freeTCPPortOrZero()
            let nowhere = CalendarStore(collection: CalDAVCollection(address: try CalDAVAddress("http://127.0.0.1:\(down)/alice/x/"),
                                                                     client: try client(radicale)), now: testNow)
            var unreachable: CalendarStoreError?
            do { _ = try nowhere.apply([reservation], from: source(date: "2027-02-20T09:00:00Z")) } catch let error as CalendarStoreError { unreachable = error }
            guard case .cannotCreate(let path, let reason)? = unreachable else {
                Issue.record("a server that is down is a calendar that cannot be made: \(String(describing: unreachable))")
                return
            }
            #expect(path == "http://127.0.0.1:\(down)/alice/x/")
            #expect(reason.contains("did not answer"))
            #expect(!reason.contains(Radicale.servicePassword))
        }
    }
}

extension Radicale {
    static func freeTCPPortOrZero() -> UInt16 { (try? freeTCPPort()) ?? 1 }
}

/// A collection that lets another writer in between this one's read and its write, once:
/// the interleaving two MX hosts produce, made deterministic.
final class InterleavedCollection: CalendarCollection, @unchecked Sendable {
    let inner: CalDAVCollection
    private var intruder: (() throws -> Void)?
    private(set) var preconditionFailures = 0

    init(_ inner: CalDAVCollection, intruder: @escaping () throws -> Void) {
        self.inner = inner
        self.intruder = intruder
    }

    var location: String { inner.location }
    func withExclusiveAccess<Result>(_ body: () throws(CalendarStoreError) -> Result) throws(CalendarStoreError) -> Result {
        try inner.withExclusiveAccess(body)
    }
    func event(named name: String) throws(CalendarStoreError) -> StoredEvent? { try inner.event(named: name) }
    func store(_ calendar: ICSComponent, named name: String, replacing: StoredEvent?) throws(CalendarStoreError) {
        if let intruder {
            self.intruder = nil
            do { try intruder() } catch { Issue.record("the other writer failed: \(error)") }
        }
        do throws(CalendarStoreError) {
            try inner.store(calendar, named: name, replacing: replacing)
        } catch .changedMeanwhile(let path) {
            preconditionFailures += 1
            throw .changedMeanwhile(path: path)
        }
    }
    func eventNames(withReservationKey reservationKey: String) throws(CalendarStoreError) -> [String] {
        try inner.eventNames(withReservationKey: reservationKey)
    }
    func tombstone(reservationKey: String, part: String?) throws(CalendarStoreError) -> Tombstone? {
        try inner.tombstone(reservationKey: reservationKey, part: part)
    }
    func store(_ tombstone: Tombstone) throws(CalendarStoreError) { try inner.store(tombstone) }
    func removeInterruptedWrites() throws(CalendarStoreError) -> Int { 0 }
}

@Suite("concurrent writers on one CalDAV calendar never lose an update", .serialized)
struct CalDAVConcurrencyTests {
    @Test("a newer and an older message racing on two writers: the newer wins, whichever writes first")
    func newerWins() throws {
        try withRadicale { radicale in
            let older = restaurant("R-1", "Zur Post", "2027-03-10T19:00:00+01:00")
            let newer = restaurant("R-1", "Zur Post", "2027-03-10T21:00:00+01:00")
            for (mine, theirs, label) in [(older, newer, "older writer meets newer"), (newer, older, "newer writer meets older")] {
                let path = "alice/race-\(label.split(separator: " ").first!)/"
                let first = mine.start == older.start ? "2027-02-20T09:00:00Z" : "2027-02-21T09:00:00Z"
                let second = theirs.start == older.start ? "2027-02-20T09:00:00Z" : "2027-02-21T09:00:00Z"
                // Both writers start from an existing event, so both read it before either writes.
                let seed = CalendarStore(collection: try collection(radicale, path), now: testNow)
                _ = try seed.apply([restaurant("R-1", "Zur Post", "2027-03-10T18:00:00+01:00")], from: source(date: "2027-02-19T09:00:00Z"))
                let other = CalendarStore(collection: try collection(radicale, path), now: testNow + 30)
                let interleaved = InterleavedCollection(try collection(radicale, path)) {
                    let outcomes = try other.apply([theirs], from: source(date: second, id: "<other@zurpost.example>"))
                    #expect(outcomes.map(\.action) == [.updated], "\(label): the other writer got in first")
                }
                let outcomes = try CalendarStore(collection: interleaved, now: testNow + 60)
                    .apply([mine], from: source(date: first, id: "<mine@zurpost.example>"))
                #expect(interleaved.preconditionFailures == 1, "\(label): the stale write was refused (412) and decided again")
                let events = try resources(radicale, path)
                #expect(events.count == 1)
                let text = try #require(events.values.first)
                #expect(values("DTSTART", in: text) == ["20270310T200000Z"], "\(label): the newer message's time")
                if mine.start == older.start {
                    #expect(outcomes.map(\.code) == ["older-message"], "\(label)")
                } else {
                    #expect(outcomes.map(\.action) == [.updated], "\(label)")
                }
                #expect(values("SEQUENCE", in: text) == [mine.start == older.start ? "1" : "2"], "\(label): no update lost")
            }
        }
    }

    @Test("a 412 storm: 16 writers, 16 versions of one event at once; the newest is what remains, none fails")
    func storm() throws {
        try withRadicale { radicale in
            let path = "alice/storm/"
            let writers = 16
            let results = Mutex<[StoreOutcome.Action]>([])
            let failures = Mutex<[String]>([])
            let refusals = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: writers) { index in
                do {
                    let counted = InterleavedCollection(try collection(radicale, path)) {}
                    defer { refusals.withLock { $0 += counted.preconditionFailures } }
                    let store = CalendarStore(collection: counted, now: testNow + Int64(index))
                    let hour = 4 + index
                    let outcomes = try store.apply([restaurant("S-1", "Zur Post", "2027-03-10T\(hour < 10 ? "0" : "")\(hour):00:00Z")],
                                                   from: source(date: "2027-02-\(10 + index)T09:00:00Z", id: "<s\(index)@zurpost.example>"))
                    results.withLock { $0 += outcomes.map(\.action) }
                    for outcome in outcomes where outcome.action == .failed { failures.withLock { $0.append(outcome.reason ?? "") } }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
            let events = try resources(radicale, path)
            #expect(events.count == 1)
            let text = try #require(events.values.first)
            #expect(values("DTSTART", in: text) == ["20270310T190000Z"], "the newest of the 16 versions")
            #expect(results.withLock { $0 }.count == writers)
            #expect(refusals.withLock { $0 } > 0, "a storm: some writers met another's write (412) and decided again")
            print("CalDAVConcurrencyTests.storm: \(refusals.withLock { $0 }) writes refused with 412 and decided again")
        }
    }
}
