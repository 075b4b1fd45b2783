import Foundation
import Testing
import TestSupport

/// libcurl and libxml2 are loaded only when used (issue 21): the dynamic loader's own log
/// (`LD_DEBUG=libs`) shows which libraries a filter run initialises. A broken library found
/// first on `LD_LIBRARY_PATH` is what a user with a damaged install meets: the message is
/// still delivered whole. A release build (what `make install` ships) has libxml2 linked in and
/// says so in `--version`: it maps no libxml2 or ICU even for markup, and a broken system
/// libxml2 does not touch it; `make test` runs the debug build, `EVENTSUGGEST_BINARY` another.
@Suite("filter loads libxml2 only for markup and libcurl only for CalDAV")
struct LazyLibraryTests {
    static let domains = ["epicsteak.example"]

    /// Whether the binary under test has libxml2 linked in, by its own `--version`.
    static func linksLibXML2() throws -> Bool {
        let version = try TestBinary.runProcess(TestBinary.eventsuggest, ["--version"])
        let line = version.stdoutText.split(separator: "\n").first { $0.hasPrefix("libxml2: ") }
        #expect(line == "libxml2: linked in" || line == "libxml2: libxml2.so.2, loaded the first time a part has markup",
                "\(version.stdoutText)")
        return line == "libxml2: linked in"
    }

    static func markupMail() throws -> [UInt8] {
        try ReservationMail.sign(ReservationMail.message(
            from: "EPIC Steak <reservations@epicsteak.example>",
            subject: "Your table at EPIC Steak on Friday, June 26",
            date: "Fri, 19 Jun 2020 10:00:00 -0700",
            messageID: "lazy.IWDSCA@epicsteak.example",
            html: ReservationMail.html([ReservationMail.restaurant(id: "IWDSCA", start: "2020-06-26T19:30:00-07:00")])),
            domain: "epicsteak.example")
    }

    /// A signed message whose HTML has no markup hint at all: the parser is never needed.
    static func plainMail() throws -> [UInt8] {
        try ReservationMail.sign(ReservationMail.message(
            from: "EPIC Steak <news@epicsteak.example>", subject: "Our summer menu",
            date: "Fri, 19 Jun 2020 11:00:00 -0700", messageID: "lazy.menu@epicsteak.example",
            html: "<html><body><h1>Summer menu</h1><p>Come and see.</p></body></html>\n"),
            domain: "epicsteak.example")
    }

    struct Setup {
        let folder: URL
        let arguments: [String]
    }

    static func setup(_ label: String) throws -> Setup {
        let folder = try ReservationMail.folder("lazy-\(label)")
        let keys = try ReservationMail.writeKeys(for: domains, in: folder)
        let registered = try ReservationMail.writeRegistered(domains, in: folder)
        return Setup(folder: folder, arguments: ["--keys", keys, "--registered", registered, "--now", ReservationMail.now])
    }

    /// The libraries the loader initialised ("calling init: /path/libfoo.so.N"), by file name.
    static func initialised(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "calling init: ") else { return nil }
            return String(line[range.upperBound...].split(separator: "/").last ?? "")
        }
    }

    @Test("without markup neither library is loaded; with markup libxml2 only; with --caldav libcurl too")
    func loadedOnlyWhenUsed() throws {
        let setup = try Self.setup("maps")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let calendar = ["--calendar", setup.folder.path + "/calendar"]
        let debug = ["LD_DEBUG": "libs"]

        let plain = try TestBinary.runProcess(TestBinary.eventsuggest, ["filter"] + setup.arguments + calendar,
                                              input: Data(try Self.plainMail()), environment: debug)
        #expect(plain.status == 0)
        let plainLibraries = Self.initialised(plain.stderrText)
        #expect(plainLibraries.contains { $0.hasPrefix("libc.so") }, "LD_DEBUG gave no log: \(plain.stderrText.prefix(300))")
        #expect(!plainLibraries.contains { $0.hasPrefix("libxml2") || $0.hasPrefix("libicu") }, "\(plainLibraries)")
        #expect(!plainLibraries.contains { $0.hasPrefix("libcurl") }, "\(plainLibraries)")

        let marked = try TestBinary.runProcess(TestBinary.eventsuggest, ["filter"] + setup.arguments + calendar,
                                               input: Data(try Self.markupMail()), environment: debug)
        #expect(marked.status == 0)
        #expect(ReservationMail.suggestions(marked.stdout.map { $0 }).first?.hasPrefix("created ") == true)
        let markedLibraries = Self.initialised(marked.stderrText)
        if try Self.linksLibXML2() {
            #expect(!markedLibraries.contains { $0.hasPrefix("libxml2") || $0.hasPrefix("libicu") }, "\(markedLibraries)")
        } else {
            #expect(markedLibraries.contains { $0.hasPrefix("libxml2.so") }, "\(markedLibraries)")
        }
        #expect(!markedLibraries.contains { $0.hasPrefix("libcurl") }, "\(markedLibraries)")

        // A CalDAV calendar on a closed port: libcurl is loaded (and the event not written).
        let port = try Radicale.freeTCPPort()
        let caldav = try TestBinary.runProcess(TestBinary.eventsuggest,
                                               ["filter"] + setup.arguments + ["--caldav", "http://127.0.0.1:\(port)/cal/"],
                                               input: Data(try Self.plainMail()), environment: debug)
        #expect(caldav.status == 0)
        #expect(Self.initialised(caldav.stderrText).contains { $0.hasPrefix("libcurl.so") }, "\(Self.initialised(caldav.stderrText))")
    }

    @Test("a broken libxml2: the message is delivered whole, its markup unread and the header says so; lint names the problem")
    func brokenLibXML2() throws {
        let setup = try Self.setup("xml")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let broken = setup.folder.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data().write(to: broken.appendingPathComponent("libxml2.so.2"))
        let environment = ["LD_LIBRARY_PATH": broken.path]
        let mail = try Self.markupMail()
        let calendar = setup.folder.path + "/calendar"

        let result = try TestBinary.runProcess(TestBinary.eventsuggest, ["filter"] + setup.arguments + ["--calendar", calendar],
                                               input: Data(mail), environment: environment)
        #expect(result.status == 0, "\(result.stderrText)")
        let (fields, rest) = ReservationMail.splitOurFields(Array(result.stdout))
        #expect(rest == mail, "the message after our fields changed")
        #expect(fields.first?.value.contains("dkim=pass header.d=epicsteak.example") == true)
        if try Self.linksLibXML2() {
            // The binary's own libxml2 reads the markup; the broken system one is never opened.
            #expect(ReservationMail.suggestions(Array(result.stdout)).first?.hasPrefix("created ") == true,
                    "\(ReservationMail.suggestions(Array(result.stdout)))")
            #expect(ReservationMail.calendar(calendar).count == 1)
            return
        }
        // The header says the markup was not read (a setup problem), not "no reservation markup".
        let suggestions = ReservationMail.suggestions(Array(result.stdout))
        #expect(suggestions.count == 1 && suggestions.first?.hasPrefix("error (markup not read: ") == true, "\(suggestions)")
        #expect(suggestions.first?.contains("libxml2") == true, "\(suggestions)")
        #expect(ReservationMail.calendar(calendar).isEmpty)

        let file = setup.folder.appendingPathComponent("mail.eml")
        try Data(mail).write(to: file)
        let lint = try TestBinary.runProcess(TestBinary.eventsuggest, ["lint", file.path], environment: environment)
        #expect(lint.stdoutText.contains("[markup-library-unavailable]"), "\(lint.stdoutText)")
        #expect(lint.stdoutText.contains("markup needs libxml2 (Debian package libxml2)"), "\(lint.stdoutText)")
        #expect(lint.stdoutText.contains(broken.path + "/libxml2.so.2"), "\(lint.stdoutText)")

        // The same run with the system's library reads the markup (the check above can fail).
        let honest = try TestBinary.runProcess(TestBinary.eventsuggest, ["lint", file.path])
        #expect(!honest.stdoutText.contains("markup-library-unavailable"), "\(honest.stdoutText)")
    }

    @Test("a broken libcurl with --caldav: delivered whole with our error fields naming libcurl4; exit 0")
    func brokenLibcurl() throws {
        let setup = try Self.setup("curl")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let broken = setup.folder.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data().write(to: broken.appendingPathComponent("libcurl.so.4"))
        let mail = try Self.markupMail()
        let result = try TestBinary.runProcess(TestBinary.eventsuggest,
                                               ["filter"] + setup.arguments + ["--caldav", "http://127.0.0.1:1/cal/"],
                                               input: Data(mail), environment: ["LD_LIBRARY_PATH": broken.path])
        #expect(result.status == 0, "\(result.stderrText)")
        let (fields, rest) = ReservationMail.splitOurFields(Array(result.stdout))
        #expect(rest == mail)
        #expect(fields.first?.value.contains("dkim=temperror") == true)
        #expect(ReservationMail.suggestions(Array(result.stdout)).first?.hasPrefix("error (not examined: --caldav needs libcurl (Debian package libcurl4)") == true,
                "\(ReservationMail.suggestions(Array(result.stdout)))")
        #expect(result.stderrText.contains("--caldav needs libcurl (Debian package libcurl4): \(broken.path)/libcurl.so.4"), "\(result.stderrText)")
    }
}
