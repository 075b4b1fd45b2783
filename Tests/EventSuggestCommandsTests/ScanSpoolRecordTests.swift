import CivilTime
import DKIM
import EventSuggest
import Findings
import Foundation
import Mailbox
import MailMessage
import PlaceZones
import SchemaMarkup
import SenderPolicy
import Testing
@testable import EventSuggestCommands

/// A waiting message set aside by `scan` comes back as it was (issue 21): what the
/// date-ordered writes, the report, the log and the summary read is exact, and bytes that
/// are not what the writer wrote are refused with an error, never a trap.
@Suite("scan spool records: exact round trip of real and hostile reports; corrupt bytes refused")
struct ScanSpoolRecordTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Maildir-samples")

    /// Every stored property, deeply (dump names each one): equal dumps, equal values.
    static func dumped(_ report: MessageReport, _ location: MessageLocation) -> String {
        var report = report
        // Not kept by the spool, by design (nothing after the analysis reads it).
        report.decision.headerView = nil
        var text = ""
        dump(report, to: &text)
        dump(location, to: &text)
        return text
    }

    static func expectRoundTrip(_ report: MessageReport, at location: MessageLocation,
                                sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let bytes = try #require(ScanSpoolRecord.encode(report, at: location), sourceLocation: sourceLocation)
        let back = try ScanSpoolRecord.decode(bytes)
        #expect(dumped(back.report, back.location) == dumped(report, location), sourceLocation: sourceLocation)
        // What the user sees of it: the same report line and the same date key.
        #expect(ReportJSON.object(back.report, at: back.location).serialized == ReportJSON.object(report, at: location).serialized,
                sourceLocation: sourceLocation)
        #expect(FindingLog.lines(back.report, at: back.location) == FindingLog.lines(report, at: location), sourceLocation: sourceLocation)
        #expect(back.report.orderKey == report.orderKey, sourceLocation: sourceLocation)
    }

    /// The samples' scan command (keys, registered domains, clock), optionally with a calendar.
    static func command(calendar: String? = nil) throws -> ScanCommand {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        return try fixture.parse(ScanCommand.self, [
            samples.path, "--keys", samples.appendingPathComponent("keys").path,
            "--registered", samples.appendingPathComponent("registered-domains").path, "--now", "2027-01-15T00:00:00Z",
        ] + (calendar.map { ["--calendar", $0] } ?? []))
    }

    /// The samples' messages (mbox and Maildir), analysed as scan analyses them.
    static func sampleReports(_ command: ScanCommand) throws -> [(MessageReport, MessageLocation)] {
        let pipeline = try command.setup.pipeline()
        let limits = command.setup.limits.limits
        var reports: [(MessageReport, MessageLocation)] = []
        for path in [samples.appendingPathComponent("samples.mbox").path, samples.path] {
            try MessageSource.open(path).forEachReference(format: command.reading.mboxFormat, limits: limits.mailbox) { reference in
                let message = reference.load(limits: limits.mailbox)
                var report = pipeline.analyze(MailMessage(bytes: message.bytes, limits: limits.message))
                report.findings = message.findings + report.findings
                reports.append((report, message.location))
            }
        }
        return reports
    }

    @Test("every report the samples give (mbox and Maildir) comes back exactly")
    func samplesRoundTrip() throws {
        let reports = try Self.sampleReports(try Self.command())
        #expect(reports.count == 40)
        // Worth checking: trusted reservations with zones and dates, DKIM results, findings.
        #expect(reports.contains { !$0.0.reservations.isEmpty && $0.0.decision.trusted })
        #expect(reports.contains { $0.0.reservations.contains { $0.start?.hasOffset == true && $0.modifiedTime != nil } })
        #expect(reports.contains { !$0.0.findings.isEmpty })
        for (report, location) in reports { try Self.expectRoundTrip(report, at: location) }
    }

    @Test("a recorded report (it has outcomes) is not set aside: the scan holds it whole")
    func recordedReportIsNotRepresentable() throws {
        let calendar = FileManager.default.temporaryDirectory.appendingPathComponent("es-spool-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: calendar) }
        let command = try Self.command(calendar: calendar.path)
        let pipeline = try command.setup.pipeline()
        var (report, location) = try #require(try Self.sampleReports(command).first { pipeline.writesEvents(for: $0.0) })
        #expect(ScanSpoolRecord.encode(report, at: location) != nil)
        pipeline.record(&report)
        #expect(!report.outcomes.isEmpty)
        #expect(ScanSpoolRecord.encode(report, at: location) == nil)
    }

    static func dateTimes() -> [DateTimeValue] {
        let time = TimeOfDay(hour: 23, minute: 59, second: 59, nanosecond: 999_999_999)
        let zone = ZoneIdentifier("America/Argentina/Buenos_Aires")!
        return [
            DateTimeValue(year: 2024, month: 2, day: 29, time: nil, utcOffsetSeconds: nil),
            DateTimeValue(year: 1, month: 1, day: 1, time: TimeOfDay(hour: 0, minute: 0), utcOffsetSeconds: -18 * 3600),
            DateTimeValue(year: 9999, month: 12, day: 31, time: time, utcOffsetSeconds: 18 * 3600),
            DateTimeValue(year: 2026, month: 7, day: 1, time: time, utcOffsetSeconds: nil),
            DateTimeValue(year: 2026, month: 7, day: 1, time: time, utcOffsetSeconds: nil).inZone(zone),
        ]
    }

    /// A reservation of `kind` with every field set, texts of `text`.
    static func fullReservation(_ kind: ReservationKind, text: String, dates: [DateTimeValue]) -> Reservation {
        var reservation = Reservation(kind: kind, itemReference: text + "-item")
        reservation.reservationID = text
        reservation.status = .cancelled
        reservation.name = text
        reservation.start = dates[0]
        reservation.end = dates[1 % dates.count]
        reservation.modifiedTime = dates[2 % dates.count]
        let address = PostalAddress(street: text, locality: "Zürich", region: "ZH", postalCode: "8001", country: "CH", text: nil)
        reservation.place = Place(name: text, code: "ZRH", address: address, telephone: "+41 44", geo: GeoCoordinates(latitude: -90, longitude: 180))
        reservation.destination = Place(address: PostalAddress(text: "\u{0}\"\\\n\u{10FFFF}"), geo: GeoCoordinates(latitude: 0.1, longitude: -0.0))
        reservation.tripNumber = "UA 123"
        reservation.provider = text
        reservation.underName = text
        reservation.broker = text
        reservation.partySize = Int.min
        reservation.url = "https://x.example/\(text)"
        reservation.seat = "12A"
        reservation.ticketNumber = "0"
        let zone = ZoneIdentifier("Europe/Zurich")!
        reservation.startZone = ZoneMatch(zone: zone, evidence: .otherEnd(.coordinates(latitude: 47.3, longitude: 8.5, kilometres: Int.max)))
        reservation.endZone = ZoneMatch(zone: zone, evidence: .locality(country: "CH", locality: text))
        reservation.location = SourceLocation.inMarkup(line: 3, column: 7, part: "1.2")
        return reservation
    }

    static func hostileReport(text: String) -> MessageReport {
        let dates = dateTimes()
        var dkim = DKIMResult(outcome: .permerror, reason: text, domain: text, selector: text, algorithm: "rsa-sha256", line: Int.max)
        dkim.identity = "@" + text
        dkim.signaturePrefix = text
        dkim.unsignedBodyBytes = -1
        dkim.signedBodyLength = 0
        dkim.signedFieldIndices = [0, Int.max, Int.min]
        dkim.keyIsTesting = true
        dkim.keyBits = 1024
        dkim.limitCode = FindingCatalogue.all.last
        let locations: [Findings.SourceLocation?] = [
            nil, SourceLocation(line: 1), SourceLocation(line: 9, column: 2, part: "2"), SourceLocation.inMarkup(line: 1, part: nil),
            SourceLocation(.message, line: 4, column: nil, partStartLine: 3), SourceLocation.inMarkup(line: 5, column: 1, part: "1.1.1"),
        ]
        // Every finding code in the catalogue, at every kind of location.
        let findings = FindingCatalogue.all.enumerated().map { index, code in
            Finding(code: code, severity: index % 4 == 0 ? .error : nil, message: text + code.id, location: locations[index % locations.count])
        }
        let evidence: [ZoneEvidence] = [.offset, .airport(code: "ZRH"), .country("CH"), .region(country: "US", region: "CA"),
                                        .otherEnd(.otherEnd(.airport(code: text)))]
        var reservations = ReservationKind.allCases.map { fullReservation($0, text: text, dates: dates) }
        for (index, item) in evidence.enumerated() {
            var reservation = Reservation(kind: .flight, itemReference: "leg \(index)")
            reservation.startZone = ZoneMatch(zone: ZoneIdentifier("UTC")!, evidence: item)
            reservation.start = dates[index % dates.count]
            reservations.append(reservation)
        }
        let decision = PolicyDecision(trusted: true, domain: text, signature: dkim, notes: [text, ""], code: "aligned", reason: text,
                                      findings: Array(findings.prefix(3)))
        return MessageReport.restored(
            messageID: text, from: EmailAddress(displayName: text, localPart: "a\"b", domain: text), date: Int64.min,
            dkim: [dkim, DKIMResult(outcome: .pass, line: 1)], decision: decision, reservations: reservations, outcomes: [],
            findings: findings, calendarError: text)
    }

    @Test("hostile reports come back exactly: every reservation kind and field, every finding code, huge and odd texts")
    func hostileRoundTrip() throws {
        for text in ["", "x", "\u{0}\u{7F}\"\\\r\n\u{FEFF}é🇨🇭", String(repeating: "λ", count: 5_000)] {
            try Self.expectRoundTrip(Self.hostileReport(text: text), at: MessageLocation(path: text.isEmpty ? "/m" : text, line: 7))
        }
        // One huge text (512 KB): a length of three bytes, past 16 bits.
        var huge = Self.hostileReport(text: "x")
        huge.messageID = String(repeating: "λ", count: 1 << 18)
        try Self.expectRoundTrip(huge, at: MessageLocation(path: "/m"))
        // A message file (no line), an empty report.
        let empty = MessageReport.restored(
            messageID: nil, from: nil, date: nil, dkim: [], decision: PolicyDecision(trusted: false, domain: nil, signature: nil, notes: [],
                                                                                  code: "", reason: ""),
            reservations: [], outcomes: [], findings: [], calendarError: nil)
        try Self.expectRoundTrip(empty, at: MessageLocation(path: "cur/1"))
    }

    @Test("the encoding writes every stored property the types have today (a field added to one must be added to it)")
    func everyFieldIsEncoded() throws {
        let report = Self.hostileReport(text: "x")
        let reservation = report.reservations[0]
        let values: [String: Any] = [
            "Reservation": reservation, "DKIMResult": report.dkim[0], "PolicyDecision": report.decision, "Finding": report.findings[0],
            "SourceLocation": reservation.location!, "Place": reservation.place!, "PostalAddress": reservation.place!.address!,
            "DateTimeValue": reservation.start!, "TimeOfDay": TimeOfDay(hour: 1, minute: 2), "EmailAddress": report.from!,
            "MessageReport": report, "ZoneMatch": reservation.startZone!,
        ]
        #expect(Set(values.keys) == Set(ScanSpoolRecord.encodedFields.keys))
        for (name, value) in values {
            #expect(Mirror(reflecting: value).children.count == ScanSpoolRecord.encodedFields[name], "\(name)")
        }
    }

    @Test("bytes cut short anywhere, or any single byte changed, are refused with an error or decode: never a trap")
    func corruptBytesAreRefused() throws {
        let bytes = try #require(ScanSpoolRecord.encode(Self.hostileReport(text: "ab"), at: MessageLocation(path: "/m", line: 1)))
        for count in 0..<bytes.count {
            #expect(throws: ScanSpoolDecodingError.self) { try ScanSpoolRecord.decode(Array(bytes.prefix(count))) }
        }
        #expect(throws: ScanSpoolDecodingError.self) { try ScanSpoolRecord.decode(bytes + [0]) }
        var refused = 0
        for index in stride(from: 0, to: bytes.count, by: 3) {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF] where bytes[index] != value {
                var changed = bytes
                changed[index] = value
                do { _ = try ScanSpoolRecord.decode(changed) } catch { refused += 1 }
            }
        }
        // Most changes are caught (lengths, flags, kinds, dates); the rest decode to some other report.
        #expect(refused > 0)
    }

    @Test("a date, time, offset or zone the types' checks refuse is refused by the decoder (the attack on the checked decode)")
    func invalidDatesAreRefused() throws {
        func encoded(_ year: Int, _ month: Int, _ day: Int, time: [Int]?, offset: Int?, zone: String?) -> [UInt8] {
            var reservation = Reservation(kind: .event, itemReference: "i")
            reservation.start = DateTimeValue(year: 2026, month: 1, day: 1, time: TimeOfDay(hour: 1, minute: 1), utcOffsetSeconds: 0)
            var report = Self.hostileReport(text: "")
            report.reservations = [reservation]
            report.findings = []
            report.decision.findings = []
            var bytes = ScanSpoolRecord.encode(report, at: MessageLocation(path: "p"))!
            // Replace the start's bytes: find them by encoding the honest value alone.
            var honest = ScanSpoolWriter()
            honest.int(2026); honest.int(1); honest.int(1)
            honest.bool(true); honest.int(1); honest.int(1); honest.int(0); honest.int(0)
            honest.bool(true); honest.int(0)
            honest.bool(false)
            var hostile = ScanSpoolWriter()
            hostile.int(year); hostile.int(month); hostile.int(day)
            hostile.optional(time) { out, parts in for part in parts { out.int(part) } }
            hostile.optional(offset) { $0.int($1) }
            hostile.optional(zone) { $0.string($1) }
            let range = try! #require(bytes.firstRange(of: honest.bytes))
            bytes.replaceSubrange(range, with: hostile.bytes)
            return bytes
        }
        // The honest case goes through.
        #expect((try? ScanSpoolRecord.decode(encoded(2026, 1, 1, time: [1, 1, 0, 0], offset: 0, zone: nil))) != nil)
        #expect((try? ScanSpoolRecord.decode(encoded(2024, 2, 29, time: [23, 59, 59, 999_999_999], offset: nil, zone: "Europe/Zurich"))) != nil)
        for attack in [
            encoded(2025, 2, 29, time: nil, offset: nil, zone: nil), encoded(2026, 13, 1, time: nil, offset: nil, zone: nil),
            encoded(2026, 1, 0, time: nil, offset: nil, zone: nil), encoded(2026, 1, 1, time: [24, 0, 0, 0], offset: nil, zone: nil),
            encoded(2026, 1, 1, time: [0, 60, 0, 0], offset: nil, zone: nil), encoded(2026, 1, 1, time: [0, 0, 0, 1_000_000_000], offset: nil, zone: nil),
            encoded(2026, 1, 1, time: [0, 0, 0, 0], offset: 18 * 3600 + 60, zone: nil), encoded(2026, 1, 1, time: [0, 0, 0, 0], offset: 30, zone: nil),
            encoded(2026, 1, 1, time: nil, offset: 0, zone: nil), encoded(2026, 1, 1, time: [0, 0, 0, 0], offset: nil, zone: "../etc/passwd"),
            encoded(2026, 1, 1, time: [0, 0, 0, 0], offset: 0, zone: "UTC"), encoded(2026, 1, 1, time: nil, offset: nil, zone: "UTC"),
        ] {
            #expect(throws: ScanSpoolDecodingError.self) { try ScanSpoolRecord.decode(attack) }
        }
    }
}
