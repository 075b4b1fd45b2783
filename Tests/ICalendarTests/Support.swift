import Foundation
import Testing
@testable import ICalendar
import SchemaMarkup

/// A fresh directory under the system temp folder, removed when the value goes away.
final class TemporaryDirectory: @unchecked Sendable {
    let path: String

    init(_ label: String = "ics") throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("es-\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let full = path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }

    /// Every entry of the folder (hidden ones too), sorted.
    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// The visible .ics files, sorted.
    func icsFiles() throws -> [String] {
        try entries().filter { $0.hasSuffix(".ics") && !$0.hasPrefix(".") }
    }

    func read(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path + "/" + name)), as: UTF8.self)
    }
}

/// An ISO 8601 literal the test knows to be valid.
func time(_ text: String) -> DateTimeValue {
    guard let value = DateTimeValue(parsing: text) else { fatalError("test literal \(text) does not parse") }
    return value
}

/// Seconds since 1970 of an instant literal ("2027-03-01T12:00:00Z").
func seconds(_ text: String) -> Int64 {
    guard let instant = time(text).instant else { fatalError("test literal \(text) is not an instant") }
    return Int64(instant)
}

/// The clock of the golden files: DTSTAMP, CREATED and LAST-MODIFIED say 20270301T120000Z.
let goldenNow = seconds("2027-03-01T12:00:00Z")

// MARK: - Reading .ics text without our own reader

/// Logical lines of iCalendar text, unfolded by hand (CRLF followed by one space or tab):
/// the tests do not trust `ICSReader` to check the writer.
func unfoldedLines(_ text: String) -> [String] {
    let bytes = Array(text.utf8)
    var lines: [[UInt8]] = []
    var current: [UInt8] = []
    var index = 0
    while index < bytes.count {
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
            index += 2
            if index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 {
                index += 1
                continue
            }
            lines.append(current)
            current = []
            continue
        }
        current.append(bytes[index])
        index += 1
    }
    if !current.isEmpty { lines.append(current) }
    return lines.map { String(decoding: $0, as: UTF8.self) }
}

/// The values (after the first unquoted colon) of every logical line named `name`.
func values(_ name: String, in text: String) -> [String] {
    unfoldedLines(text).compactMap { line -> String? in
        let head = line.prefix { $0 != ":" && $0 != ";" }
        guard head == name, let colon = colonIndex(line) else { return nil }
        return String(line[line.index(after: colon)...])
    }
}

func value(_ name: String, in text: String) -> String? {
    let all = values(name, in: text)
    return all.count == 1 ? all[0] : nil
}

/// The first colon outside DQUOTEs: where the value starts.
func colonIndex(_ line: String) -> String.Index? {
    var quoted = false
    var index = line.unicodeScalars.startIndex
    while index < line.unicodeScalars.endIndex {
        let scalar = line.unicodeScalars[index]
        if scalar == "\"" { quoted.toggle() } else if scalar == ":" && !quoted { return index }
        index = line.unicodeScalars.index(after: index)
    }
    return nil
}

/// The RFC 5545 §3.1 shape of a whole file: CRLF only, every physical line at most 75
/// octets and valid UTF-8 on its own, no control characters but HTAB. Returns the problems.
func contentLineProblems(_ text: String) -> [String] {
    var problems: [String] = []
    let bytes = Array(text.utf8)
    if !text.hasSuffix("\r\n") { problems.append("the file does not end with CRLF") }
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == 0x0A {
        if index == 0 || bytes[index - 1] != 0x0D { problems.append("a bare LF at octet \(index)") }
        lines.append(bytes[start..<max(start, index - 1)])
        start = index + 1
    }
    for (number, line) in lines.enumerated() {
        if line.count > 75 { problems.append("line \(number + 1) has \(line.count) octets") }
        if String(validating: line, as: UTF8.self) == nil {
            problems.append("line \(number + 1) is not valid UTF-8 on its own (a sequence split by folding)")
        }
        if line.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
            problems.append("line \(number + 1) holds a control character")
        }
    }
    return problems
}

// MARK: - Golden files

enum Golden {
    /// The source folder (for re-recording) and the bundle copy (for reading).
    static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var recording: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" }

    static func url(_ name: String) -> URL? {
        Bundle.module.resourceURL?.appendingPathComponent("Golden").appendingPathComponent(name)
    }

    /// Compares `actual` byte for byte with Golden/`name`; with UPDATE_GOLDEN=1 rewrites the
    /// source file instead (review the diff).
    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if recording {
            try Data(actual.utf8).write(to: sourceFolder.appendingPathComponent(name))
            return
        }
        // The bundle copy is what the build saw; the source file may be newer when re-recorded.
        let candidates = [url(name), sourceFolder.appendingPathComponent(name)].compactMap { $0 }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            Issue.record("no golden file \(name); run with UPDATE_GOLDEN=1 and review it", sourceLocation: sourceLocation)
            return
        }
        let expected = try Data(contentsOf: found)
        guard expected != Data(actual.utf8) else { return }
        let expectedLines = String(decoding: expected, as: UTF8.self).components(separatedBy: "\r\n")
        let actualLines = actual.components(separatedBy: "\r\n")
        let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLines.count, actualLines.count)
        let want = first < expectedLines.count ? expectedLines[first].debugDescription : "(end)"
        let got = first < actualLines.count ? actualLines[first].debugDescription : "(end)"
        Issue.record("\(name) differs from the golden file at line \(first + 1):\n  golden: \(want)\n  actual: \(got)",
                     sourceLocation: sourceLocation)
    }
}

// MARK: - External programs

enum External {
    static let python = "/usr/bin/python3"
    static let khal = "/usr/bin/khal"
    static let readerScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Readers/read_ics.py").path

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// What one independent reader made of one file (Readers/read_ics.py prints these).
struct ReaderView: Decodable, Equatable {
    var error: String?
    var vevents: Int?
    var errors: [String]?
    var uid: String?
    var summary: String?
    var dtstart: String?
    var dtend: String?
    var status: String?
    var sequence: Int?
    var location: String?
    var description: String?
    var url: String?
}

struct ReaderReport: Decodable {
    var path: String
    var icalendar: ReaderView
    var libical: ReaderView
}

/// Runs Python icalendar and libical over `paths`; one report per path, in order.
func readWithIndependentReaders(_ paths: [String]) throws -> [ReaderReport] {
    let output = try External.run(External.python, [External.readerScript] + paths)
    guard output.status == 0 else {
        throw ReaderFailure(message: "read_ics.py exited \(output.status): \(output.stderr)")
    }
    return try output.stdout.split(separator: "\n").map {
        try JSONDecoder().decode(ReaderReport.self, from: Data($0.utf8))
    }
}

struct ReaderFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

// MARK: - Building reservations

extension Reservation {
    static func make(_ kind: ReservationKind, id: String?, status: ReservationStatus? = .confirmed,
                     item: String? = nil, _ fill: (inout Reservation) -> Void = { _ in }) -> Reservation {
        var reservation = Reservation(kind: kind, itemReference: item ?? kind.rawValue)
        reservation.reservationID = id
        reservation.status = status
        fill(&reservation)
        return reservation
    }
}

extension ReservationSource {
    static func mail(_ domain: String = "example.com", organization: String? = nil, id: String = "<m1@example.com>",
                     date: String? = "2027-02-20T09:00:00Z") -> ReservationSource {
        ReservationSource(domain: domain, organizationalDomain: organization, messageID: id, messageDate: date.map(seconds))
    }
}

/// Applies one reservation to a fresh store and returns the outcome and the file text.
func writeOne(_ reservation: Reservation, in directory: TemporaryDirectory, now: Int64 = goldenNow,
              alarms: Bool = false, source: ReservationSource = .mail()) throws -> (StoreOutcome, String?) {
    let store = CalendarStore(directory: directory.path, now: now, mapping: EventMappingOptions(alarms: alarms))
    let outcomes = try store.apply([reservation], from: source)
    guard outcomes.count == 1 else { throw ReaderFailure(message: "\(outcomes.count) outcomes for one part") }
    let outcome = outcomes[0]
    return (outcome, try outcome.fileName.map { try directory.read($0) })
}
