import CivilTime
import DKIM
import EventSuggest
import Findings
import Mailbox
import MailMessage
import PlaceZones
import SchemaMarkup
import SenderPolicy

/// One analysed message set aside until its events are written (issue 21): its place and
/// its report, as bytes. Everything the date-ordered writes, the report line, the log and
/// the summary read comes back exactly; decoding goes through the types' own checked
/// initialisers (a date that is no date, a zone name that is no zone, is refused).
///
/// Not kept: the policy decision's `headerView` (the signed header fields the analysis read
/// the Date and Message-ID from; nothing after the analysis reads it). A report with
/// outcomes (already recorded) or a location no public initialiser can make again is not
/// representable: ``encode(_:at:)`` returns nil, and the scan holds that one whole.
enum ScanSpoolRecord {
    /// The stored properties each type has today, which the encoding below writes; a test
    /// compares them with the types' own (a field added to a type must be added here).
    static let encodedFields: [String: Int] = [
        "Reservation": 21, "DKIMResult": 14, "PolicyDecision": 8, "Finding": 4, "SourceLocation": 5, "Place": 5,
        "PostalAddress": 6, "DateTimeValue": 6, "TimeOfDay": 4, "EmailAddress": 3, "MessageReport": 9, "ZoneMatch": 2,
    ]

    static func encode(_ report: MessageReport, at location: MessageLocation) -> [UInt8]? {
        guard report.outcomes.isEmpty else { return nil }
        var out = ScanSpoolWriter()
        out.string(location.path)
        out.optional(location.line) { $0.int($1) }
        out.optional(report.messageID) { $0.string($1) }
        out.optional(report.from) { out, address in
            out.optional(address.displayName) { $0.string($1) }
            out.string(address.localPart)
            out.string(address.domain)
        }
        out.optional(report.date) { $0.int(Int($1)) }
        out.array(report.dkim) { write(&$0, $1) }
        var representable = write(&out, report.decision)
        out.array(report.reservations) { out, reservation in representable = write(&out, reservation) && representable }
        out.array(report.findings) { out, finding in representable = write(&out, finding) && representable }
        out.optional(report.calendarError) { $0.string($1) }
        return representable ? out.bytes : nil
    }

    static func decode(_ bytes: [UInt8]) throws(ScanSpoolDecodingError) -> (report: MessageReport, location: MessageLocation) {
        var input = ScanSpoolReader(bytes)
        let location = MessageLocation(path: try input.string(), line: try input.optional { (input) throws(ScanSpoolDecodingError) in try input.int() })
        let messageID = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.string() }
        let from = try input.optional { (input) throws(ScanSpoolDecodingError) -> EmailAddress in
            let displayName = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.string() }
            return EmailAddress(displayName: displayName, localPart: try input.string(), domain: try input.string())
        }
        let date = try input.optional { (input) throws(ScanSpoolDecodingError) in Int64(try input.int()) }
        let dkim = try input.array(readDKIMResult)
        let decision = try readDecision(&input)
        let reservations = try input.array(readReservation)
        let findings = try input.array(readFinding)
        let calendarError = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.string() }
        let report = MessageReport.restored(messageID: messageID, from: from, date: date, dkim: dkim, decision: decision,
                                            reservations: reservations, outcomes: [], findings: findings, calendarError: calendarError)
        guard input.isAtEnd else { throw ScanSpoolDecodingError(reason: "bytes after the record's end") }
        return (report, location)
    }

    // MARK: DKIM and the policy

    private static func write(_ out: inout ScanSpoolWriter, _ result: DKIMResult) {
        out.string(result.outcome.rawValue)
        for text in [result.reason, result.domain, result.selector, result.algorithm, result.identity, result.signaturePrefix] {
            out.optional(text) { $0.string($1) }
        }
        out.int(result.line)
        out.int(result.unsignedBodyBytes)
        out.optional(result.signedBodyLength) { $0.int($1) }
        out.array(result.signedFieldIndices) { $0.int($1) }
        out.bool(result.keyIsTesting)
        out.optional(result.keyBits) { $0.int($1) }
        out.optional(result.limitCode) { out, code in
            out.string(code.id)
            out.string(code.severity.rawValue)
            out.string(code.help)
        }
    }

    private static func readDKIMResult(_ input: inout ScanSpoolReader) throws(ScanSpoolDecodingError) -> DKIMResult {
        let outcome = try input.raw(DKIMOutcome.self)
        var texts: [String?] = []
        for _ in 0..<6 { texts.append(try input.optional { (input) throws(ScanSpoolDecodingError) in try input.string() }) }
        var result = DKIMResult(outcome: outcome, reason: texts[0], domain: texts[1], selector: texts[2], algorithm: texts[3],
                                line: try input.int())
        result.identity = texts[4]
        result.signaturePrefix = texts[5]
        result.unsignedBodyBytes = try input.int()
        result.signedBodyLength = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.int() }
        result.signedFieldIndices = try input.array { (input) throws(ScanSpoolDecodingError) in try input.int() }
        result.keyIsTesting = try input.bool()
        result.keyBits = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.int() }
        result.limitCode = try input.optional { (input) throws(ScanSpoolDecodingError) -> FindingCode in
            FindingCode(try input.string(), try input.raw(Finding.Severity.self), help: try input.string())
        }
        return result
    }

    private static func write(_ out: inout ScanSpoolWriter, _ decision: PolicyDecision) -> Bool {
        out.bool(decision.trusted)
        out.optional(decision.domain) { $0.string($1) }
        out.optional(decision.signature) { write(&$0, $1) }
        out.array(decision.notes) { $0.string($1) }
        out.string(decision.code)
        out.string(decision.reason)
        // QUIRK: headerView is not kept (see the type's comment): it is the whole signed
        // header, most of a held report's size, and nothing after the analysis reads it.
        var representable = true
        out.array(decision.findings) { out, finding in representable = write(&out, finding) && representable }
        return representable
    }

    private static func readDecision(_ input: inout ScanSpoolReader) throws(ScanSpoolDecodingError) -> PolicyDecision {
        let trusted = try input.bool()
        let domain = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.string() }
        let signature = try input.optional(readDKIMResult)
        let notes = try input.array { (input) throws(ScanSpoolDecodingError) in try input.string() }
        return PolicyDecision(trusted: trusted, domain: domain, signature: signature, notes: notes, code: try input.string(),
                              reason: try input.string(), headerView: nil, findings: try input.array(readFinding))
    }

    // MARK: Findings

    /// False when the location cannot be made again through its public initialisers.
    @discardableResult
    private static func write(_ out: inout ScanSpoolWriter, _ finding: Finding) -> Bool {
        out.string(finding.code)
        out.string(finding.severity.rawValue)
        out.string(finding.message)
        var representable = true
        out.optional(finding.location) { out, location in representable = write(&out, location) }
        return representable
    }

    private static func readFinding(_ input: inout ScanSpoolReader) throws(ScanSpoolDecodingError) -> Finding {
        let code = try input.string()
        let severity = try input.raw(Finding.Severity.self)
        // The code's catalogue entry is not needed: a finding keeps only its id and severity.
        var finding = Finding(code: FindingCode(code, severity, help: ""), message: try input.string())
        finding.location = try input.optional(readLocation)
        return finding
    }

    private static func write(_ out: inout ScanSpoolWriter, _ location: SourceLocation) -> Bool {
        switch location.text {
        case .message:
            out.int(0)
            // The part a message-wide location concerns (`init(line:column:part:)`).
            out.optional(location.part) { $0.string($1.text) }
        case .decodedPart(let number):
            out.int(1)
            out.string(number.text)
        case .document:
            out.int(2)
        }
        out.int(location.line)
        out.optional(location.column) { $0.int($1) }
        out.optional(location.partStartLine) { $0.int($1) }
        // Only a message-wide location can carry a concerned part; any other one with a part
        // other than its own text cannot be made again.
        switch location.text {
        case .document: return location.part == nil
        default: return true
        }
    }

    private static func readLocation(_ input: inout ScanSpoolReader) throws(ScanSpoolDecodingError) -> SourceLocation {
        let kind = try input.int()
        var part: String?
        let text: LocationText
        switch kind {
        case 0:
            text = .message
            part = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.string() }
        case 1: text = .decodedPart(PartNumber(try input.string()))
        case 2: text = .document
        default: throw ScanSpoolDecodingError(reason: "unknown location kind \(kind)")
        }
        let line = try input.int()
        let column = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.int() }
        var location = part.map { SourceLocation(line: line, column: column, part: $0) } ?? SourceLocation(text, line: line, column: column)
        location.partStartLine = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.int() }
        return location
    }

    // MARK: Reservations

    private static func write(_ out: inout ScanSpoolWriter, _ reservation: Reservation) -> Bool {
        out.string(reservation.kind.rawValue)
        out.optional(reservation.reservationID) { $0.string($1) }
        out.optional(reservation.status) { $0.string($1.rawValue) }
        out.string(reservation.itemReference)
        out.optional(reservation.name) { $0.string($1) }
        out.optional(reservation.start) { write(&$0, $1) }
        out.optional(reservation.end) { write(&$0, $1) }
        out.optional(reservation.place) { write(&$0, $1) }
        out.optional(reservation.destination) { write(&$0, $1) }
        for text in [reservation.tripNumber, reservation.provider, reservation.underName, reservation.broker] {
            out.optional(text) { $0.string($1) }
        }
        out.optional(reservation.partySize) { $0.int($1) }
        for text in [reservation.url, reservation.seat, reservation.ticketNumber] {
            out.optional(text) { $0.string($1) }
        }
        out.optional(reservation.startZone) { write(&$0, $1) }
        out.optional(reservation.endZone) { write(&$0, $1) }
        out.optional(reservation.modifiedTime) { write(&$0, $1) }
        var representable = true
        out.optional(reservation.location) { out, location in representable = write(&out, location) }
        return representable
    }

    private static func readReservation(_ input: inout ScanSpoolReader) throws(ScanSpoolDecodingError) -> Reservation {
        let kind = try input.raw(ReservationKind.self)
        let reservationID = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.string() }
        let status = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.raw(ReservationStatus.self) }
        var reservation = Reservation(kind: kind, itemReference: try input.string())
        reservation.reservationID = reservationID
        reservation.status = status
        reservation.name = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.string() }
        reservation.start = try input.optional(readDateTime)
        reservation.end = try input.optional(readDateTime)
        reservation.place = try input.optional(readPlace)
        reservation.destination = try input.optional(readPlace)
        reservation.tripNumber = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.string() }
        reservation.provider = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.string() }
        reservation.underName = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.string() }
        reservation.broker = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.string() }
        reservation.partySize = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.int() }
        reservation.url = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.string() }
        reservation.seat = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.string() }
        reservation.ticketNumber = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.string() }
        reservation.startZone = try input.optional(readZoneMatch)
        reservation.endZone = try input.optional(readZoneMatch)
        reservation.modifiedTime = try input.optional(readDateTime)
        reservation.location = try input.optional(readLocation)
        return reservation
    }

    private static func write(_ out: inout ScanSpoolWriter, _ place: Place) {
        out.optional(place.name) { $0.string($1) }
        out.optional(place.code) { $0.string($1) }
        out.optional(place.address) { out, address in
            for text in [address.street, address.locality, address.region, address.postalCode, address.country, address.text] {
                out.optional(text) { $0.string($1) }
            }
        }
        out.optional(place.telephone) { $0.string($1) }
        out.optional(place.geo) { out, geo in
            out.double(geo.latitude)
            out.double(geo.longitude)
        }
    }

    private static func readPlace(_ input: inout ScanSpoolReader) throws(ScanSpoolDecodingError) -> Place {
        func text(_ input: inout ScanSpoolReader) throws(ScanSpoolDecodingError) -> String? {
            try input.optional { (input) throws(ScanSpoolDecodingError) in try input.string() }
        }
        let name = try text(&input)
        let code = try text(&input)
        let address = try input.optional { (input) throws(ScanSpoolDecodingError) -> PostalAddress in
            PostalAddress(street: try text(&input), locality: try text(&input), region: try text(&input),
                          postalCode: try text(&input), country: try text(&input), text: try text(&input))
        }
        let telephone = try text(&input)
        let geo = try input.optional { (input) throws(ScanSpoolDecodingError) -> GeoCoordinates in
            let latitude = try input.double()
            let longitude = try input.double()
            guard let geo = GeoCoordinates(latitude: latitude, longitude: longitude) else {
                throw ScanSpoolDecodingError(reason: "coordinates \(latitude), \(longitude) out of range")
            }
            return geo
        }
        return Place(name: name, code: code, address: address, telephone: telephone, geo: geo)
    }

    // MARK: Dates and zones

    private static func write(_ out: inout ScanSpoolWriter, _ value: DateTimeValue) {
        out.int(value.year)
        out.int(value.month)
        out.int(value.day)
        out.optional(value.time) { out, time in
            out.int(time.hour)
            out.int(time.minute)
            out.int(time.second)
            out.int(time.nanosecond)
        }
        out.optional(value.utcOffsetSeconds) { $0.int($1) }
        out.optional(value.zone) { $0.string($1.name) }
    }

    /// Through DateTimeValue's and TimeOfDay's own checks: what they would refuse with a
    /// trap is refused here with an error first.
    private static func readDateTime(_ input: inout ScanSpoolReader) throws(ScanSpoolDecodingError) -> DateTimeValue {
        let year = try input.int()
        let month = try input.int()
        let day = try input.int()
        guard CivilCalendar.isValidDate(year: year, month: month, day: day) else {
            throw ScanSpoolDecodingError(reason: "no such date \(year)-\(month)-\(day)")
        }
        let time = try input.optional { (input) throws(ScanSpoolDecodingError) -> TimeOfDay in
            let hour = try input.int()
            let minute = try input.int()
            let second = try input.int()
            let nanosecond = try input.int()
            guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
                  (0..<1_000_000_000).contains(nanosecond) else {
                throw ScanSpoolDecodingError(reason: "no such time \(hour):\(minute):\(second).\(nanosecond)")
            }
            return TimeOfDay(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
        }
        let offset = try input.optional { (input) throws(ScanSpoolDecodingError) in try input.int() }
        if let offset {
            guard time != nil, abs(offset) <= DateTimeValue.maximumOffsetSeconds, offset % 60 == 0 else {
                throw ScanSpoolDecodingError(reason: "UTC offset \(offset) s refused")
            }
        }
        let value = DateTimeValue(year: year, month: month, day: day, time: time, utcOffsetSeconds: offset)
        guard let name = try input.optional({ (input) throws(ScanSpoolDecodingError) in try input.string() }) else { return value }
        guard let zone = ZoneIdentifier(name) else { throw ScanSpoolDecodingError(reason: "no such zone name \(name)") }
        let zoned = value.inZone(zone)
        guard zoned.zone == zone else { throw ScanSpoolDecodingError(reason: "a zone on a value that takes none") }
        return zoned
    }

    private static func write(_ out: inout ScanSpoolWriter, _ match: ZoneMatch) {
        out.string(match.zone.name)
        write(&out, match.evidence)
    }

    private static func write(_ out: inout ScanSpoolWriter, _ evidence: ZoneEvidence) {
        switch evidence {
        case .offset: out.int(0)
        case .airport(let code):
            out.int(1)
            out.string(code)
        case .coordinates(let latitude, let longitude, let kilometres):
            out.int(2)
            out.double(latitude)
            out.double(longitude)
            out.int(kilometres)
        case .country(let country):
            out.int(3)
            out.string(country)
        case .region(let country, let region):
            out.int(4)
            out.string(country)
            out.string(region)
        case .locality(let country, let locality):
            out.int(5)
            out.string(country)
            out.string(locality)
        case .otherEnd(let evidence):
            out.int(6)
            write(&out, evidence)
        }
    }

    private static func readZoneMatch(_ input: inout ScanSpoolReader) throws(ScanSpoolDecodingError) -> ZoneMatch {
        let name = try input.string()
        guard let zone = ZoneIdentifier(name) else { throw ScanSpoolDecodingError(reason: "no such zone name \(name)") }
        return ZoneMatch(zone: zone, evidence: try readEvidence(&input, depth: 0))
    }

    private static func readEvidence(_ input: inout ScanSpoolReader, depth: Int) throws(ScanSpoolDecodingError) -> ZoneEvidence {
        switch try input.int() {
        case 0: return .offset
        case 1: return .airport(code: try input.string())
        case 2: return .coordinates(latitude: try input.double(), longitude: try input.double(), kilometres: try input.int())
        case 3: return .country(try input.string())
        case 4: return .region(country: try input.string(), region: try input.string())
        case 5: return .locality(country: try input.string(), locality: try input.string())
        case 6:
            // A trip has two ends: evidence from the other end is never nested deeper than that.
            guard depth < 4 else { throw ScanSpoolDecodingError(reason: "zone evidence nested too deep") }
            return .otherEnd(try readEvidence(&input, depth: depth + 1))
        case let kind: throw ScanSpoolDecodingError(reason: "unknown zone evidence \(kind)")
        }
    }
}
