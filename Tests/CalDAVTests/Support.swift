import CalDAV
import Foundation
import FoundationXML
import HTTPClient
import ICalendar
import SchemaMarkup
import TestSupport

/// An ISO 8601 literal the test knows to be valid.
func time(_ text: String) -> DateTimeValue {
    guard let value = DateTimeValue(parsing: text) else { fatalError("test literal \(text) does not parse") }
    return value
}

func seconds(_ text: String) -> Int64 {
    guard let instant = time(text).instant else { fatalError("test literal \(text) is not an instant") }
    return Int64(instant)
}

let testNow = seconds("2027-03-01T10:00:00Z")

/// A table at a restaurant (the scenario of ICalendarTests' ordering tests).
func restaurant(_ id: String, _ name: String, _ start: String, status: ReservationStatus = .confirmed,
                modified: String? = nil) -> Reservation {
    var reservation = Reservation(kind: .foodEstablishment, itemReference: "FoodEstablishmentReservation \(name)")
    reservation.reservationID = id
    reservation.status = status
    reservation.name = name
    reservation.start = time(start)
    reservation.partySize = 2
    reservation.modifiedTime = modified.map(time)
    reservation.place = Place(name: name, address: PostalAddress(text: "Hauptstraße 1, 10115 Berlin"))
    return reservation
}

func idOnlyCancellation(_ id: String) -> Reservation {
    var reservation = Reservation(kind: .foodEstablishment, itemReference: "")
    reservation.reservationID = id
    reservation.status = .cancelled
    return reservation
}

func source(date: String?, id: String = "<m1@zurpost.example>") -> ReservationSource {
    ReservationSource(domain: "zurpost.example", organizationalDomain: "zurpost.example", messageID: id,
                      messageDate: date.map(seconds))
}

/// A client for the test's Radicale with the service account (or the given one).
func client(_ radicale: Radicale, user: String = Radicale.serviceUser, password: String = Radicale.servicePassword,
            totalTimeout: Double = 10) throws -> HTTPClient {
    var configuration = HTTPClient.Configuration(credentialsFile: try radicale.credentialsFile(user: user, password: password))
    configuration.totalTimeoutSeconds = totalTimeout
    return try HTTPClient(configuration: configuration)
}

func collection(_ radicale: Radicale, _ path: String = "alice/reservations/", user: String = Radicale.serviceUser,
                password: String = Radicale.servicePassword) throws -> CalDAVCollection {
    CalDAVCollection(address: try CalDAVAddress(radicale.root + path), client: try client(radicale, user: user, password: password))
}

/// What a collection holds, read with plain HTTP (not through the code under test): resource
/// name → body, for every item of a Depth 1 PROPFIND.
func resources(_ radicale: Radicale, _ path: String) throws -> [String: String] {
    let http = try client(radicale)
    let listing = try http.send(HTTPRequest(method: "PROPFIND", url: radicale.root + path, headers: [HTTPHeader("Depth", "1")]))
    guard listing.status == 207 else { return [:] }
    let xml = String(decoding: listing.body, as: UTF8.self)
    var result: [String: String] = [:]
    for href in hrefs(xml) where !href.hasSuffix("/") {
        let name = String(href.split(separator: "/").last ?? "")
        let item = try http.send(HTTPRequest(method: "GET", url: radicale.root + path + name))
        result[name] = String(decoding: item.body, as: UTF8.self)
    }
    return result
}

/// The href texts of a multistatus, found with Foundation's XML parser (not the code under test).
func hrefs(_ xml: String) -> [String] {
    final class Collector: NSObject, XMLParserDelegate {
        var hrefs: [String] = []
        var current: String?
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if name == "href" { current = "" }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { current? += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "href", let current { hrefs.append(current.trimmingCharacters(in: .whitespacesAndNewlines)) }
            current = nil
        }
    }
    let parser = XMLParser(data: Data(xml.utf8))
    parser.shouldProcessNamespaces = true
    let collector = Collector()
    parser.delegate = collector
    _ = parser.parse()
    return collector.hrefs
}

/// The values of a property in iCalendar text, unfolded (CRLF or LF followed by a space or tab).
func values(_ name: String, in text: String) -> [String] {
    let unfolded = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n ", with: "")
        .replacingOccurrences(of: "\n\t", with: "")
    return unfolded.split(separator: "\n").compactMap { line in
        let head = line.prefix { $0 != ":" && $0 != ";" }
        guard head == name, let colon = line.firstIndex(of: ":") else { return nil }
        return String(line[line.index(after: colon)...])
    }
}
