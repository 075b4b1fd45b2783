import TestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `eventsuggest filter` as procmail runs it, many at once and killed at random points:
/// the calendar folder must always hold whole events, one file per UID, the newest version.
///
/// Contract: `eventsuggest filter --calendar DIR --allow-unverified --allow-any-domain --now ISO8601
/// < message.eml > out.eml` exits 0, prints the message with our header fields prepended and
/// writes the event into DIR.
@Suite("filter and the calendar folder, as processes", .serialized)
struct CalendarProcessTests {
    static let now = "2027-03-01T10:00:00Z"

    // MARK: Messages

    /// One version of a table reservation mail: `version` moves the table and the Date header on.
    static func tableMessage(id: String, version: Int, status: String = "ReservationConfirmed",
                             restaurant: String = "Zur Post") -> Data {
        let date = Self.dateHeader(version)
        let start = String(format: "2027-03-10T%02d:%02d:00+01:00", 12 + version / 4, (version % 4) * 15)
        let jsonLD = """
            {"@context": "http://schema.org", "@type": "FoodEstablishmentReservation",
             "reservationNumber": "\(id)", "reservationStatus": "http://schema.org/\(status)",
             "underName": {"@type": "Person", "name": "Max Mustermann"},
             "reservationFor": {"@type": "FoodEstablishment", "name": "\(restaurant)",
               "address": {"@type": "PostalAddress", "streetAddress": "Hauptstraße 1",
                           "addressLocality": "Berlin", "postalCode": "10115", "addressCountry": "DE"}},
             "startTime": "\(start)", "partySize": "2"}
            """
        return message(subject: "Your table at \(restaurant) (\(id), version \(version))", date: date,
                       messageID: "<\(id).v\(version)@zurpost.example>", jsonLD: jsonLD)
    }

    /// A mail with several reservations (a JSON-LD array), so one run writes many files.
    static func manyTablesMessage(ids: [String], version: Int) -> Data {
        let start = String(format: "2027-03-10T%02d:%02d:00+01:00", 12 + version % 8, (version % 4) * 15)
        let items = ids.map { id in
            """
            {"@context": "http://schema.org", "@type": "FoodEstablishmentReservation",
             "reservationNumber": "\(id)", "reservationStatus": "http://schema.org/ReservationConfirmed",
             "reservationFor": {"@type": "FoodEstablishment", "name": "Tisch \(id) 🍽️ — 東京 \(String(repeating: "é", count: 40))"},
             "startTime": "\(start)", "partySize": "\(version % 9 + 1)"}
            """
        }
        return message(subject: "Tables, version \(version)", date: dateHeader(version),
                       messageID: "<tables.v\(version)@zurpost.example>", jsonLD: "[" + items.joined(separator: ",\n") + "]")
    }

    /// "Sun, 07 Feb 2027 09:00:00 +0000" plus `version` hours.
    static func dateHeader(_ version: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: Date(timeIntervalSince1970: 1_801_990_800 + Double(version) * 3600))
    }

    static func message(subject: String, date: String, messageID: String, jsonLD: String) -> Data {
        let html = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8">
            <script type="application/ld+json">
            \(jsonLD)
            </script>
            </head><body><p>Thank you for your reservation.</p></body></html>
            """
        let text = """
            From: "Zur Post" <reservations@zurpost.example>
            To: Max Mustermann <max@example.org>
            Subject: \(subject)
            Date: \(date)
            Message-ID: \(messageID)
            MIME-Version: 1.0
            Content-Type: multipart/alternative; boundary="b1"

            --b1
            Content-Type: text/plain; charset=utf-8

            Thank you for your reservation.
            --b1
            Content-Type: text/html; charset=utf-8
            Content-Transfer-Encoding: 8bit

            \(html)
            --b1--

            """
        return Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    }

    static func filterArguments(_ calendar: String) -> [String] {
        ["filter", "--calendar", calendar, "--allow-unverified", "--allow-any-domain", "--now", now]
    }

    // MARK: Folder checks

    static func makeFolder(_ label: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("es-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    struct FolderState {
        var events: [String: String] = [:] // file name → text
        var temporary: [String] = []
        /// Remembered cancellations (issue 15): hidden records beside the events, never an event.
        var tombstones: [String] = []
        var other: [String] = []
    }

    static func state(_ calendar: URL) throws -> FolderState {
        var state = FolderState()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: calendar.path)) ?? []
        for name in names.sorted() {
            if name == ".eventsuggest.lock" { continue }
            if name.hasPrefix(".") && name.hasSuffix(".eventsuggest-tmp") {
                state.temporary.append(name)
            } else if name.hasPrefix(".") && name.hasSuffix(".eventsuggest-cancelled") {
                state.tombstones.append(name)
            } else if !name.hasPrefix("."), name.hasSuffix(".ics") {
                let data = try Data(contentsOf: calendar.appendingPathComponent(name))
                state.events[name] = String(decoding: data, as: UTF8.self)
            } else {
                state.other.append(name)
            }
        }
        return state
    }

    /// A whole event file as the store writes it: CRLF lines, one VEVENT, one UID, properly ended.
    static func wholeFileProblems(_ text: String) -> [String] {
        var problems: [String] = []
        if !text.hasPrefix("BEGIN:VCALENDAR\r\n") { problems.append("does not start with BEGIN:VCALENDAR") }
        if !text.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n") { problems.append("does not end with END:VCALENDAR") }
        let lines = text.components(separatedBy: "\r\n")
        if lines.filter({ $0 == "BEGIN:VEVENT" }).count != 1 { problems.append("not exactly one VEVENT") }
        if lines.filter({ $0.hasPrefix("UID:") }).count != 1 { problems.append("not exactly one UID") }
        if lines.contains(where: { $0.utf8.count > 75 }) { problems.append("a line longer than 75 octets") }
        return problems
    }

    static func property(_ name: String, _ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
            .filter { $0.hasPrefix(name + ":") || $0.hasPrefix(name + ";") }
            .map { String($0[$0.index(after: $0.firstIndex(of: ":")!)...]) }
    }

    struct ReaderView: Decodable {
        var error: String?
        var errors: [String]?
        var vevents: Int?
        var uid: String?
        var summary: String?
        var dtstart: String?
        var status: String?
    }

    struct ReaderReport: Decodable {
        var path: String
        var icalendar: ReaderView
        var libical: ReaderView
    }

    /// Python icalendar and libical over every event file of the folder (Tests/ICalendarTests/Readers).
    static func independentlyRead(_ calendar: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> [ReaderReport] {
        let files = try FileManager.default.contentsOfDirectory(atPath: calendar.path)
            .filter { $0.hasSuffix(".ics") && !$0.hasPrefix(".") }.sorted()
            .map { calendar.appendingPathComponent($0).path }
        guard !files.isEmpty else { return [] }
        let script = TestBinary.repositoryRoot.appendingPathComponent("Tests/ICalendarTests/Readers/read_ics.py")
        let result = try TestBinary.runProcess(URL(fileURLWithPath: "/usr/bin/python3"), [script.path] + files)
        try #require(result.status == 0, "read_ics.py: \(result.stderrText)", sourceLocation: sourceLocation)
        let reports = try result.stdoutText.split(separator: "\n").map {
            try JSONDecoder().decode(ReaderReport.self, from: Data($0.utf8))
        }
        for report in reports {
            for (reader, view) in [("Python icalendar", report.icalendar), ("libical", report.libical)] {
                #expect(view.error == nil && view.errors == [] && view.vevents == 1,
                        "\(reader) on \(report.path): \(view.error ?? "") \(view.errors ?? [])", sourceLocation: sourceLocation)
            }
        }
        return reports
    }

    /// Starts `filter` with stdin from a file and stdout/stderr into files; does not wait.
    static func launch(calendar: URL, input: URL, output: URL) throws -> Process {
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: output.path + ".err", contents: nil)
        let process = Process()
        process.executableURL = TestBinary.eventsuggest
        process.arguments = filterArguments(calendar.path)
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: output.path + ".err"))
        try process.run()
        return process
    }

    // MARK: Tests

    @Test("filter: exit 0, the message with our fields prepended on stdout, the event in the folder")
    func contract() throws {
        let folder = try Self.makeFolder("filter")
        defer { try? FileManager.default.removeItem(at: folder) }
        let calendar = folder.appendingPathComponent("calendar")
        let input = Self.tableMessage(id: "ZP-4711", version: 1)
        let result = try TestBinary.run(Self.filterArguments(calendar.path), input: input)
        #expect(result.status == 0, "stderr: \(result.stderrText)")
        #expect(result.stdout.count > input.count)
        #expect(result.stdout.suffix(input.count) == input, "the original message follows our fields byte for byte")
        let added = String(decoding: result.stdout.prefix(result.stdout.count - input.count), as: UTF8.self)
        #expect(added.hasSuffix("\r\n"))
        let fieldNames = added.components(separatedBy: "\r\n").filter { !$0.isEmpty && $0.first != " " && $0.first != "\t" }
            .map { String($0.prefix { $0 != ":" }) }
        #expect(Set(fieldNames) == ["Authentication-Results", "X-Event-Suggestion"], "prepended: \(added)")

        let state = try Self.state(calendar)
        #expect(state.events.count == 1)
        #expect(state.temporary == [] && state.other == [])
        let text = try #require(state.events.values.first)
        #expect(Self.wholeFileProblems(text) == [])
        #expect(Self.property("DTSTART", text) == ["20270310T111500Z"])
        let reports = try Self.independentlyRead(calendar)
        #expect(reports.map(\.icalendar.summary) == ["Zur Post — table for 2"])
        #expect(reports.map(\.libical.summary) == ["Zur Post — table for 2"])
        #expect(reports.map(\.libical.dtstart) == ["20270310T111500Z"])

        // The same message again changes nothing in the folder.
        let again = try TestBinary.run(Self.filterArguments(calendar.path), input: input)
        #expect(again.status == 0)
        #expect(try Self.state(calendar).events == state.events)
    }

    @Test("24 filters at once, updating the same and different reservations: whole files, one per UID, the newest wins")
    func concurrentUpdates() throws {
        let folder = try Self.makeFolder("concurrent")
        defer { try? FileManager.default.removeItem(at: folder) }
        let calendar = folder.appendingPathComponent("calendar")
        let ids = ["ZP-1001", "ZP-1002", "ZP-1003"]
        let versions = 1...8
        // Every (reservation, version) as its own message, started in a shuffled order.
        var jobs: [(id: String, version: Int, input: URL, output: URL)] = []
        for id in ids {
            for version in versions {
                let input = folder.appendingPathComponent("\(id)-v\(version).eml")
                try Self.tableMessage(id: id, version: version).write(to: input)
                jobs.append((id, version, input, folder.appendingPathComponent("\(id)-v\(version).out")))
            }
        }
        var generator = SplitMix64(seed: 0x5EED_CA1E)
        jobs.shuffle(using: &generator)
        let processes = try jobs.map { try Self.launch(calendar: calendar, input: $0.input, output: $0.output) }
        for process in processes { process.waitUntilExit() }

        for (job, process) in zip(jobs, processes) {
            let stderr = (try? String(contentsOf: URL(fileURLWithPath: job.output.path + ".err"), encoding: .utf8)) ?? ""
            #expect(process.terminationStatus == 0, "\(job.id) v\(job.version): \(stderr)")
            let output = try Data(contentsOf: job.output)
            let input = try Data(contentsOf: job.input)
            #expect(output.suffix(input.count) == input, "\(job.id) v\(job.version): the whole message on stdout")
        }
        let state = try Self.state(calendar)
        #expect(state.temporary == [], "temporary files left: \(state.temporary)")
        #expect(state.other == [])
        #expect(state.events.count == ids.count, "one file per reservation: \(state.events.keys.sorted())")
        var uids: [String] = []
        for (name, text) in state.events {
            #expect(Self.wholeFileProblems(text) == [], "\(name)")
            uids += Self.property("UID", text)
            // Version 8 (the newest Date) is 14:00+01:00.
            #expect(Self.property("DTSTART", text) == ["20270310T130000Z"], "\(name): the newest version wins")
            #expect(Self.property("X-EVENTSUGGEST-MESSAGE-DATE", text) == ["20270207T170000Z"], "\(name)")
            #expect(Self.property("STATUS", text) == ["CONFIRMED"])
            let sequence = Int(Self.property("SEQUENCE", text).first ?? "") ?? -1
            #expect((0...7).contains(sequence), "\(name): SEQUENCE \(sequence)")
        }
        #expect(Set(uids).count == ids.count && uids.count == ids.count)
        let reports = try Self.independentlyRead(calendar)
        #expect(reports.count == ids.count)
        #expect(reports.allSatisfy { $0.icalendar.dtstart == "20270310T130000Z" && $0.libical.dtstart == "20270310T130000Z" })
        #expect(Set(reports.compactMap(\.libical.uid)) == Set(uids))
    }

    @Test("a filter killed with SIGKILL at 100 random points never leaves a partial .ics; strays are hidden temp files")
    func killedWriters() throws {
        let folder = try Self.makeFolder("crash")
        defer { try? FileManager.default.removeItem(at: folder) }
        let calendar = folder.appendingPathComponent("calendar")
        let ids = (1...12).map { "K-\($0)" }
        // Start from a folder that already holds every event (version 0), so kills hit updates.
        let first = folder.appendingPathComponent("v0.eml")
        try Self.manyTablesMessage(ids: ids, version: 0).write(to: first)
        let setup = try Self.launch(calendar: calendar, input: first, output: folder.appendingPathComponent("v0.out"))
        setup.waitUntilExit()
        try #require(setup.terminationStatus == 0)
        try #require(try Self.state(calendar).events.count == ids.count)

        // How long a run takes (the median of three, as the machine may be busy): kill points
        // are spread over 0 … 0.9 × that, so most land while the writer is at work.
        let timing = folder.appendingPathComponent("timing.eml")
        try Self.manyTablesMessage(ids: ids, version: 1).write(to: timing)
        var durations: [Double] = []
        for _ in 0..<3 {
            let started = Date()
            let timed = try Self.launch(calendar: calendar, input: timing, output: folder.appendingPathComponent("timing.out"))
            timed.waitUntilExit()
            durations.append(Date().timeIntervalSince(started))
        }
        let runSeconds = max(durations.sorted()[1], 0.005)

        var generator = SplitMix64(seed: 0xC0FF_EE00_DEAD_BEEF)
        var killedWhileRunning = 0
        var strays = Set<String>()
        for round in 2..<102 {
            let input = folder.appendingPathComponent("round.eml")
            try Self.manyTablesMessage(ids: ids, version: round).write(to: input)
            let process = try Self.launch(calendar: calendar, input: input, output: folder.appendingPathComponent("round.out"))
            let delay = Double(generator.next() % 10_000) / 10_000 * runSeconds * 0.9
            usleep(useconds_t(delay * 1_000_000))
            if process.isRunning {
                killedWhileRunning += 1
                kill(process.processIdentifier, SIGKILL)
            }
            process.waitUntilExit()

            let state = try Self.state(calendar)
            #expect(state.other == [], "round \(round): unexpected files \(state.other)")
            #expect(state.events.count == ids.count, "round \(round): \(state.events.count) event files")
            for (name, text) in state.events {
                let problems = Self.wholeFileProblems(text)
                #expect(problems == [], "round \(round): \(name) is partial: \(problems)")
            }
            strays.formUnion(state.temporary)
            if !problemsFree(state) { break }
        }
        #expect(killedWhileRunning >= 50, "only \(killedWhileRunning) of 100 runs were still running when killed")
        #expect(strays.allSatisfy { $0.hasPrefix(".") && $0.hasSuffix(".eventsuggest-tmp") })

        // Whatever the kills left, the lock is free and a last run brings every event up to date.
        let last = folder.appendingPathComponent("last.eml")
        try Self.manyTablesMessage(ids: ids, version: 200).write(to: last)
        let final = try Self.launch(calendar: calendar, input: last, output: folder.appendingPathComponent("last.out"))
        final.waitUntilExit()
        #expect(final.terminationStatus == 0)
        let state = try Self.state(calendar)
        #expect(state.events.count == ids.count)
        for (name, text) in state.events {
            #expect(Self.property("DTSTART", text) == ["20270310T110000Z"], "\(name): version 200 (12:00+01:00)")
        }
        let reports = try Self.independentlyRead(calendar)
        #expect(reports.count == ids.count)
    }

    private func problemsFree(_ state: FolderState) -> Bool {
        state.other.isEmpty && state.events.values.allSatisfy { Self.wholeFileProblems($0).isEmpty }
    }
}

