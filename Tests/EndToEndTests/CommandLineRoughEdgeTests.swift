import Foundation
import TestSupport
import Testing

/// Issue 19's rough edges, each run the way a newcomer meets it, next to the case it must
/// not break.
@Suite("command line rough edges")
struct CommandLineRoughEdgeTests {
    static let samples = TestBinary.repositoryRoot.appendingPathComponent("Maildir-samples")
    static let keys = samples.appendingPathComponent("keys").path
    /// The samples' clock (README: "--now 2027-01-15").
    static let now = "2027-01-15"

    static func sampleFiles(_ folder: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: samples.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
    }

    /// Two sample messages as an mbox (mboxrd: no line of theirs starts with "From ").
    static func mbox() throws -> Data {
        var data = Data()
        for file in try sampleFiles("cur").prefix(2) {
            data += Data("From sender@example Thu Jan  1 00:00:00 2027\n".utf8)
            data += try Data(contentsOf: file)
            data += Data("\n".utf8)
        }
        return data
    }

    @Test("'extract -- --help' reads the file named --help; 'extract --help' is help")
    func doubleDashEndsOptions() throws {
        let folder = try MailboxE2E.makeFolder("dashdash")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: try Self.sampleFiles("cur")[0], to: folder.appendingPathComponent("--help"))
        let file = try TestBinary.run(["extract", "--", "--help"], currentDirectory: folder)
        #expect(file.status == 0, "\(file.stderrText)")
        #expect(file.stdoutText.hasPrefix("--help\n"))
        let help = try TestBinary.run(["extract", "--help"], currentDirectory: folder)
        #expect(help.stdoutText.hasPrefix("usage: eventsuggest extract"))
    }

    @Test("a repeated option is refused by name; a switch from the configuration file is turned off by --no-")
    func repeatsAndNegation() throws {
        let twice = try TestBinary.run(["scan", "--calendar", "/tmp/a", "--calendar", "/tmp/b", "x"])
        #expect(twice.status == 2)
        #expect(twice.stderrText.contains("--calendar given twice"))
        let folder = try MailboxE2E.makeFolder("no-switch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = try MailboxE2E.write("json yes\n", to: "config", in: folder)
        let sample = try Self.sampleFiles("cur")[0].path
        let on = try TestBinary.run(["verify", "--config", config, "--keys", Self.keys, "--now", Self.now, sample])
        #expect(on.stdoutText.hasPrefix("{\"file\":"))
        let off = try TestBinary.run(["verify", "--config", config, "--no-json", "--keys", Self.keys, "--now", Self.now, sample])
        #expect(off.stdoutText.hasPrefix(sample + ":1: dkim=pass"), "\(off.stdoutText)")
    }

    @Test("the README's 'verify --keys Maildir-samples/keys Maildir-samples/new/' reads new/ alone; tmp/ is still refused")
    func maildirSubfolders() throws {
        let result = try TestBinary.run(["verify", "--keys", Self.keys, "--now", Self.now, "Maildir-samples/new/"],
                                        currentDirectory: TestBinary.repositoryRoot)
        #expect(result.status != 2, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == (try Self.sampleFiles("new").count))
        #expect(lines.allSatisfy { $0.hasPrefix("Maildir-samples/new/") })
        let cur = try TestBinary.run(["verify", "--keys", Self.keys, "--now", Self.now, "Maildir-samples/cur"],
                                     currentDirectory: TestBinary.repositoryRoot)
        #expect(cur.stdoutText.split(separator: "\n").allSatisfy { $0.hasPrefix("Maildir-samples/cur/") })
        let folder = try MailboxE2E.makeFolder("not-maildir")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        let tmp = try TestBinary.run(["verify", folder.appendingPathComponent("tmp").path])
        #expect(tmp.status == 1)
        #expect(tmp.stderrText.contains("a directory that is not a Maildir"))
    }

    @Test("help points at README sections, never at DESIGN.md (not in the repository)",
          arguments: ["scan", "filter", "lint", "extract", "verify", "sign", "inspect", "help"])
    func helpPointsAtREADME(command: String) throws {
        let help = try TestBinary.run([command, "--help"])
        #expect(help.status == 0)
        #expect(!help.stdoutText.contains("DESIGN.md"))
        #expect(!(try TestBinary.run(["help", "--man"])).stdoutText.contains("DESIGN.md"))
    }

    @Test("an mbox on standard input is split into its messages; a single message on stdin stays one")
    func mboxOnStandardInput() throws {
        let split = try TestBinary.run(["verify", "--keys", Self.keys, "--now", Self.now, "-"], input: try Self.mbox())
        let lines = split.stdoutText.split(separator: "\n")
        #expect(lines.count == 2, "\(split.stdoutText)")
        #expect(lines.allSatisfy { $0.hasPrefix("-:") && $0.contains("dkim=pass") })
        let single = try TestBinary.run(["verify", "--keys", Self.keys, "--now", Self.now, "-"],
                                        input: try Data(contentsOf: try Self.sampleFiles("cur")[0]))
        #expect(single.stdoutText.split(separator: "\n").count == 1)
        #expect(single.stdoutText.contains("dkim=pass"))
    }

    @Test("gzip, xz and zstd mailboxes are refused with the command that reads them, as files and on stdin")
    func compressedMailboxes() throws {
        let folder = try MailboxE2E.makeFolder("compressed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("box.mbox")
        try Self.mbox().write(to: plain)
        for (tool, suffix, word, decompressor) in [("/usr/bin/gzip", "gz", "gzip", "zcat"), ("/usr/bin/xz", "xz", "xz", "xzcat"),
                                                   ("/usr/bin/zstd", "zst", "zstd", "zstdcat")] {
            let compressed = try runTool(tool, ["-c", plain.path])
            let path = folder.appendingPathComponent("box.mbox.\(suffix)").path
            try compressed.write(to: URL(fileURLWithPath: path))
            let file = try TestBinary.run(["scan", "--keys", Self.keys, "--now", Self.now, path])
            #expect(file.status == 1)
            #expect(file.stderrText.contains("\(path): \(word)-compressed: decompress it first (\(decompressor) "), "\(file.stderrText)")
            let stdin = try TestBinary.run(["scan", "--keys", Self.keys, "--now", Self.now, "-"], input: compressed)
            #expect(stdin.stderrText.contains("standard input is \(word)-compressed"))
        }
        // The honest mbox next to them is read whole.
        let read = try TestBinary.run(["scan", "--keys", Self.keys, "--now", Self.now, plain.path])
        #expect(read.status == 0)
        #expect(read.stdoutText.split(separator: "\n").contains { $0.hasPrefix("  messages ") && $0.hasSuffix(" 2") })
    }

    @Test("progress: total, percent and time left and a write phase on a terminal; none in a log unless --progress")
    func progress() throws {
        let folder = try MailboxE2E.makeFolder("progress")
        defer { try? FileManager.default.removeItem(at: folder) }
        let total = try Self.sampleFiles("cur").count + Self.sampleFiles("new").count
        let calendar = folder.appendingPathComponent("calendar").path
        let command = [TestBinary.eventsuggest.path, "scan", "--keys", Self.keys, "--now", Self.now, "--allow-any-domain",
                       "--calendar", calendar, Self.samples.path].map { "'\($0)'" }.joined(separator: " ")
        // script(1) gives the binary a pseudo-terminal as standard error.
        let terminal = try runTool("/usr/bin/script", ["-qec", command, "/dev/null"])
        let text = String(decoding: terminal, as: UTF8.self)
        #expect(text.contains("\(total)/\(total) (100%)"), "\(text)")
        #expect(text.contains("writing events "))
        let log = try TestBinary.run(["scan", "--keys", Self.keys, "--now", Self.now, Self.samples.path])
        #expect(!log.stderrText.contains("(100%)"))
        let logged = try TestBinary.run(["scan", "--progress", "--keys", Self.keys, "--now", Self.now, Self.samples.path])
        #expect(logged.stderrText.contains("eventsuggest: \(total)/\(total) (100%)\n"), "\(logged.stderrText)")
        #expect(!logged.stderrText.contains("\r"))
    }

    @Test("without --calendar the summary says nothing was written; with one it does not")
    func dryRun() throws {
        let dry = try TestBinary.run(["scan", "--keys", Self.keys, "--now", Self.now, Self.samples.path])
        #expect(dry.stdoutText.hasSuffix("no --calendar: nothing written\n"))
        let folder = try MailboxE2E.makeFolder("wet-run")
        defer { try? FileManager.default.removeItem(at: folder) }
        let wet = try TestBinary.run(["scan", "--keys", Self.keys, "--now", Self.now, "--allow-any-domain",
                                      "--calendar", folder.appendingPathComponent("c").path, Self.samples.path])
        #expect(!wet.stdoutText.contains("nothing written"))
    }

    @Test("an unwritable calendar is one stderr line naming the path and errno, however many events fail")
    func unwritableCalendar() throws {
        let folder = try MailboxE2E.makeFolder("unwritable")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try MailboxE2E.write("not a folder\n", to: "file", in: folder)
        let result = try TestBinary.run(["scan", "--keys", Self.keys, "--now", Self.now, "--allow-any-domain",
                                         "--calendar", file + "/calendar", Self.samples.path])
        #expect(result.status == 1)
        let lines = result.stderrText.split(separator: "\n").filter { $0.contains("calendar not written") }
        #expect(lines.count == 1, "\(result.stderrText)")
        #expect(lines.first?.contains(file) == true)
        #expect(lines.first?.lowercased().contains("not a directory") == true)
    }

    @Test("an unreadable Maildir file: one stderr line naming it, counted once as message-unreadable")
    func unreadableMaildirFile() throws {
        let folder = try MailboxE2E.makeFolder("unreadable")
        defer { try? FileManager.default.removeItem(at: folder) }
        for sub in ["cur", "new", "tmp"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: try Self.sampleFiles("cur")[0], to: folder.appendingPathComponent("cur/1.good:2,S"))
        // A FIFO where a message should be (as root, permissions stop nothing): refused unread.
        let fifo = folder.appendingPathComponent("cur/2.fifo:2,S").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try TestBinary.run(["scan", "--keys", Self.keys, "--now", Self.now, "--report", "-", folder.path])
        #expect(result.status == 1)
        let lines = result.stderrText.split(separator: "\n").filter { $0.hasPrefix("eventsuggest: ") && $0.contains(fifo) }
        #expect(lines.count == 1, "\(result.stderrText)")
        let report = result.stdoutText.split(separator: "\n").first { $0.contains("2.fifo") }.map(String.init) ?? ""
        #expect(report.contains("\"message-unreadable\""))
        #expect(!report.contains("\"empty-message\""))
        #expect(result.stderrText.split(separator: "\n").contains { $0.hasPrefix("  unreadable inputs ") && $0.hasSuffix(" 1") })
    }

    @Test("control characters from mail are shown escaped in inspect, extract and lint text")
    func controlCharacters() throws {
        let folder = try MailboxE2E.makeFolder("control")
        defer { try? FileManager.default.removeItem(at: folder) }
        let subject = "Table \u{1B}]0;pwned\u{07}\u{1B}[2J booked"
        let html = "<script type=\"application/ld+json\">{\"@context\":\"http://schema.org\",\"@type\":\"FoodEstablishmentReservation\","
            + "\"reservationId\":\"R\u{1B}[31m1\",\"reservationStatus\":\"http://schema.org/ReservationConfirmed\","
            + "\"reservationFor\":{\"@type\":\"FoodEstablishment\",\"name\":\"Caf\u{1B}[2Je\"},\"startTime\":\"2027-02-01T19:00:00Z\"}</script>"
        let message = ReservationMail.message(from: "a@shop.example", subject: subject, date: "Mon, 04 Jan 2027 10:00:00 +0000",
                                              messageID: "ctl@shop.example", html: html)
        let path = try MailboxE2E.write(message, to: "ctl.eml", in: folder)
        for command in ["inspect", "extract", "lint"] {
            let result = try TestBinary.run([command, path])
            #expect(!result.stdout.contains(0x1B), "\(command)")
            #expect(!result.stdout.contains(0x07), "\(command)")
        }
        #expect(try TestBinary.run(["inspect", path]).stdoutText.contains("Table \\e]0;pwned\\x07\\e[2J booked"))
        // A file name is text from outside too: the location line of extract and lint.
        let named = try MailboxE2E.write(message, to: "x\u{1B}[2J.eml", in: folder)
        #expect(try TestBinary.run(["extract", named]).stdoutText.contains("x\\e[2J.eml\n"))
        let linted = try TestBinary.run(["lint", named]).stdoutText
        #expect(linted.contains("x\\e[2J.eml:"), "\(linted)")
        #expect(!linted.contains("\u{1B}"), "\(linted)")
        // JSON keeps the text exactly (escaped the JSON way): a program reads it, not a terminal.
        #expect(try TestBinary.run(["inspect", "--json", path]).stdoutText.contains("\\u001b]0;pwned"))
    }

    @Test("lint text never prints a line a CI log reads as a workflow command; --format github still does")
    func workflowCommands() throws {
        let folder = try MailboxE2E.makeFolder("workflow")
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "::error file=x::forged.html"
        try Data("<script type=\"application/ld+json\">{\"@type\": \"FoodEstablishmentReservation\"}</script>\n".utf8)
            .write(to: folder.appendingPathComponent(name))
        let text = try TestBinary.run(["lint", name], currentDirectory: folder)
        let lines = text.stdoutText.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("::") }, "\(text.stdoutText)")
        #expect(text.stdoutText.contains("\\x3a:error file=x::forged.html"))
        let github = try TestBinary.run(["lint", "--format", "github", name], currentDirectory: folder)
        #expect(github.stdoutText.split(separator: "\n").allSatisfy { $0.hasPrefix("::") })
    }

    @Test("lint --require-dkim: an .html file says DKIM cannot be checked there; a body-hash failure gives verify's reason")
    func requireDKIMNotes() throws {
        let folder = try MailboxE2E.makeFolder("require-dkim")
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = try MailboxE2E.write("<p>x</p>\n", to: "t.html", in: folder)
        let html = try TestBinary.run(["lint", "--require-dkim", "--keys", Self.keys, template])
        #expect(html.stdoutText.contains("has no DKIM signature to check"))
        #expect(html.stdoutText.contains("[dkim-not-checkable]"))
        // The sample whose body was changed after signing.
        let tampered = Self.samples.appendingPathComponent("new/1714000300.M6P100.samples").path
        let mail = try TestBinary.run(["lint", "--require-dkim", "--keys", Self.keys, "--now", Self.now, tampered])
        #expect(mail.status == 1)
        #expect(mail.stdoutText.contains("fail (body hash mismatch"), "\(mail.stdoutText)")
        // The honest signed sample is not flagged.
        let good = Self.samples.appendingPathComponent("new/1714000000.M3P100.samples").path
        #expect(!(try TestBinary.run(["lint", "--require-dkim", "--keys", Self.keys, "--now", Self.now, good])).stdoutText
            .contains("dkim-required"))
    }

    @Test("Authentication-Results keeps a nested comment: (does not exist (NXDOMAIN))")
    func nestedComments() throws {
        let message = ReservationMail.message(from: "a@shop.test.example", subject: "s", date: "Mon, 04 Jan 2027 10:00:00 +0000",
                                              messageID: "nx@shop.test.example", html: "<p>x</p>")
        let signed = try TestBinary.run(["sign", "--key", ReservationMail.signingKey, "--domain", "shop.test.example",
                                         "--selector", "absent", "--now", "2027-01-04T10:00:00Z"], input: Data(message))
        try #require(signed.status == 0)
        try withDNSMasq(records: []) { server in
            let result = try TestBinary.run(["verify", "--dns", "\(server.host):\(server.port)", "--authserv-id", "mx.example",
                                             "--now", Self.now, "-"], input: signed.stdout)
            #expect(result.stdoutText.contains("(no key for selector absent: DNS name absent._domainkey.shop.test.example does not exist (NXDOMAIN))")
                    || result.stdoutText.contains("does not exist (NXDOMAIN))"), "\(result.stdoutText)")
            #expect(!result.stdoutText.contains("_NXDOMAIN_"))
        }
    }
}
