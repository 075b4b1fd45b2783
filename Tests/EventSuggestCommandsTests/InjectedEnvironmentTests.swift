import CommandLineOptions
import Testing
@testable import EventSuggestCommands

/// The variables commands read come from the environment the tool is given (main passes
/// the process's), not from getenv: what a test or an embedding host gives is what counts.
@Suite("the injected environment: TMPDIR, RECIPIENT, EVENTSUGGEST_SCAN_HELD_MESSAGES")
struct InjectedEnvironmentTests {
    /// The fixture's environment (no configuration files) plus `extra`.
    static func values(_ command: any ParsableCommand.Type, _ arguments: [String], _ extra: [String: String],
                       in fixture: CommandLineFixture) throws -> ParsedValues {
        let environment = try fixture.environment().merging(extra) { _, given in given }
        return try #require(try EventSuggestTool.values(for: command.command, arguments, environment: environment))
    }

    @Test("scan: the spool goes into the given TMPDIR, the held count is the given one")
    func scanReadsTheGivenEnvironment() throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        let given = try ScanCommand(parsing: Self.values(
            ScanCommand.self, ["mail"], ["TMPDIR": "/srv/spool", "EVENTSUGGEST_SCAN_HELD_MESSAGES": "3"], in: fixture))
        #expect(given.spoolFolder.path == "/srv/spool")
        #expect(given.heldMessages == 3)
        // Unset, empty or not a count: /tmp and the default of 256, as mktemp(1) would.
        for extra in [[:], ["TMPDIR": "", "EVENTSUGGEST_SCAN_HELD_MESSAGES": "-1"],
                      ["EVENTSUGGEST_SCAN_HELD_MESSAGES": "many"]] {
            let fallback = try ScanCommand(parsing: Self.values(ScanCommand.self, ["mail"], extra, in: fixture))
            #expect(fallback.spoolFolder.path == "/tmp", "\(extra)")
            #expect(fallback.heldMessages == 256, "\(extra)")
        }
    }

    @Test("filter: $RECIPIENT and TMPDIR from the given environment; --recipient still wins")
    func filterReadsTheGivenEnvironment() throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        let environment = ["RECIPIENT": "anna@example.org", "TMPDIR": "/var/tmp/mail"]
        let filter = try FilterCommand(parsing: Self.values(FilterCommand.self, [], environment, in: fixture))
        #expect(filter.options.pipeline.calendar.environmentRecipient == "anna@example.org")
        #expect(filter.options.pipeline.calendar.recipient == nil)
        #expect(filter.temporaryFolder.path == "/var/tmp/mail")
        let given = try FilterCommand(parsing: Self.values(FilterCommand.self, ["--recipient", "bob@example.org"],
                                                           environment, in: fixture))
        #expect(given.options.pipeline.calendar.recipient == "bob@example.org")
        let bare = try FilterCommand(parsing: Self.values(FilterCommand.self, [], [:], in: fixture))
        #expect(bare.options.pipeline.calendar.environmentRecipient == nil)
        #expect(bare.temporaryFolder.path == "/tmp")
    }
}
