import CommandLineOptions
import DNS
import Foundation
import Mailbox
import SchemaMarkup
import Testing
@testable import EventSuggestCommands

@Suite("typed option values")
struct TypedOptionTests {
    @Test("scan: the groups' fields hold what was given")
    func scanFields() throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        let scan = try fixture.parse(ScanCommand.self, [
            "--calendar", "/cal", "--registered", "/reg", "--jobs", "3", "--mbox-format", "mboxo", "--recursive",
            "--now", "2027-01-15T10:00:00+01:00", "--dns", "127.0.0.1:5353", "--dns-timeout", "7", "--alarm",
            "--limit", "header-fields=5000", "--report", "-", "--no-progress", "a", "b"])
        #expect(scan.paths == ["a", "b"])
        #expect(scan.setup.calendar.destination == .folder("/cal"))
        #expect(scan.setup.calendar.alarm && !scan.setup.calendar.includePast)
        #expect(scan.setup.registeredFile == "/reg")
        #expect(scan.jobs.count == 3)
        #expect(scan.reading.mboxFormat == .mboxo && scan.reading.recursive)
        #expect(scan.setup.clock.fixed == 1_800_003_600)       // 09:00 UTC
        #expect(scan.setup.keys.server == DNSServer(host: "127.0.0.1", port: 5353))
        #expect(scan.setup.keys.timeoutSeconds == 7)
        #expect(scan.setup.limits.limits.message.maxHeaderFields == 5000)
        #expect(scan.reportPath == "-")
        #expect(scan.showsProgress == false)
        // Not given: the defaults.
        let plain = try fixture.parse(ScanCommand.self, ["a"])
        #expect(plain.setup.calendar.destination == nil && plain.reading.mboxFormat == .mboxrd && plain.showsProgress == nil)
        #expect(plain.setup.authservIdentifier == "eventsuggest")
    }

    @Test("--now takes a date as midnight UTC, a time with a zone; refuses a time without one")
    func nowDates() throws {
        #expect(ClockOptions.parseTimestamp("2027-01-15") == 1_799_971_200)
        #expect(ClockOptions.parseTimestamp("2027-01-15T00:00:00Z") == 1_799_971_200)
        #expect(ClockOptions.parseTimestamp("2027-01-15T00:00:00") == nil)   // no zone: which midnight?
        #expect(ClockOptions.parseTimestamp("2027-13-15") == nil)
        #expect(ClockOptions.parseTimestamp("2027-1-15") == nil)
        #expect(ClockOptions.parseTimestamp("20270115") == nil)
    }

    @Test("--calendar and --caldav are one destination: either, not both")
    func calendarDestination() throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        let dav = try fixture.parse(FilterCommand.self, ["--caldav", "https://dav.example/c/", "--caldav-credentials", "/cred"])
        #expect(dav.options.pipeline.calendar.destination == .caldav(url: "https://dav.example/c/", credentials: "/cred"))
        #expect(try fixture.usageError("filter", ["--calendar", "/c", "--caldav", "https://dav.example/"])
            == "--calendar and --caldav exclude each other: use one")
        #expect(try fixture.usageError("filter", ["--caldav-credentials", "/cred"])?.contains("goes with --caldav") == true)
    }

    @Test("filter: --attach-event and the defer switches, from the file and the command line")
    func filterSwitches() throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        let filter = try fixture.parse(FilterCommand.self, ["--defer-on-error"], user: "attach-event yes\n")
        #expect(filter.options.attachesEvent)
        #expect(filter.options.defersOnError && filter.options.defersOnTempfail)   // error implies tempfail
        let off = try fixture.parse(FilterCommand.self, ["--no-attach-event"], user: "attach-event\n")
        #expect(!off.options.attachesEvent && !off.options.defersOnTempfail)
    }

    @Test("milter: --attach-event is filter's own declaration, off by default, on from the file, off again with --no-")
    func milterAttachSwitch() throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        #expect(MilterOptions.options.filter { $0.name == "attach-event" } == [FilterOptions.attachEvent])
        let socket = ["--socket", "inet:8891@127.0.0.1"]
        #expect(try !fixture.parse(MilterCommand.self, socket).options.attachesEvent)
        #expect(try fixture.parse(MilterCommand.self, socket, user: "attach-event\n").options.attachesEvent)
        #expect(try fixture.parse(MilterCommand.self, socket + ["--attach-event"]).options.attachesEvent)
        #expect(try !fixture.parse(MilterCommand.self, socket + ["--no-attach-event"], user: "attach-event\n").options.attachesEvent)
    }

    @Test("lint: --profile repeated adds, --disable collects from file and command line, --format choices")
    func lintOptions() throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        let lint = try fixture.parse(LintCommand.self, ["--profile", "gmail", "--disable", "no-markup", "--format", "sarif", "x.eml"],
                                     user: "disable dkim-required\nprofile apple\n")
        #expect(lint.profiles == [.apple, .google])
        #expect(lint.disabledCodes == ["dkim-required", "no-markup"])
        #expect(lint.format == .sarif)
        #expect(try fixture.parse(LintCommand.self, ["x.eml"]).profiles == MarkupProfile.allCases)
        #expect(try fixture.usageError("lint", ["--profile", "", "x.eml"]) == "--profile wants apple or gmail, not ''")
        #expect(try fixture.usageError("lint", ["--profile", "yahoo", "x.eml"]) == "--profile wants apple or gmail, not 'yahoo'")
        #expect(try fixture.usageError("lint", ["--format", "xml", "x.eml"])
            == "--format wants text, json, github, junit, sarif or html, not 'xml'")
    }

    @Test("milter options: the pipeline's groups (without --log and --recipient) plus the socket and the error answer")
    func milterOptions() throws {
        let declarations = MilterOptions.options
        #expect(Set(PipelineOptions.options.filter { !["log", "recipient"].contains($0.name) }).isSubset(of: Set(declarations)))
        #expect(!declarations.contains { $0.name == "log" })
        // The recipients come from the envelope, each to its own calendar.
        #expect(!declarations.contains { $0.name == "recipient" })
        func parse(_ arguments: [String]) throws -> MilterOptions {
            try MilterOptions(parsing: ArgumentParser.parse(arguments, declarations: declarations, command: "milter"))
        }
        #expect(try parse(["--socket", "inet:8891@127.0.0.1"]).socket == .inet(port: 8891, host: "127.0.0.1"))
        #expect(try parse(["--socket", "inet:8891@[::1]"]).socket == .inet(port: 8891, host: "::1"))
        #expect(try parse(["--socket", "unix:/run/es.sock", "--on-error", "tempfail"]).socket == .unix(path: "/run/es.sock"))
        #expect(try parse(["--on-error", "tempfail"]).onError == .tempfail)
        #expect(try parse(["--calendar", "/srv/cal"]).pipeline.calendar.destination == .folder("/srv/cal"))
        for bad in ["inet:0@127.0.0.1", "inet:8891", "inet:99999@h", "tcp:1@h", "unix:"] {
            #expect(throws: UsageError.self, "\(bad)") { try parse(["--socket", bad]) }
        }
    }

    @Test("sign: the required options are named when missing; algorithm and canonicalization are checked")
    func signOptions() throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        #expect(try fixture.usageError("sign", ["--domain", "d", "--selector", "s"]) == "sign needs --key PEM")
        let sign = try fixture.parse(SignCommand.self, ["--key", "k", "--domain", "d", "--selector", "s",
                                                        "--canonicalization", "simple/relaxed", "--expire", "60", "in.eml"])
        #expect(sign.canonicalization.header == .simple && sign.canonicalization.body == .relaxed)
        #expect(sign.lifetime == 60 && sign.input == "in.eml")
        #expect(try fixture.usageError("sign", ["--key", "k", "--domain", "d", "--selector", "s", "--algorithm", "rsa-sha1"])
            == "--algorithm wants rsa-sha256 or ed25519-sha256, not 'rsa-sha1'")
    }
}
