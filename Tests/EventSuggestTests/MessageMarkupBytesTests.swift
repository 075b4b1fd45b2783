import EventSuggest
import Findings
import MailMessage
import SchemaMarkup
import Testing

/// An HTML part is judged on its transfer-decoded bytes before any text is made of it
/// (issue 21): only valid UTF-8 or ASCII without `ld+json`/`itemscope` is passed over.
/// Each honest shortcut beside the attack on it: markup must never be lost, and a finding
/// the full decode gives must still be given.
@Suite("message markup: the byte look before decoding")
struct MessageMarkupBytesTests {
    static let flight = #"{"@context":"http://schema.org","@type":"FlightReservation","reservationNumber":"BYTES1","reservationStatus":"http://schema.org/ReservationConfirmed","reservationFor":{"@type":"Flight","flightNumber":"123","airline":{"@type":"Airline","iataCode":"LH"},"departureAirport":{"@type":"Airport","iataCode":"FRA"},"arrivalAirport":{"@type":"Airport","iataCode":"JFK"},"departureTime":"2030-05-01T10:00:00+02:00"}}"#

    static func message(_ headers: String, _ body: [UInt8]) -> MailMessage {
        MailMessage(bytes: Array("From: a@airline.example\nMIME-Version: 1.0\n\(headers)\n\n".utf8) + body + [0x0A])
    }

    static func extract(_ message: MailMessage) -> MarkupExtraction {
        MessageMarkup.extract(from: message, using: MarkupExtractor())
    }

    /// What the full decode gives for the same part (the behaviour before the shortcut).
    static func reference(_ message: MailMessage) -> (items: Int, findings: [String]) {
        let part = message.leafParts[0]
        let decoded = part.decodedHTML(limits: message.limits)
        let found: (items: [ExtractedItem], findings: [Finding]) =
            decoded.text.map { MarkupExtractor().items(fromHTML: $0, part: part.path) } ?? ([], [])
        return (found.items.count, (decoded.findings + found.findings).map(\.code))
    }

    static func script(_ json: String = flight) -> String { "<script type=\"application/ld+json\">\(json)</script>" }

    @Test("plain UTF-8 without the words: no items, no findings, as the full decode")
    func plainUTF8() {
        let message = Self.message("Content-Type: text/html; charset=utf-8", Array("<p>Café newsletter, itemprop=x</p>".utf8))
        let result = Self.extract(message)
        #expect(result.items.isEmpty && result.findings.isEmpty)
        #expect(Self.reference(message).findings.isEmpty)
    }

    @Test("the transfer decoding's own findings stay when the part is passed over")
    func transferFindingsKept() {
        let message = Self.message("Content-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable",
                                   Array("<p>50=% off</p>".utf8))
        #expect(Self.extract(message).findings.map(\.code) == [FindingCode.malformedQuotedPrintable.id])
        #expect(Self.reference(message).findings == [FindingCode.malformedQuotedPrintable.id])
    }

    @Test("the word split by a quoted-printable soft line break is found after transfer decoding")
    func softLineBreak() {
        let html = "<script type=\"application/ld=\n+json\">\(Self.flight.replacingOccurrences(of: "=", with: "=3D"))</script>"
        let message = Self.message("Content-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable", Array(html.utf8))
        #expect(Self.extract(message).reservations.map(\.reservationID) == ["BYTES1"])
        let itemscope = "<div itemscope item=\ntype=3D\"http://schema.org/FoodEstablishmentReservation\"><span itemprop=3D\"reservationNumber\">BYTES2</span></div>"
            .replacingOccurrences(of: "itemscope item", with: "item=\nscope item")
        let microdata = Self.message("Content-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable", Array(itemscope.utf8))
        #expect(Self.extract(microdata).items.count == 1)
    }

    @Test("an invalid UTF-8 byte outside the markup: the part is decoded, the markup read, the byte reported")
    func invalidByteOutsideMarkup() {
        let body = Array("<p>caf".utf8) + [0xE9] + Array("</p>\(Self.script())".utf8)
        let message = Self.message("Content-Type: text/html; charset=utf-8", body)
        let result = Self.extract(message)
        #expect(result.reservations.map(\.reservationID) == ["BYTES1"])
        #expect(result.findings.contains { $0.has(.invalidCharsetBytes) })
    }

    @Test("an invalid UTF-8 byte inside the markup: read with U+FFFD, reported")
    func invalidByteInsideMarkup() {
        let json = Self.flight.replacingOccurrences(of: "BYTES1", with: "BYTES\u{1}1")
        let body = Array(Self.script(json).utf8).map { $0 == 0x01 ? 0xFF : $0 }
        let result = Self.extract(Self.message("Content-Type: text/html; charset=utf-8", body))
        #expect(result.reservations.map(\.reservationID) == ["BYTES\u{FFFD}1"])
        #expect(result.findings.contains { $0.has(.invalidCharsetBytes) })
    }

    @Test("an invalid byte in a part without markup is still reported (no shortcut for invalid bytes)")
    func invalidByteWithoutMarkup() {
        let message = Self.message("Content-Type: text/html; charset=utf-8", Array("<p>caf".utf8) + [0xE9] + Array("</p>".utf8))
        #expect(Self.extract(message).findings.map(\.code) == [FindingCode.invalidCharsetBytes.id])
        #expect(Self.reference(message).findings == [FindingCode.invalidCharsetBytes.id])
    }

    @Test("an overlong 'e' in itemscope is no hint and no markup, and is reported")
    func overlong() {
        // C1 A5 would be an overlong "e": a decoder that accepted it would find an item.
        let body = Array("<div item".utf8) + [0xC1, 0xA5] + Array("scope><span itemprop=\"reservationNumber\">X</span></div>".utf8)
        let message = Self.message("Content-Type: text/html; charset=utf-8", body)
        let result = Self.extract(message)
        #expect(result.items.isEmpty)
        #expect(result.findings.map(\.code) == [FindingCode.invalidCharsetBytes.id])
    }

    @Test("UTF-16 HTML (the words are not ASCII bytes there) is decoded and its markup read", arguments: ["utf-16le", "utf-16be"])
    func utf16(_ charset: String) {
        let units = Array("<html>\(Self.script())</html>".utf16)
        let body = units.flatMap { charset == "utf-16le" ? [UInt8($0 & 0xFF), UInt8($0 >> 8)] : [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let message = Self.message("Content-Type: text/html; charset=\(charset)\nContent-Transfer-Encoding: binary", body)
        #expect(Self.extract(message).reservations.map(\.reservationID) == ["BYTES1"])
    }

    @Test("Latin-1 and undeclared Windows-1252 HTML is decoded and its markup read")
    func otherCharsets() {
        let latin1 = Self.message("Content-Type: text/html; charset=iso-8859-1",
                                  Array("<p>caf".utf8) + [0xE9] + Array("</p>\(Self.script())".utf8))
        #expect(Self.extract(latin1).reservations.map(\.reservationID) == ["BYTES1"])
        let undeclared = Self.message("Content-Type: text/html", Array("<p>".utf8) + [0x93, 0x94] + Array("</p>\(Self.script())".utf8))
        let result = Self.extract(undeclared)
        #expect(result.reservations.map(\.reservationID) == ["BYTES1"])
        #expect(result.findings.isEmpty)
    }

    @Test("a UTF-8 byte-order mark before the markup")
    func byteOrderMark() {
        let message = Self.message("Content-Type: text/html; charset=utf-8", [0xEF, 0xBB, 0xBF] + Array(Self.script().utf8))
        #expect(Self.extract(message).reservations.map(\.reservationID) == ["BYTES1"])
    }

    @Test("the words in a comment or an attribute: parsed, nothing found, nothing said — as the full decode")
    func wordsWithoutMarkup() {
        for html in ["<!-- itemscope --><p>x</p>", "<p title=\"ld+json\">x</p>", "<a href=\"/itemscope\">x</a>"] {
            let message = Self.message("Content-Type: text/html; charset=utf-8", Array(html.utf8))
            let result = Self.extract(message)
            #expect(result.items.isEmpty && result.findings.isEmpty, "\(html)")
            #expect(Self.reference(message).items == 0)
        }
    }

    @Test("a part over html-bytes without the words is still reported")
    func tooLarge() {
        let extractor = MarkupExtractor(limits: MarkupLimits(html: .init(maxBytes: 64)))
        let message = Self.message("Content-Type: text/html; charset=utf-8", Array(String(repeating: "<p>x</p>", count: 20).utf8))
        #expect(MessageMarkup.extract(from: message, using: extractor).findings.map(\.code) == [FindingCode.htmlTooLarge.id])
    }
}
