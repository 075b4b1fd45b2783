import Foundation
import Testing

@Suite("command line basics")
struct CommandLineTests {
    @Test("--help lists the commands and exits 0")
    func overviewHelp() throws {
        let result = try TestBinary.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("inspect"))
    }

    @Test("every command has --help", arguments: ["inspect", "verify", "sign"])
    func commandHelp(command: String) throws {
        let result = try TestBinary.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdoutText.hasPrefix("usage: eventsuggest \(command)"))
    }

    @Test("an unknown command or option is a usage error (exit 2) that says what was wrong")
    func usageErrors() throws {
        let unknownCommand = try TestBinary.run(["frobnicate"])
        #expect(unknownCommand.status == 2)
        #expect(unknownCommand.stderrText.contains("unknown command 'frobnicate'"))
        let unknownOption = try TestBinary.run(["inspect", "--frob", "x"])
        #expect(unknownOption.status == 2)
        #expect(unknownOption.stderrText.contains("unknown option '--frob'"))
        let noPath = try TestBinary.run(["inspect"])
        #expect(noPath.status == 2)
        let badFormat = try TestBinary.run(["inspect", "--mbox-format", "mboxq", "-"])
        #expect(badFormat.status == 2)
        #expect(badFormat.stderrText.contains("mboxrd or mboxo"))
    }

    @Test("--now: one instant in any zone, to the second; a date is midnight UTC; a time without a zone is refused")
    func nowOption() throws {
        let folder = try ReservationMail.folder("now-option")
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = try ReservationMail.writeKeys(for: ["epicsteak.example"], in: folder)
        // Signed at 2020-06-15T00:00:00Z, expiring 100 s later (x=1592179300).
        let message = try TestBinary.run(
            ["sign", "--key", ReservationMail.signingKey, "--domain", "epicsteak.example", "--selector", ReservationMail.selector,
             "--now", "2020-06-15T00:00:00Z", "--expire", "100"],
            input: Data(ReservationMail.message(from: "a@epicsteak.example", subject: "s", date: "Mon, 15 Jun 2020 00:00:00 +0000",
                                                messageID: "now@epicsteak.example", html: "<p>x</p>"))).stdout
        func verdict(_ now: String) throws -> String {
            let result = try TestBinary.run(["verify", "--keys", keys, "--now", now, "-"], input: message)
            return result.stdoutText.contains("dkim=pass") ? "pass" : result.status == 2 ? "usage" : "other"
        }
        #expect(try verdict("2020-06-15T00:01:40Z") == "pass")            // the last second
        #expect(try verdict("2020-06-15T00:01:40.999Z") == "pass")        // a fraction is dropped
        #expect(try verdict("2020-06-15T00:01:41Z") == "other")           // expired
        #expect(try verdict("2020-06-14T17:01:40-07:00") == "pass")       // the same instant, another zone
        #expect(try verdict("2020-06-15T02:01:41+02:00") == "other")
        // A date alone is midnight UTC (issue 19: the README writes --now 2027-01-15).
        #expect(try verdict("2020-06-15") == "pass")
        #expect(try verdict("2020-06-16") == "other")
        for bad in ["2020-06-15T00:01:40", "2020-6-15", "yesterday", "2020-13-01T00:00:00Z", ""] {
            #expect(try verdict(bad) == "usage", "\(bad)")
        }
    }

    @Test("a missing file is named in the error and exits 1, after the readable ones were printed")
    func missingFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("es-missing-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.eml")
        try Data("From: a@b.example\r\nSubject: hi\r\n\r\nbody\r\n".utf8).write(to: good)
        let result = try TestBinary.run(["inspect", "--json", good.path, directory.path + "/absent.eml"])
        #expect(result.status == 1)
        #expect(result.stderrText.contains("absent.eml: no such file or directory"))
        #expect(result.stdoutText.contains("\"subject\":\"hi\""))
    }
}

/// Report and log files are written in place, never replaced through a rename: as root a
/// replacement turned `scan --report /dev/null` into a regular file and broke the machine.
@Suite("output files")
struct OutputFileTests {
    @Test("--report and --log write through a symlink instead of replacing it")
    func symlinks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("es-out-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("report.jsonl")
        let log = directory.appendingPathComponent("log.jsonl")
        try Data("old".utf8).write(to: report)
        for (link, target) in [("report.link", report), ("log.link", log)] {
            try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent(link).path,
                                                       withDestinationPath: target.path)
        }
        let samples = TestBinary.repositoryRoot.appendingPathComponent("Maildir-samples").path
        let result = try TestBinary.run([
            "scan", samples, "--keys", samples + "/keys", "--registered", samples + "/registered-domains",
            "--now", "2027-01-15T00:00:00Z", "--report", directory.appendingPathComponent("report.link").path,
            "--log", directory.appendingPathComponent("log.link").path,
        ])
        #expect(result.status == 0, "\(result.stderrText)")
        for link in ["report.link", "log.link"] {
            let type = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(link).path)[.type]
            #expect(type as? FileAttributeType == .typeSymbolicLink, "\(link) was replaced")
        }
        let reportText = try String(contentsOf: report, encoding: .utf8)
        #expect(!reportText.hasPrefix("old"))
        #expect(reportText.split(separator: "\n").count == 20)
        #expect(try String(contentsOf: log, encoding: .utf8).contains("\"code\":\"json-recovered\""))
    }
}
