import HTTPClient
import ICalendar

/// A calendar collection on a CalDAV server (RFC 4791) as a ``CalendarCollection``: the
/// store interface the vdir implements too, so the same ``CalendarStore`` rules decide.
///
/// - One resource per event, named exactly like the vdir file (a hash of the UID).
/// - Writes are conditional (RFC 9110 §13.1): a new event with `If-None-Match: *`, a
///   changed one with `If-Match: <ETag it was read with>`; a 412 becomes
///   ``CalendarStoreError/changedMeanwhile(path:)`` and the store reads and decides again,
///   so two writers on different hosts never lose each other's update. There is no lock:
///   ``withExclusiveAccess(_:)`` only makes sure the collection exists (MKCALENDAR,
///   RFC 4791 §5.3.1) and runs its body.
/// - A reservation's events are found by a calendar-query REPORT (RFC 4791 §7.8) with a
///   prop-filter on the reservation key property: one request, whatever the calendar's size.
/// - Tombstones are WebDAV properties of the collection (`urn:x-eventsuggest:tombstones`,
///   one per reservation or part, the vdir's record text as value): calendar clients show
///   items, never unknown properties. Not resources: Radicale refuses dot-names, turns a
///   VCALENDAR PUT into a plain collection into a new calendar collection, and drops
///   components other than VEVENT/VTODO/VJOURNAL; a sibling calendar would be listed by clients.
/// - No answer, 401/403 and 5xx become the error kinds an unwritable calendar folder gives,
///   so a filter defers (`--defer-on-error`) and a scan reports `failed` just the same.
public struct CalDAVCollection: CalendarCollection {
    public let address: CalDAVAddress
    public let client: HTTPClient
    public init(address: CalDAVAddress, client: HTTPClient) {
        self.address = address
        self.client = client
    }

    public var location: String { address.collection }

    public func withExclusiveAccess<Result>(_ body: () throws(CalendarStoreError) -> Result) throws(CalendarStoreError) -> Result {
        try ensureCalendar()
        return try body()
    }

    public func event(named name: String) throws(CalendarStoreError) -> StoredEvent? {
        let url = address.collection + Self.segment(name)
        let response = try send(HTTPRequest(method: "GET", url: url), reading: true)
        switch response.status {
        case 200:
            // A resource that no longer parses (edited by another client, say) is replaced as if new.
            guard let event = Self.event(in: response.body) else { return nil }
            return StoredEvent(name: name, event: event, tag: response.header("ETag"))
        case 404, 410:
            return nil
        default:
            throw Self.refusal(response, url: url, reading: true)
        }
    }

    public func store(_ calendar: ICSComponent, named name: String, replacing: StoredEvent?) throws(CalendarStoreError) {
        let text: String
        do {
            text = try ICSWriter.serialize(calendar)
        } catch {
            preconditionFailure("the store built an invalid event: \(error)")
        }
        let url = address.collection + Self.segment(name)
        do throws(CalendarStoreError) {
            try put(text, to: url, replacing: replacing.map { $0.tag ?? "*" })
        } catch .changedMeanwhile(let path) where replacing == nil {
            // event(named:) calls a resource that does not parse absent, as the vdir does, and
            // the vdir then replaces it: here that takes its ETag, else If-None-Match fails forever.
            let response = try send(HTTPRequest(method: "GET", url: url), reading: true)
            guard response.status == 200, Self.event(in: response.body) == nil, let tag = response.header("ETag") else {
                throw .changedMeanwhile(path: path)
            }
            try put(text, to: url, replacing: tag)
        }
    }

    public func eventNames(withReservationKey reservationKey: String) throws(CalendarStoreError) -> [String] {
        // RFC 4791 §9.7.5: i;octet is an exact, case-sensitive substring match; the key is
        // 32 hex digits, so a match is the key itself. The name is the href's last segment.
        let query = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
            <D:prop><D:getetag/></D:prop>
            <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">
            <C:prop-filter name="\(StoredEvent.reservationKeyProperty)"><C:text-match collation="i;octet">\(Self.xmlEscaped(reservationKey))</C:text-match></C:prop-filter>
            </C:comp-filter></C:comp-filter></C:filter>
            </C:calendar-query>
            """
        let request = HTTPRequest(method: "REPORT", url: address.collection,
                                  headers: [HTTPHeader("Depth", "1"), HTTPHeader("Content-Type", "application/xml; charset=utf-8")],
                                  body: Array(query.utf8))
        let response = try send(request, reading: true)
        switch response.status {
        case 207:
            let hrefs = MultistatusHrefs.hrefs(in: Self.text(response.body) ?? "")
            return hrefs.compactMap(Self.resourceName).filter { !$0.isEmpty }
        case 404:
            return []
        default:
            throw Self.refusal(response, url: address.collection, reading: true)
        }
    }

    public func tombstone(reservationKey: String, part: String?) throws(CalendarStoreError) -> Tombstone? {
        let name = Self.tombstoneProperty(reservationKey: reservationKey, part: part)
        let query = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:propfind xmlns:D="DAV:" xmlns:E="\(Self.tombstoneNamespace)"><D:prop><E:\(name)/></D:prop></D:propfind>
            """
        let request = HTTPRequest(method: "PROPFIND", url: address.collection,
                                  headers: [HTTPHeader("Depth", "0"), HTTPHeader("Content-Type", "application/xml; charset=utf-8")],
                                  body: Array(query.utf8))
        let response = try send(request, reading: true)
        switch response.status {
        case 207:
            guard let text = MultistatusHrefs.text(ofElement: name, in: Self.text(response.body) ?? ""),
                  let tombstone = Tombstone(calendarText: text),
                  tombstone.reservationKey == reservationKey, tombstone.part == part else { return nil }
            return tombstone
        case 404:
            return nil
        default:
            throw Self.refusal(response, url: address.collection, reading: true)
        }
    }

    /// A WebDAV property of the collection (PROPPATCH, RFC 4918 §9.2), the vdir's record text
    /// as its value. Never replaces a newer cancellation it can see.
    /// QUIRK: a property has no ETag, so two writers remembering cancellations of one part at
    /// the same moment may leave the older of the two (the event itself, when there is one,
    /// still carries the newer status with If-Match); this needs two cancellations racing.
    public func store(_ tombstone: Tombstone) throws(CalendarStoreError) {
        if let known = try self.tombstone(reservationKey: tombstone.reservationKey, part: tombstone.part),
           known.version >= tombstone.version { return }
        let name = Self.tombstoneProperty(reservationKey: tombstone.reservationKey, part: tombstone.part)
        let update = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:propertyupdate xmlns:D="DAV:" xmlns:E="\(Self.tombstoneNamespace)"><D:set><D:prop>\
            <E:\(name)>\(Self.xmlEscaped(tombstone.calendarText))</E:\(name)></D:prop></D:set></D:propertyupdate>
            """
        let request = HTTPRequest(method: "PROPPATCH", url: address.collection,
                                  headers: [HTTPHeader("Content-Type", "application/xml; charset=utf-8")], body: Array(update.utf8))
        let response = try send(request, reading: false)
        // RFC 4918 §9.2.1: a 207 whose propstat says 200 for the property.
        let body = Self.text(response.body) ?? ""
        guard response.status == 207 || response.status == 200, !body.contains(" 403 "), !body.contains(" 409 "),
              !body.contains(" 424 "), !body.contains(" 507 ") else {
            throw Self.refusal(response.status == 207 ? HTTPResponse(status: 403, headers: [], body: []) : response,
                               url: address.collection, reading: false)
        }
    }

    /// A PUT is atomic on the server: nothing half-written is ever left.
    public func removeInterruptedWrites() throws(CalendarStoreError) -> Int { 0 }

    // MARK: - Requests

    /// PUT `text`; `replacing` nil: only if there is none (`If-None-Match: *`), else only if
    /// the ETag is still this one (`If-Match`).
    private func put(_ text: String, to url: String, replacing tag: String?) throws(CalendarStoreError) {
        var headers = [HTTPHeader("Content-Type", "text/calendar; charset=utf-8")]
        headers.append(tag.map { HTTPHeader("If-Match", $0) } ?? HTTPHeader("If-None-Match", "*"))
        let request = HTTPRequest(method: "PUT", url: url, headers: headers, body: Array(text.utf8))
        let response = try send(request, reading: false)
        switch response.status {
        case 200, 201, 204:
            return
        case 412:
            throw .changedMeanwhile(path: url)
        default:
            throw Self.refusal(response, url: url, reading: false)
        }
    }

    /// PROPFIND Depth 0 (RFC 4918 §9.1); a 404 makes the calendar, and its parent when the
    /// server has none yet (a service account writing below a user who never logged in).
    private func ensureCalendar() throws(CalendarStoreError) {
        let probe = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:propfind xmlns:D="DAV:"><D:prop><D:resourcetype/></D:prop></D:propfind>
            """
        let request = HTTPRequest(method: "PROPFIND", url: address.collection,
                                  headers: [HTTPHeader("Depth", "0"), HTTPHeader("Content-Type", "application/xml; charset=utf-8")],
                                  body: Array(probe.utf8))
        let response = try send(request, creating: true)
        switch response.status {
        case 207, 200:
            return
        case 404:
            if try makeCollection(address.collection, method: "MKCALENDAR") == 409 {
                // RFC 4791 §5.3.1.2: 409 when the parent is missing; Radicale also answers 409
                // when another writer made the calendar a moment ago: then it exists now.
                if try send(request, creating: true).status == 207 { return }
                try makeCollection(address.parent, method: "MKCOL")
                if try makeCollection(address.collection, method: "MKCALENDAR") == 409, try send(request, creating: true).status != 207 {
                    throw Self.refusal(HTTPResponse(status: 409, headers: [], body: []), url: address.collection, creating: true)
                }
            }
        default:
            throw Self.refusal(response, url: address.collection, creating: true)
        }
    }

    /// MKCALENDAR or MKCOL; 405 (it exists: another writer made it first) is success; 409
    /// (no parent) is returned for the caller to decide.
    @discardableResult
    private func makeCollection(_ url: String, method: String) throws(CalendarStoreError) -> Int {
        let response = try send(HTTPRequest(method: method, url: url), creating: true)
        guard [200, 201, 405, 409].contains(response.status) else {
            throw Self.refusal(response, url: url, creating: true)
        }
        return response.status
    }

    private func send(_ request: HTTPRequest, reading: Bool = false, creating: Bool = false) throws(CalendarStoreError) -> HTTPResponse {
        do {
            return try client.send(request)
        } catch {
            let reason = "the CalDAV server did not answer: \(error.reason)"
            if creating { throw .cannotCreate(path: address.collection, reason: reason) }
            throw reading ? .cannotRead(path: error.url, reason: reason) : .cannotWrite(path: error.url, reason: reason)
        }
    }

    /// An answer that is no success, as the kind of error an unwritable folder gives.
    static func refusal(_ response: HTTPResponse, url: String, reading: Bool = false, creating: Bool = false) -> CalendarStoreError {
        let reason: String
        switch response.status {
        case 401: reason = "the CalDAV server refused the credentials (HTTP 401)"
        case 403: reason = "the CalDAV account may not write here (HTTP 403)"
        case 500...599: reason = "the CalDAV server failed (HTTP \(response.status))"
        default: reason = "the CalDAV server answered HTTP \(response.status)"
        }
        if creating { return .cannotCreate(path: url, reason: reason) }
        return reading ? .cannotRead(path: url, reason: reason) : .cannotWrite(path: url, reason: reason)
    }

    // MARK: - Names

    /// A resource name as a URL segment: the store's names are hex and ".ics", but nothing
    /// outside RFC 3986's unreserved characters is sent unencoded.
    static func segment(_ name: String) -> String {
        var encoded = ""
        for byte in name.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }

    /// The last segment of an href, percent-decoded; nil for the collection itself.
    static func resourceName(_ href: String) -> String? {
        var path = Substring(href)
        guard !path.hasSuffix("/") else { return nil }
        if let slash = path.lastIndex(of: "/") { path = path[path.index(after: slash)...] }
        var bytes: [UInt8] = []
        var iterator = Array(path.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
               let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        let name = String(decoding: bytes, as: UTF8.self)
        return name.contains("/") || name == "." || name == ".." ? nil : name
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// XML text content (XML 1.0 §2.4); a CR as `&#13;`, or the parser would turn CRLF into LF (§2.11).
    static func xmlEscaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;").replacing("\r", with: "&#13;")
    }

    static let tombstoneNamespace = "urn:x-eventsuggest:tombstones"

    /// An XML name (it may not start with a digit): "t" and the hash of key and part.
    static func tombstoneProperty(reservationKey: String, part: String?) -> String {
        "t" + Tombstone.hashedName(reservationKey: reservationKey, part: part)
    }

    /// The VEVENT of a resource's body, or nil when it is none (not UTF-8, not iCalendar).
    static func event(in body: [UInt8]) -> ICSComponent? {
        guard let text = text(body) else { return nil }
        return (try? ICSReader.parse(text))?.components.first { $0.name == "VEVENT" }
    }

    static func text(_ body: [UInt8]) -> String? {
        String(validating: body, as: UTF8.self)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
