import Foundation
import Testing
@testable import EventSuggestCommands

/// The spool a scan sets bytes aside in (issue 21): an unlinked file, read back by range
/// exactly; when the folder cannot take it, memory instead, said once.
@Suite("scan spool: unlinked file, exact ranges, memory when the folder cannot take it")
struct ScanSpoolTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("es-scan-spool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Appends records of many sizes (crossing the write buffer), reads each back, then
    /// every piece in order.
    static func exercise(_ spool: ScanSpool) throws {
        var generator = SystemRandomNumberGenerator()
        var records: [(ScanSpool.Range, [UInt8])] = []
        var all: [UInt8] = []
        for index in 0..<300 {
            let count = index % 7 == 0 ? Int.random(in: 0...70_000, using: &generator) : Int.random(in: 0...300, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            records.append((index % 2 == 0 ? spool.append(bytes) : spool.append(String(decoding: bytes.map { $0 & 0x7F }, as: UTF8.self)),
                            index % 2 == 0 ? bytes : bytes.map { $0 & 0x7F }))
            all += records.last!.1
            // Reads come between appends, as in a scan: early ones too.
            if index % 50 == 0 { #expect(try spool.read(records[index / 2].0) == records[index / 2].1) }
        }
        for (range, bytes) in records { #expect(try spool.read(range) == bytes) }
        var pieces: [UInt8] = []
        try spool.forEachPiece(pieceSize: 4_096) { pieces += $0 }
        #expect(pieces == all)
        #expect(spool.size == all.count)
    }

    @Test("in a folder that takes it: exact ranges and pieces, and no file left with a name")
    func unlinkedFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spool = ScanSpool(in: folder.path, bufferSize: 1_000)
        try Self.exercise(spool)
        #expect(!spool.isInMemory)
        #expect(spool.takeProblem() == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test("a folder that is missing, or a file: the same bytes from memory, and one problem naming the folder",
          arguments: ["missing", "a-file"])
    func folderThatCannotTakeIt(_ name: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        if name == "a-file" { _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) }
        let spool = ScanSpool(in: path, bufferSize: 1_000)
        try Self.exercise(spool)
        #expect(spool.isInMemory)
        let problem = try #require(spool.takeProblem())
        #expect(problem.contains(path) && problem.contains("in memory"))
        // Said once.
        #expect(spool.takeProblem() == nil)
    }

    @Test("nothing appended, or less than the buffer: no file is made at all")
    func nothingSetAsideMakesNoFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spool = ScanSpool(in: folder.appendingPathComponent("missing").path)
        let range = spool.append([1, 2, 3])
        #expect(try spool.read(range) == [1, 2, 3])
        #expect(!spool.isInMemory && spool.takeProblem() == nil)
    }
}
