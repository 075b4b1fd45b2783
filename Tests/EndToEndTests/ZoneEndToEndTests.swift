import Foundation
import Testing
import TestSupport

/// Issue 17 end to end: a flight written without offsets, as most airline mail is, gets its
/// airports' zones through `extract`, `lint` and `scan --calendar`, and the calendar file read by
/// Python's icalendar gives the instants Python's zoneinfo computes for those zones.
@Suite(.serialized) struct ZoneEndToEndTests {
    static let flight = """
        {"@context": "http://schema.org", "@type": "FlightReservation", "reservationNumber": "ZN4711", "reservationId": "ZN4711",
         "reservationStatus": "http://schema.org/ReservationConfirmed", "underName": {"@type": "Person", "name": "Eva Green"},
         "reservationFor": {"@type": "Flight", "flightNumber": "110", "airline": {"@type": "Airline", "name": "United", "iataCode": "UA"},
          "departureAirport": {"@type": "Airport", "name": "San Francisco Airport", "iataCode": "SFO"},
          "departureTime": "2027-03-04T22:15:00",
          "arrivalAirport": {"@type": "Airport", "name": "John F. Kennedy International Airport", "iataCode": "JFK"},
          "arrivalTime": "2027-03-04T06:45:00"}}
        """

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("es-zones-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static var html: String {
        "<!DOCTYPE html><html><head><script type=\"application/ld+json\">\n\(flight)\n</script></head><body>Your flight</body></html>\n"
    }

    /// Python's zoneinfo: seconds since 1970 of a wall time in a zone.
    static func zoneinfo(_ wall: String, _ zone: String) throws -> Int64? {
        let script = "import sys, datetime, zoneinfo; print(int(datetime.datetime.fromisoformat(sys.argv[1])"
            + ".replace(tzinfo=zoneinfo.ZoneInfo(sys.argv[2])).timestamp()))"
        let output = try runTool("/usr/bin/python3", ["-c", script, wall, zone])
        return Int64(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func extractGivesEachTimeItsAirportsZoneAndSaysWhy() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.write(Self.html, "flight.html", in: folder)
        let result = try TestBinary.run(["extract", "--json", file])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutText.utf8)) as? [String: Any])
        let reservation = try #require((object["reservations"] as? [[String: Any]])?.first)
        #expect(reservation["start"] as? String == "2027-03-04T22:15:00[America/Los_Angeles]")
        // The arrival written with the departure's date, moved to the next day by the zones.
        #expect(reservation["end"] as? String == "2027-03-05T06:45:00[America/New_York]")
        let messages = (object["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(messages.contains(#"departureTime "2027-03-04T22:15:00" has no UTC offset; eventsuggest uses America/Los_Angeles from airport SFO (add Z or ±hh:mm to say so)"#))
        #expect(messages.contains { $0.hasPrefix(#"arrivalTime "2027-03-04T06:45:00" is before the departure on the same date"#) })
    }

    @Test func lintWarnsWithTheZoneItWouldUse() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.write(Self.html, "flight.html", in: folder)
        let result = try TestBinary.run(["lint", file])
        #expect(result.status == 0, "warnings only: \(result.stdoutText) \(result.stderrText)")
        let output = result.stdoutText + result.stderrText
        #expect(output.contains("no-time-zone"))
        #expect(output.contains("eventsuggest uses America/New_York from airport JFK"))
        #expect(output.contains("arrival-moved-to-next-day"))
        let strict = try TestBinary.run(["lint", "--warnings-as-errors", file])
        #expect(strict.status == 1)
    }

    @Test func scanWritesTheEventInItsZonesAndReadersAgreeWithZoneinfo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = """
            From: United <receipts@united.example>
            To: Eva Green <eva@example.org>
            Subject: Your flight UA 110
            Date: Mon, 01 Mar 2027 10:00:00 +0000
            Message-ID: <zn4711@united.example>
            MIME-Version: 1.0
            Content-Type: text/html; charset=utf-8

            \(Self.html)
            """
        let file = try Self.write(message, "flight.eml", in: folder)
        let calendar = folder.appendingPathComponent("calendar").path
        let result = try TestBinary.run(["scan", file, "--calendar", calendar, "--now", "2027-03-01T12:00:00Z",
                                         "--allow-any-domain", "--allow-unverified"])
        #expect(result.status == 0, "\(result.stderrText)")
        let names = try FileManager.default.contentsOfDirectory(atPath: calendar).filter { $0.hasSuffix(".ics") }
        let name = try #require(names.first)
        #expect(names.count == 1)
        let ics = try String(contentsOfFile: calendar + "/" + name, encoding: .utf8)
        #expect(ics.contains("DTSTART;TZID=America/Los_Angeles:20270304T221500") || ics.contains("DTSTART:20270305T061500Z"),
                "\(ics)")
        let read = try runTool("/usr/bin/python3", ["-c", """
            import sys, icalendar
            event = next(c for c in icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read()).walk() if c.name == 'VEVENT')
            print(int(event.decoded('DTSTART').timestamp()), int(event.decoded('DTEND').timestamp()))
            """, calendar + "/" + name])
        let instants = String(decoding: read, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int64($0) }
        #expect(instants == [try Self.zoneinfo("2027-03-04T22:15:00", "America/Los_Angeles"),
                             try Self.zoneinfo("2027-03-05T06:45:00", "America/New_York")].compactMap { $0 })
    }
}
