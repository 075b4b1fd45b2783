import CommandLineOptions
import Foundation
import Testing
@testable import EventSuggestCommands

@Suite("configuration layers: /etc, then the user's file, then the command line")
struct LayeringTests {
    @Test("a later layer replaces a value and a switch; the command line wins over both files")
    func laterWins() throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        let system = "calendar /etc-cal\nalarm yes\nregistered /etc-registered\n"
        let user = "calendar ~/user-cal\n"
        let fromFiles = try fixture.parse(ScanCommand.self, ["m"], system: system, user: user)
        #expect(fromFiles.setup.calendar.destination == .folder(fixture.folder.path + "/user-cal"))   // ~ expanded
        #expect(fromFiles.setup.calendar.alarm)                            // from /etc, nobody said otherwise
        #expect(fromFiles.setup.registeredFile == "/etc-registered")
        let overridden = try fixture.parse(ScanCommand.self, ["--calendar", "/cli-cal", "--no-alarm", "m"], system: system, user: user)
        #expect(overridden.setup.calendar.destination == .folder("/cli-cal"))
        #expect(!overridden.setup.calendar.alarm)
        // A user file turns off what /etc turned on.
        let userOff = try fixture.parse(ScanCommand.self, ["m"], system: system, user: "alarm no\n")
        #expect(!userOff.setup.calendar.alarm)
    }

    @Test("collected options add up across the layers, in order: a later --limit of the same name wins")
    func collectedAddUp() throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        let values = try #require(try fixture.values(
            "scan", ["--limit", "header-fields=300", "m"], system: "limit header-fields=100\nlimit mime-depth=4\n",
            user: "limit header-fields=200\n"))
        #expect(values.strings(LimitOptions.limit) == ["header-fields=100", "mime-depth=4", "header-fields=200", "header-fields=300"])
        let scan = try ScanCommand(parsing: values)
        #expect(scan.setup.limits.limits.message.maxHeaderFields == 300)
        #expect(scan.setup.limits.limits.message.maxMIMEDepth == 4)
    }

    @Test("--config FILE replaces the user's file, not /etc; --config none reads neither")
    func configOption() throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        let chosen = try fixture.file("chosen.conf", "registered /chosen\n")
        let scan = try fixture.parse(ScanCommand.self, ["--config", chosen, "m"], system: "alarm\n", user: "registered /user\n")
        #expect(scan.setup.registeredFile == "/chosen" && scan.setup.calendar.alarm)
        let none = try fixture.parse(ScanCommand.self, ["--config=none", "m"], system: "alarm\n", user: "registered /user\n")
        #expect(none.setup.registeredFile == nil && !none.setup.calendar.alarm)
    }

    @Test("options of other commands in a shared file are skipped; a name no command knows is an error with file:line")
    func sharedFile() throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        // defer-on-error is filter's, report is scan's: one file serves both.
        let shared = "defer-on-error yes\nreport /r.jsonl\n"
        #expect(try fixture.parse(ScanCommand.self, ["m"], user: shared).reportPath == "/r.jsonl")
        #expect(try fixture.parse(FilterCommand.self, [], user: shared).options.defersOnError)
        let message = try fixture.usageError("scan", ["m"], user: "alarm\n\ncalender /c\n")
        #expect(message?.hasSuffix("xdg/eventsuggest/config:3: unknown option 'calender'") == true, "\(message ?? "")")
    }

    @Test("a file's errors name the file and line and say what is wanted")
    func fileErrors() throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        let cases: [(String, String)] = [
            ("calendar\n", "config:1: option 'calendar' needs a value (DIR)"),
            ("alarm maybe\n", "config:1: 'alarm' is a switch: give yes or no, not 'maybe'"),
            ("calendar /a\ncalendar /b\n", "config:2: 'calendar' given twice in this file (first on line 1)"),
            ("mbox-format mboxq\n", "config:1: --mbox-format wants mboxrd or mboxo, not 'mboxq'"),
            ("jobs 0\n", "config:1: --jobs wants a whole number from 1 to 256, not '0'"),
        ]
        for (text, expected) in cases {
            let message = try fixture.usageError("scan", ["m"], user: text)
            #expect(message?.hasSuffix(expected) == true, "\(text): \(message ?? "accepted")")
        }
    }
}

@Suite("the command line's own rules")
struct CommandLineRuleTests {
    @Test("-- ends the options: 'extract -- --help' reads a file named --help; before --, --help is help")
    func doubleDash() throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        let values = try #require(try fixture.values("extract", ["--json", "--", "--help", "-", "--json"]))
        #expect(values.operands == ["--help", "-", "--json"])
        #expect(values.isOn(OutputOptions.json))
        #expect(try fixture.values("extract", ["--help", "x"]) == nil)
        #expect(try fixture.values("extract", ["x", "--help"]) == nil)
        #expect(try fixture.values("extract", ["-h"]) == nil)
        #expect(try fixture.values("extract", ["--", "-h"])?.operands == ["-h"])
    }

    @Test("switches: --no-SWITCH; a value option has no --no-; a switch takes no =value")
    func switches() throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        #expect(try fixture.usageError("scan", ["--no-calendar", "m"]) == "unknown option '--no-calendar' for 'scan'")
        #expect(try fixture.usageError("scan", ["--alarm=yes", "m"])
            == "--alarm is a switch and takes no value (use --alarm or --no-alarm)")
        #expect(try fixture.usageError("scan", ["--alarm", "--no-alarm", "m"])?.hasPrefix("--alarm given twice") == true)
    }

    @Test("every error names the option and says what it wants", arguments: [
        (["--calendar"], "--calendar needs a value (DIR)"),
        (["--calendar", "--alarm"], "--calendar needs a value (DIR), not the option '--alarm'"),
        (["--jobs", "many"], "--jobs wants a whole number from 1 to 256, not 'many'"),
        (["--dns-timeout", "0"], "--dns-timeout wants a whole number from 1 to 60, not '0'"),
        (["--dns", "resolver.example"], "--dns wants an IP address with an optional port (127.0.0.1:5353, [::1]:53), not 'resolver.example'"),
        (["--keys", "/k", "--dns", "127.0.0.1"], "use either --keys or --dns, not both"),
        (["--now", "yesterday"], "--now wants an ISO 8601 time with a zone (2020-06-26T10:00:00Z or 2020-06-26T10:00:00-07:00) or a date (2020-06-26, midnight UTC), not 'yesterday'"),
        (["--mbox-format", "mboxq"], "--mbox-format wants mboxrd or mboxo, not 'mboxq'"),
        (["--frob"], "unknown option '--frob' for 'scan'"),
        (["-x"], "unknown option '-x' (options are spelled --name; a file whose name starts with '-' goes after '--')"),
    ])
    func errors(arguments: [String], expected: String) throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        #expect(try fixture.usageError("scan", ["m"] + arguments) == expected)
    }

    @Test("a command that needs operands says which")
    func operands() throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        #expect(try fixture.usageError("scan", []) == "scan needs at least one PATH (a Maildir, an mbox, a file, or -)")
        #expect(try fixture.usageError("filter", ["x"]) == "filter reads the message on standard input and takes no PATH")
    }
}
