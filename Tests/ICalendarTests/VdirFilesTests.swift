import Foundation
import Testing
@testable import ICalendar
import SchemaMarkup
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The store's calls as a result, for running them on a watched thread.
private func attempt(_ body: () throws(CalendarStoreError) -> [StoreOutcome]) -> Result<[StoreOutcome], CalendarStoreError> {
    do throws(CalendarStoreError) { return .success(try body()) } catch { return .failure(error) }
}

@Suite("the vdir's files: odd entries in the calendar folder, temp files never written through (issue 14)")
struct VdirFilesTests {
    static let now = seconds("2027-03-01T10:00:00Z")
    static let cancelEveryLeg = [Reservation.make(.flight, id: "RXJ34P", status: .cancelled, item: "")]

    /// A folder with both legs of the flight written, and `odd` made at `x.ics` in it.
    static func folderWithLegs(_ odd: (String) throws -> Void) throws -> (TemporaryDirectory, [String]) {
        let directory = try TemporaryDirectory("vdir-odd")
        let store = CalendarStore(directory: directory.path, now: now)
        let created = try store.apply(twoLegs(), from: .mail("united.com", date: "2027-02-20T09:00:00Z"))
        try odd(directory.path + "/x.ics")
        return (directory, created.compactMap(\.fileName))
    }

    @Test("a FIFO or a folder named x.ics: an id-only cancellation fails at once naming it, holds no lock, loses nothing",
          arguments: ["fifo", "directory"])
    func oddEntryStopsIdOnlyCancellation(kind: String) throws {
        let (directory, legs) = try Self.folderWithLegs { path in
            if kind == "fifo" { #expect(mkfifo(path, 0o644) == 0) } else { #expect(mkdir(path, 0o755) == 0) }
        }
        let path = directory.path
        let result = withinSeconds(10, "the store") {
            attempt { () throws(CalendarStoreError) in
                try CalendarStore(directory: path, now: Self.now + 3600)
                    .apply(Self.cancelEveryLeg, from: .mail("united.com", date: "2027-02-21T09:00:00Z"))
            }
        }
        let reason = kind == "fifo" ? "a FIFO (named pipe), not a regular file" : "a directory, not a regular file"
        // The store lists a reservation it cannot write as `failed` with the error (a part
        // that cannot be written must not stop the others, issue 14); the folder is usable.
        guard case .success(let outcomes)? = result else {
            Issue.record("expected a failed outcome naming x.ics, got \(String(describing: result))")
            return
        }
        #expect(outcomes.map(\.action) == [.failed])
        #expect(outcomes.first?.reason == CalendarStoreError.cannotRead(path: path + "/x.ics", reason: reason).description)
        #expect(outcomes.first?.reason == "\(path)/x.ics: cannot read the calendar folder: \(reason)")
        // Nothing else lost: both legs are still there, confirmed, whole.
        for leg in legs { #expect(values("STATUS", in: try directory.read(leg)) == ["CONFIRMED"]) }
        // The lock was let go: another writer gets it at once and writes.
        let next = withinSeconds(10, "the store") {
            attempt { () throws(CalendarStoreError) in
                try CalendarStore(directory: path, now: Self.now).apply([table("2027-03-10T19:00:00+01:00")], from: .mail())
            }
        }
        #expect(next.flatMap { try? $0.get().map(\.action) } == [.created])
        #expect(try directory.entries().filter { $0.hasSuffix(VdirFiles.temporarySuffix) } == [])
    }

    @Test("the honest case beside it: with x.ics gone, the same cancellation cancels both legs (a retry completes it)")
    func cancellationAfterTheOddEntryIsRemoved() throws {
        let (directory, legs) = try Self.folderWithLegs { path in #expect(mkfifo(path, 0o644) == 0) }
        #expect(unlink(directory.path + "/x.ics") == 0)
        let cancel = try CalendarStore(directory: directory.path, now: Self.now + 3600)
            .apply(Self.cancelEveryLeg, from: .mail("united.com", date: "2027-02-21T09:00:00Z"))
        #expect(cancel.map(\.action) == [.cancelled, .cancelled])
        for leg in legs { #expect(values("STATUS", in: try directory.read(leg)) == ["CANCELLED"]) }
    }

    @Test("a FIFO under the very name of an event's file: the write fails naming it, never blocks")
    func fifoAtTheEventsName() throws {
        let directory = try TemporaryDirectory("vdir-fifo-name")
        let name = PartIdentity(organization: "example.com", reservationID: "ZP-4711",
                                part: PartIdentity.part(of: table("2027-03-10T19:00:00+01:00"), position: 1)).uid.fileName
        #expect(mkfifo(directory.path + "/" + name, 0o644) == 0)
        let path = directory.path
        let result = withinSeconds(10, "the store") {
            attempt { () throws(CalendarStoreError) in
                try CalendarStore(directory: path, now: Self.now).apply([table("2027-03-10T19:00:00+01:00")], from: .mail())
            }
        }
        guard case .success(let outcomes)? = result else {
            Issue.record("expected a failed outcome naming \(name), got \(String(describing: result))")
            return
        }
        #expect(outcomes.map(\.action) == [.failed])
        #expect(outcomes.first?.reason
            == CalendarStoreError.cannotRead(path: path + "/" + name, reason: "a FIFO (named pipe), not a regular file").description)
    }

    @Test("a symbolic link planted at the temp file's name is not written through; the event is written all the same")
    func plantedTemporaryLink() throws {
        let directory = try TemporaryDirectory("vdir-planted")
        let victim = try directory.write("not yours", to: "victim")
        let files = VdirFiles(directory: directory.path)
        let temporary = files.path(".a.ics.\(getpid())\(VdirFiles.temporarySuffix)")
        try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: victim)
        try files.writeAtomically("a.ics", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
        #expect(try directory.read("victim") == "not yours")
        #expect(try directory.read("a.ics") == "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
        #expect(try directory.entries() == ["a.ics", "victim"])
    }

    @Test("a write that fails leaves no temp file and names the event's path")
    func failedWriteLeavesNoTemporaryFile() throws {
        let directory = try TemporaryDirectory("vdir-fail")
        let files = VdirFiles(directory: directory.path)
        // The target is a non-empty folder: the rename fails after the temp file was written.
        try FileManager.default.createDirectory(atPath: directory.path + "/a.ics", withIntermediateDirectories: false)
        try directory.write("x", to: "a.ics/inside")
        #expect {
            try files.writeAtomically("a.ics", "text")
        } throws: { error in
            guard case .cannotWrite(let path, _)? = error as? CalendarStoreError else { return false }
            return path == directory.path + "/a.ics"
        }
        #expect(try directory.entries() == ["a.ics"])
    }
}
