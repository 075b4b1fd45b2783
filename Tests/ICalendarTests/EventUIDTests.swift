import Foundation
import Testing
@testable import ICalendar
import SchemaMarkup

@Suite("event UIDs: derived, never random")
struct EventUIDTests {
    @Test("a version 5 UUID (RFC 9562 §5.5) that Python's uuid.uuid5 computes the same way")
    func matchesPythonUUID5() throws {
        let names: [(String, String, String)] = [
            ("example.com", "RXJ34P", "UA 123@2027-03-10"),
            ("opentable.com", "OT-12345", "FoodEstablishmentReservation"),
            ("bahn.de", "DB-4F7K2M", "ICE 1234@2027-03-11"),
            ("stenaline.com", "SL-90210", "Kiel-Göteborg@2027-03-13"),
            ("example.com", "日本-🎉", ""),
        ]
        let namespace = EventUID.namespace.map { String(format: "%02x", $0) }.joined()
        let script = """
            import sys, uuid, json
            ns = uuid.UUID(sys.argv[1])
            for name in json.loads(sys.argv[2]):
                print(uuid.uuid5(ns, "\\n".join(name)))
            """
        let json = String(decoding: try JSONEncoder().encode(names.map { [$0.0, $0.1, $0.2] }), as: UTF8.self)
        let output = try External.run(External.python, ["-c", script, namespace, json])
        #expect(output.status == 0, "\(output.stderr)")
        let expected = output.stdout.split(separator: "\n").map(String.init)
        let ours = names.map { EventUID(domain: $0.0, reservationID: $0.1, itemReference: $0.2).value }
        #expect(ours == expected)
    }

    @Test("the same part from any message gets the same UID; the domain's case does not matter")
    func stable() {
        let a = EventUID(domain: "Example.COM", reservationID: "RXJ34P", itemReference: "UA 123@2027-03-10")
        let b = EventUID(domain: "example.com", reservationID: "RXJ34P", itemReference: "UA 123@2027-03-10")
        #expect(a == b)
        #expect(a.value.range(of: "^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$",
                              options: .regularExpression) != nil)
    }

    @Test("two parts, two reservations or two signers never share a UID or a file")
    func distinct() {
        let uids = [
            EventUID(domain: "example.com", reservationID: "RXJ34P", itemReference: "UA 123@2027-03-10"),
            EventUID(domain: "example.com", reservationID: "RXJ34P", itemReference: "UA 456@2027-03-10"),
            EventUID(domain: "example.com", reservationID: "RXJ34Q", itemReference: "UA 123@2027-03-10"),
            EventUID(domain: "example.net", reservationID: "RXJ34P", itemReference: "UA 123@2027-03-10"),
            EventUID(domain: "example.com", reservationID: "RXJ34P", itemReference: ""),
        ]
        #expect(Set(uids).count == uids.count)
        #expect(Set(uids.map(\.fileName)).count == uids.count)
    }

    @Test("neither the UID, the file name nor the reservation key reveals the booking code or the domain")
    func revealsNothing() {
        let uid = EventUID(domain: "united.com", reservationID: "RXJ34P", itemReference: "UA 123@2027-03-10")
        let key = EventUID.reservationKey(domain: "united.com", reservationID: "RXJ34P")
        for text in [uid.value, uid.fileName, key] {
            #expect(!text.localizedCaseInsensitiveContains("RXJ34P"))
            #expect(!text.localizedCaseInsensitiveContains("united"))
            #expect(!text.contains("UA"))
        }
        #expect(uid.fileName.range(of: "^[0-9a-f]{32}\\.ics$", options: .regularExpression) != nil)
    }

    @Test("the store names each part's file by its UID and writes that UID once")
    func storeUsesUID() throws {
        let directory = try TemporaryDirectory("uid")
        let leg = Reservation.make(.flight, id: "RXJ34P", item: "UA 123@2027-03-10") {
            $0.tripNumber = "UA 123"
            $0.start = time("2027-03-10T08:00:00-08:00")
        }
        let (outcome, text) = try writeOne(leg, in: directory, source: .mail("United.com"))
        let expected = PartIdentity(organization: "united.com", reservationID: "RXJ34P",
                                    part: PartIdentity.part(of: leg, position: 1)).uid
        #expect(outcome.uid == expected)
        #expect(outcome.fileName == expected.fileName)
        #expect(try directory.icsFiles() == [expected.fileName])
        #expect(values("UID", in: try #require(text)) == [expected.value])
    }
}
