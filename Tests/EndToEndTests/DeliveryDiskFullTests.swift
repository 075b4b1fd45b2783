import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The calendar's disk fills up in the middle of a message of 12 events (a real ENOSPC: a
/// 64 KiB tmpfs mounted by the test, filled but for four pages). One event that cannot be
/// written does not stop the others; the header lists what was and was not written; with
/// --defer-on-error the MTA is told to retry (75), and the retry, once there is room,
/// writes the rest and changes nothing that was written.
@Suite("the calendar's disk full in the middle of a message", .serialized)
struct DeliveryDiskFullTests {
    typealias Mail = CalendarProcessTests
    typealias Faults = FaultInjectionTests

    static let ids = (1...12).map { "D-\($0)" }

    @Test("without --defer-on-error: delivered, written events listed as created, the rest as failed (ENOSPC); with it: 75; freed, the retry completes")
    func diskFullMidMessage() throws {
        try Faults.withTmpfs("disk-full") { _, mountPoint in
            let calendar = mountPoint.appendingPathComponent("calendar")
            let filler = mountPoint.appendingPathComponent("filler").path
            let mail = Mail.manyTablesMessage(ids: Self.ids, version: 1)
            let arguments = Mail.filterArguments(calendar.path)

            try Faults.fill(filler, leavingPages: 4)
            // With --defer-on-error: exit 75, nothing on stdout; what fitted is written whole.
            let deferred = try TestBinary.run(arguments + ["--defer-on-error"], input: mail)
            #expect(deferred.status == 75, "exit \(deferred.status): \(deferred.stderrText)")
            #expect(deferred.stdout.isEmpty)
            #expect(deferred.stderrText.contains("not written") && deferred.stderrText.contains("No space left on device"),
                    "\(deferred.stderrText)")
            var state = try Faults.calendarProblems(calendar, round: "deferred")
            let written = state.events.count
            #expect((1..<Self.ids.count).contains(written), "\(written) events on 4 free pages")
            #expect(state.temporary.isEmpty, "temp files left after ENOSPC: \(state.temporary)")

            // Without it: delivered whole; the header says which were written and which not.
            let delivered = try TestBinary.run(arguments, input: mail)
            #expect(delivered.status == 0, "exit \(delivered.status): \(delivered.stderrText)")
            #expect(Faults.deliveryProblem(delivered.stdout, mail) == nil)
            let suggestions = ReservationMail.suggestions(Array(delivered.stdout))
            #expect(suggestions.count == Self.ids.count, "\(suggestions)")
            let failed = suggestions.filter { $0.hasPrefix("failed ") }
            #expect(failed.count == Self.ids.count - written, "\(suggestions)")
            #expect(failed.allSatisfy { $0.contains("not written:") && $0.contains("No space left on device") }, "\(failed)")
            #expect(suggestions.filter { $0.hasPrefix("unchanged ") }.count == written, "\(suggestions)")
            #expect(delivered.stderrText.contains("not written"), "the problem is not on standard error: \(delivered.stderrText)")
            state = try Faults.calendarProblems(calendar, round: "delivered")
            #expect(state.events.count == written && state.temporary.isEmpty)

            // Space again: the MTA's retry writes the rest; what was written stays as it was.
            let before = state.events
            unlink(filler)
            let retry = try TestBinary.run(arguments + ["--defer-on-error"], input: mail)
            #expect(retry.status == 0, "exit \(retry.status): \(retry.stderrText)")
            #expect(Faults.deliveryProblem(retry.stdout, mail) == nil)
            let again = ReservationMail.suggestions(Array(retry.stdout))
            #expect(again.filter { $0.hasPrefix("created ") }.count == Self.ids.count - written, "\(again)")
            #expect(again.filter { $0.hasPrefix("unchanged ") }.count == written, "\(again)")
            state = try Faults.calendarProblems(calendar, round: "freed")
            #expect(state.events.count == Self.ids.count)
            #expect(before.allSatisfy { state.events[$0.key] == $0.value }, "an event written before was changed")
        }
    }
}
