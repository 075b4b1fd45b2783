@testable import ICalendar
import SchemaMarkup
import Testing

/// What `--attach-event` publishes: the events exactly as the store holds them (the outcome
/// carries them), as an RFC 5546 PUBLISH object.
@Suite("calendar publication: the stored events as METHOD:PUBLISH")
struct CalendarPublicationTests {
    static func table(status: ReservationStatus = .confirmed) -> Reservation {
        .make(.foodEstablishment, id: "T-1", status: status) {
            $0.name = "EPIC Steak"
            $0.start = time("2027-03-10T19:30:00-08:00")
        }
    }

    @Test("the outcome carries the VEVENT the store wrote, and the one it kept on a redelivery")
    func outcomeCarriesTheStoredEvent() throws {
        let collection = MemoryCollection()
        let store = CalendarStore(collection: collection, now: goldenNow)
        let created = try #require(try store.apply([Self.table()], from: .mail()).first)
        let createdName = try #require(created.fileName)
        let stored = try #require(try collection.event(named: createdName))
        #expect(created.action == .created)
        #expect(created.event == stored.event)
        let again = try #require(try store.apply([Self.table()], from: .mail()).first)
        #expect(again.action == .unchanged)
        #expect(again.event == stored.event)
        // A cancellation: the outcome's event is the CANCELLED one with SEQUENCE 1, as stored.
        let cancelled = try #require(try store.apply([Self.table(status: .cancelled)], from: .mail(date: "2027-02-21T09:00:00Z")).first)
        let cancelledName = try #require(cancelled.fileName)
        let after = try #require(try collection.event(named: cancelledName))
        #expect(cancelled.action == .cancelled && cancelled.event == after.event)
        #expect(cancelled.event?.property("STATUS")?.rawValue == "CANCELLED" && cancelled.event?.property("SEQUENCE")?.rawValue == "1")
    }

    @Test("attack: a skipped part carries no event (nothing for the part), a part with no start none either")
    func skippedCarriesNothing() throws {
        let store = CalendarStore(collection: MemoryCollection(), now: goldenNow)
        let pending = try #require(try store.apply([Self.table(status: .pending)], from: .mail()).first)
        #expect(pending.action == .skipped && pending.event == nil)
        let noStart = try #require(try store.apply([.make(.foodEstablishment, id: "T-2")], from: .mail()).first)
        #expect(noStart.event == nil)
    }

    @Test("PUBLISH: METHOD, the store's UID/SEQUENCE/times/STATUS unchanged, bookkeeping left out, one ORGANIZER")
    func publishes() throws {
        let collection = MemoryCollection()
        let outcome = try #require(try CalendarStore(collection: collection, now: goldenNow).apply([Self.table()], from: .mail()).first)
        let event = try #require(outcome.event)
        let publication = CalendarPublication(events: [event], organizer: .init(address: "book@epic.example", name: "EPIC; Steak"))
        let text = try publication.serialized()
        let calendar = try ICSReader.parse(text)
        #expect(calendar.property("METHOD")?.rawValue == "PUBLISH")
        let published = try #require(calendar.components.first)
        for name in ["UID", "SEQUENCE", "DTSTAMP", "DTSTART", "DTEND", "STATUS", "SUMMARY"] {
            #expect(published.property(name) == event.property(name), "\(name)")
        }
        #expect(!published.properties.contains { $0.name.hasPrefix("X-EVENTSUGGEST") })
        #expect(event.properties.contains { $0.name.hasPrefix("X-EVENTSUGGEST") }, "the store's own copy keeps its bookkeeping")
        #expect(published.properties(named: "ORGANIZER").count == 1)
        #expect(published.property("ORGANIZER")?.rawValue == "mailto:book@epic.example")
        // A display name with a ';' is quoted, so it cannot end the parameter.
        #expect(published.property("ORGANIZER")?.parameter("CN") == "EPIC; Steak")
        // Without an author there is no ORGANIZER (never an invented one).
        let anonymous = try ICSReader.parse(try CalendarPublication(events: [event], organizer: nil).serialized())
        #expect(anonymous.components.first?.property("ORGANIZER") == nil)
    }
}
