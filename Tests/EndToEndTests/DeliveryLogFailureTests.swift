import Foundation
import Testing

/// `--log` that cannot be written (`/dev/full`: every write fails with ENOSPC), through the
/// built binary. scan fails naming the log, as it does for `--report /dev/full`; filter
/// still delivers the message whole, says so on standard error, and exits 75 only when the
/// user asked to defer on any error.
@Suite("a --log that cannot be written: said, never silently lost, never costing the mail")
struct DeliveryLogFailureTests {
    static let samples = TestBinary.repositoryRoot.appendingPathComponent("Maildir-samples").path
    /// A sample whose analysis logs two lines (a DKIM-signed restaurant reservation).
    static let loggedSample = samples + "/cur/1593190800.M1P100.samples:2,S"
    static let pipelineArguments = ["--keys", samples + "/keys", "--registered", samples + "/registered-domains",
                                    "--now", "2027-01-15T00:00:00Z"]
    static let logProblem = "/dev/full: cannot write the log: No space left on device"

    static func message() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: loggedSample)) }

    @Test("filter --log /dev/full: the message delivered whole with our fields, exit 0, the log named on stderr")
    func filterDeliversDespiteTheLog() throws {
        let message = try Self.message()
        let result = try TestBinary.run(["filter", "--log", "/dev/full"] + Self.pipelineArguments, input: message)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(FaultInjectionTests.deliveryProblem(result.stdout, message) == nil)
        #expect(ReservationMail.suggestions(Array(result.stdout)).first?.hasPrefix("found 1 reservation") == true)
        #expect(result.stderrText.contains("eventsuggest filter: " + Self.logProblem), "\(result.stderrText)")
    }

    @Test("the honest case beside it: a writable --log gets its lines, the same message out, nothing on stderr")
    func filterWithAWritableLog() throws {
        let folder = try MailboxE2E.makeFolder("log-honest")
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("log.jsonl").path
        let message = try Self.message()
        let full = try TestBinary.run(["filter", "--log", "/dev/full"] + Self.pipelineArguments, input: message)
        let result = try TestBinary.run(["filter", "--log", log] + Self.pipelineArguments, input: message)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderrText)")
        #expect(result.stdout == full.stdout, "a failing log changed what was delivered")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("{\"file\":\"-\"") }, "\(lines)")
    }

    @Test("filter --defer-on-error --log /dev/full: exit 75, nothing on stdout, the log named; a writable log: delivered")
    func filterDefersOnlyWhenAsked() throws {
        let message = try Self.message()
        let deferred = try TestBinary.run(["filter", "--defer-on-error", "--log", "/dev/full"] + Self.pipelineArguments,
                                          input: message)
        #expect(deferred.status == 75, "\(deferred.stderrText)")
        #expect(deferred.stdout.isEmpty)
        #expect(deferred.stderrText.contains("deferring (--defer-on-error): " + Self.logProblem), "\(deferred.stderrText)")
        // --defer-on-tempfail is for DNS and setup only: the log alone does not defer it.
        let tempfail = try TestBinary.run(["filter", "--defer-on-tempfail", "--log", "/dev/full"] + Self.pipelineArguments,
                                          input: message)
        #expect(tempfail.status == 0 && FaultInjectionTests.deliveryProblem(tempfail.stdout, message) == nil,
                "\(tempfail.stderrText)")
        let honest = try TestBinary.run(["filter", "--defer-on-error", "--log", "/dev/null"] + Self.pipelineArguments,
                                        input: message)
        #expect(honest.status == 0 && honest.stderr.isEmpty, "\(honest.stderrText)")
        #expect(FaultInjectionTests.deliveryProblem(honest.stdout, message) == nil)
    }

    @Test("filter over message-bytes with --log /dev/full: streamed through whole all the same, the log named")
    func filterOverTheLimit() throws {
        let message = try Self.message()
        let result = try TestBinary.run(["filter", "--log", "/dev/full", "--limit", "message-bytes=1000"]
                                        + Self.pipelineArguments, input: message)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(FaultInjectionTests.deliveryProblem(result.stdout, message) == nil)
        #expect(result.stderrText.contains(Self.logProblem), "\(result.stderrText)")
    }

    @Test("scan --log /dev/full: exit 1 naming the log, like --report /dev/full; a writable log: exit 0")
    func scanFailsOnTheLog() throws {
        let result = try TestBinary.run(["scan", Self.samples, "--log", "/dev/full"] + Self.pipelineArguments)
        #expect(result.status == 1, "\(result.stderrText)")
        #expect(result.stderrText.contains("eventsuggest: " + Self.logProblem), "\(result.stderrText)")
        // The summary is still printed: only the log was lost.
        #expect(result.stdoutText.hasPrefix("Summary\n") && result.stdoutText.contains("messages                      20"),
                "\(result.stdoutText)")

        let folder = try MailboxE2E.makeFolder("scan-log-honest")
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("log.jsonl").path
        let honest = try TestBinary.run(["scan", Self.samples, "--log", log] + Self.pipelineArguments)
        #expect(honest.status == 0, "\(honest.stderrText)")
        #expect(!honest.stderrText.contains("cannot write the log"))
        #expect(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count == 6)
    }
}
