import EventSuggest
import Foundation
import Mailbox
import Testing
@testable import EventSuggestCommands

/// The waiting messages of a scan (issue 21): set aside in the spool past the held count,
/// read back in date order, and their report and log lines put out in input order.
@Suite("scan's waiting messages: set aside, read back, and nothing spooled for an empty output")
struct ScanWaitingMessagesTests {
    @Test("held 0: every analysis set aside and read back; an output with no report and no log line takes no spool bytes")
    func emptyOutputsAreNotSpooled() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("es-waiting-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let reports = try ScanSpoolRecordTests.sampleReports(try ScanSpoolRecordTests.command())
        try #require(reports.count >= 3)
        let spool = ScanSpool(in: folder.path)
        let waiting = ScanWaitingMessages(heldLimit: 0, spool: spool)
        for (report, location) in reports { waiting.add(report, at: location) }
        let afterAnalyses = spool.size
        #expect(afterAnalyses > 0, "held 0 sets every analysis aside")
        for index in 0..<reports.count {
            let back = try waiting.analysis(index)
            #expect(back.location == reports[index].1)
        }

        // Message 0: no --report, no --log (scan's default); message 1: a report line and a log line.
        waiting.recorded(0, output: .init(reportLine: [], logLines: []))
        #expect(spool.size == afterAnalyses, "an empty output was written to the spool")
        let line = Array("{\"file\":\"x\"}\n".utf8), log = Array("x: warning: y\n".utf8)
        waiting.recorded(1, output: .init(reportLine: line, logLines: log))
        #expect(spool.size > afterAnalyses)

        let empty = try #require(try waiting.output(0))
        #expect(empty.reportLine.isEmpty && empty.logLines.isEmpty)
        let written = try #require(try waiting.output(1))
        #expect(written.reportLine == line)
        #expect(written.logLines == log)
        #expect(try waiting.output(2) == nil, "not recorded yet")
    }
}
