import Foundation
import Testing
@testable import ICalendar
import SchemaMarkup
#if canImport(Glibc)
import Glibc
#endif

/// The sweep for a killed writer's temp files, off the write path (issue 21): a write lists
/// the calendar folder only when the lock's marker says its last holder was killed holding it.
@Suite("a killed writer's temp files: swept when the lock says so, never listed at a clean write (issue 21)")
struct InterruptedWriterTests {
    static let now = seconds("2027-03-01T10:00:00Z")

    /// The lock file's first byte, as the next writer reads it.
    static func marker(in directory: TemporaryDirectory) throws -> String {
        String(try directory.read(VdirFiles.lockName).prefix(1))
    }

    /// What a writer killed between taking the lock and renaming its temp file leaves: the
    /// lock file still marked `w` (the kernel let go of the flock, not of the byte) and its
    /// half-written temp file.
    static func leaveKilledWriter(in directory: TemporaryDirectory, temporaryFiles: [String]) throws {
        try directory.write("w", to: VdirFiles.lockName)
        for name in temporaryFiles { try directory.write("BEGIN:VCALENDAR\r\nBEGIN:VEV", to: name) }
    }

    static func write(_ directory: TemporaryDirectory, version: Int64 = 0) throws -> CalendarStore.Write {
        var store = CalendarStore(directory: directory.path, now: now + version)
        store.repairsBeforeEachWrite = true
        return try store.write([table("2027-03-10T19:00:00+01:00")], from: .mail(date: "2027-02-2\(version)T09:00:00Z"))
    }

    @Test("the honest case: a write that went through leaves the lock marked idle, and the next write lists nothing")
    func cleanWriteLeavesIdleMarker() throws {
        let directory = try TemporaryDirectory("sweep-clean")
        let first = try Self.write(directory)
        #expect(first.outcomes.map(\.action) == [.created])
        #expect(first.removedTemporaryFiles == 0)
        #expect(try Self.marker(in: directory) == "-")
        // A temp file with no marker beside it (only a power cut leaves that) proves the next
        // write did not list the folder: it is still there, and the full sweep removes it.
        let orphan = ".orphan.ics.\(getpid())\(VdirFiles.temporarySuffix)"
        try directory.write("BEGIN:VCAL", to: orphan)
        let second = try Self.write(directory, version: 1)
        #expect(second.outcomes.map(\.action) == [.unchanged])
        #expect(second.removedTemporaryFiles == 0)
        #expect(try directory.entries().contains(orphan))
        #expect(try CalendarStore(directory: directory.path, now: Self.now).repair() == 1)
        #expect(try !directory.entries().contains(orphan))
    }

    @Test("the attack: a writer killed holding the lock; the next write removes its temp files of every naming, and only those")
    func killedWritersTemporaryFilesAreRemoved() throws {
        let directory = try TemporaryDirectory("sweep-killed")
        _ = try Self.write(directory)
        let event = try #require(try directory.icsFiles().first)
        // This pid's name (the EEXIST path), another pid's, and a temp file of an event never
        // written again: none is found from the name being written, all are removed.
        let stale = [".\(event).\(getpid())\(VdirFiles.temporarySuffix)", ".\(event).999999\(VdirFiles.temporarySuffix)",
                     ".other.ics.1\(VdirFiles.temporarySuffix)"]
        try Self.leaveKilledWriter(in: directory, temporaryFiles: stale)
        // Not ours, though they look it: a visible file with the suffix, and an event whose
        // name holds the suffix (a file ending in .ics is an event, never a temp file).
        try directory.write("keep\n", to: "notes\(VdirFiles.temporarySuffix)")
        let eventLike = "x\(VdirFiles.temporarySuffix).ics"
        let eventLikeText = try directory.read(event)
        try directory.write(eventLikeText, to: eventLike)

        let write = try Self.write(directory, version: 1)
        #expect(write.removedTemporaryFiles == 3)
        #expect(write.outcomes.map(\.action) == [.unchanged])
        let entries = try directory.entries()
        #expect(entries.filter { $0.hasPrefix(".") && $0.hasSuffix(VdirFiles.temporarySuffix) } == [])
        #expect(entries.contains("notes\(VdirFiles.temporarySuffix)"))
        #expect(try directory.read(eventLike) == eventLikeText)
        #expect(try Self.marker(in: directory) == "-")
        // Swept once: the write after that finds the lock let go cleanly.
        try directory.write("BEGIN:VCAL", to: ".late.ics.2\(VdirFiles.temporarySuffix)")
        #expect(try Self.write(directory, version: 2).removedTemporaryFiles == 0)
    }

    @Test("a write that fails (a FIFO at the event's name) still lets go of the lock cleanly: no sweep is owed after it")
    func failedWriteLeavesIdleMarker() throws {
        let directory = try TemporaryDirectory("sweep-failed")
        let name = PartIdentity(organization: "example.com", reservationID: "ZP-4711",
                                part: PartIdentity.part(of: table("2027-03-10T19:00:00+01:00"), position: 1)).uid.fileName
        #expect(mkfifo(directory.path + "/" + name, 0o644) == 0)
        let write = try Self.write(directory)
        #expect(write.outcomes.map(\.action) == [.failed])
        #expect(try Self.marker(in: directory) == "-")
    }

    @Test("a batch (repairsBeforeEachWrite off) marks the lock too, so a filter after a killed scan sweeps")
    func batchWritesMarkTheLock() throws {
        let directory = try TemporaryDirectory("sweep-batch")
        var batch = CalendarStore(directory: directory.path, now: Self.now)
        batch.repairsBeforeEachWrite = false
        let files = VdirFiles(directory: directory.path)
        var seen: String?
        _ = try batch.collection.withExclusiveAccess { () throws(CalendarStoreError) in
            seen = try? String(decoding: Data(contentsOf: URL(fileURLWithPath: files.path(VdirFiles.lockName))), as: UTF8.self)
        }
        #expect(seen == "w")
        #expect(try Self.marker(in: directory) == "-")
    }

    @Test("an empty lock file (a folder written by an older version) reads as a clean let-go")
    func emptyLockFileIsIdle() throws {
        let directory = try TemporaryDirectory("sweep-empty-lock")
        try directory.write("", to: VdirFiles.lockName)
        try directory.write("BEGIN:VCAL", to: ".old.ics.7\(VdirFiles.temporarySuffix)")
        #expect(try Self.write(directory).removedTemporaryFiles == 0)
        #expect(try Self.marker(in: directory) == "-")
    }
}
