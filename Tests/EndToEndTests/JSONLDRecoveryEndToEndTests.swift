import Foundation
import Testing

/// `eventsuggest extract --json` on the three JSON-LD shapes of senders' templates issue 16
/// found lost: a whole-line HTML comment inside the script, two top-level objects back to
/// back, and a script whose text is HTML-escaped — in a bare HTML file and in a
/// quoted-printable e-mail part, the way users meet them.
@Suite struct JSONLDRecoveryEndToEndTests {
    static func reservation(_ number: String) -> String {
        #"{"@context": "http://schema.org", "@type": "FoodEstablishmentReservation", "reservationNumber": "\#(number)", "reservationStatus": "http://schema.org/ReservationConfirmed", "reservationFor": {"@type": "FoodEstablishment", "name": "Wagamama"}, "startTime": "2027-04-10T19:30:00+01:00", "partySize": 2}"#
    }

    static var html: String {
        let escaped = reservation("ESC-4").replacingOccurrences(of: "\"", with: "&quot;")
        return """
            <html><body><p>Your table is booked.</p>
            <script type="application/ld+json">
            <!-- reservation markup -->
            \(reservation("COMMENT-1"))
            </script>
            <script type="application/ld+json">\(reservation("ADJ-2"))\(reservation("ADJ-3"))</script>
            <script type="application/ld+json">\(escaped)</script>
            </body></html>

            """
    }

    static func numbers(_ result: TestBinary.Result) throws -> (numbers: [String], codes: [String]) {
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let reservations = try #require(object["reservations"] as? [[String: Any]])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        return (reservations.compactMap { $0["reservationId"] as? String }, diagnostics.compactMap { $0["code"] as? String })
    }

    @Test("a bare HTML file and a quoted-printable e-mail give all four reservations, two json-recovered warnings")
    func allFourRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("es-jsonld-recovery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let page = folder.appendingPathComponent("confirmation.html")
        try Data(Self.html.utf8).write(to: page)
        // Quoted-printable as mailers write it: `=` escaped, long lines broken with soft breaks.
        var encoded = ""
        for line in Self.html.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = Substring(line.replacingOccurrences(of: "=", with: "=3D"))
            while rest.count > 70 {
                var cut = rest.index(rest.startIndex, offsetBy: 70)
                // never split an =XX escape
                if let equals = rest[rest.index(cut, offsetBy: -2)..<cut].firstIndex(of: "=") { cut = equals }
                encoded += rest[..<cut] + "=\r\n"
                rest = rest[cut...]
            }
            encoded += rest + "\r\n"
        }
        let message = "From: Wagamama <bookings@wagamama.example>\r\nTo: eva@example.org\r\nSubject: Booked\r\n"
            + "MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
            + encoded
        let mail = folder.appendingPathComponent("confirmation.eml")
        try Data(message.utf8).write(to: mail)

        for path in [page.path, mail.path] {
            let result = try TestBinary.run(["extract", "--json", path])
            #expect(result.status == 0, "\(result.stderrText)")
            let found = try Self.numbers(result)
            #expect(found.numbers == ["COMMENT-1", "ADJ-2", "ADJ-3", "ESC-4"], "\(path)")
            #expect(found.codes == ["json-recovered", "json-recovered"], "\(path)")

            // --strict-json (lint's reading): the comment line is still read, the other two are errors.
            let strict = try TestBinary.run(["extract", "--json", "--strict-json", path])
            let strictFound = try Self.numbers(strict)
            #expect(strictFound.numbers == ["COMMENT-1"], "\(path)")
            #expect(strictFound.codes == ["json-syntax-error", "json-syntax-error"], "\(path)")
        }
    }
}
