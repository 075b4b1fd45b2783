import CommandLineOptions
import Foundation
import Testing
@testable import EventSuggestCommands

/// One case per option of every command: the option given on the command line and the
/// same option in a configuration file reach the command's struct with the same value.
struct OptionCase: CustomTestStringConvertible, Sendable {
    let command: String
    let option: OptionDeclaration
    var testDescription: String { "\(command) --\(option.name)" }

    static var all: [OptionCase] {
        EventSuggestTool.commands.flatMap { type in type.command.options.map { OptionCase(command: type.command.name, option: $0) } }
    }

    /// A value the option takes.
    var sample: String {
        switch option.name {
        case "jobs": "3"
        case "dns-timeout": "5"
        case "dns": "127.0.0.1:5353"
        case "now": "2027-01-15"
        case "limit": "header-fields=5000"
        case "expire": "60"
        case "headers": "from:to"
        case "disable": "no-markup"
        case "socket": "inet:8891@127.0.0.1"
        default: option.offeredWords?.first ?? "/srv/value-of-\(option.name)"
        }
    }

    /// What the command needs besides this option to be complete (operands, required options).
    var base: [String] {
        var arguments: [String] = []
        if command == "sign" {
            for required in ["key", "domain", "selector"] where required != option.name { arguments += ["--\(required)", "v"] }
        }
        if option.name == "caldav-credentials" { arguments += ["--caldav", "https://dav.example/cal/"] }
        if command == "milter" && option.name != "socket" { arguments += ["--socket", "inet:8891@127.0.0.1"] }
        if !["filter", "milter", "sign", "help"].contains(command) { arguments.append("mail.eml") }
        return arguments
    }
}

@Suite("every option of every command")
struct EveryOptionTests {
    @Test("from the command line", arguments: OptionCase.all)
    func commandLine(_ test: OptionCase) throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        let given = test.option.isSwitch ? ["--\(test.option.name)"] : ["--\(test.option.name)", test.sample]
        let values = try #require(try fixture.values(test.command, test.base + given))
        if test.option.isSwitch {
            #expect(values.isOn(test.option))
        } else {
            #expect(values.strings(test.option) == [test.sample])
        }
        // The struct takes it: the typed reading accepts the value.
        _ = try CommandLineFixture.type(test.command).init(parsing: values)
    }

    @Test("from the configuration file, equal to the command line", arguments: OptionCase.all)
    func configurationFile(_ test: OptionCase) throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        let line = test.option.isSwitch ? test.option.name : "\(test.option.name) \(test.sample)"
        let fromFile = try #require(try fixture.values(test.command, test.base, user: "# comment\n\(line)\n"))
        let given = test.option.isSwitch ? ["--\(test.option.name)"] : ["--\(test.option.name)", test.sample]
        let fromCommandLine = try #require(try fixture.values(test.command, test.base + given))
        #expect(fromFile.strings(test.option) == fromCommandLine.strings(test.option))
        #expect(fromFile.isOn(test.option) == fromCommandLine.isOn(test.option))
        _ = try CommandLineFixture.type(test.command).init(parsing: fromFile)
    }

    @Test("every switch has --no-SWITCH, and it wins over a configuration file that turned it on",
          arguments: OptionCase.all.filter(\.option.isSwitch))
    func negation(_ test: OptionCase) throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        let values = try #require(try fixture.values(test.command, test.base + ["--no-\(test.option.name)"],
                                                     user: "\(test.option.name) yes\n"))
        #expect(!values.isOn(test.option))
        let on = try #require(try fixture.values(test.command, test.base, user: "\(test.option.name) yes\n"))
        #expect(on.isOn(test.option))
    }

    @Test("a single-valued option given twice is refused, naming it; a collected one keeps both",
          arguments: OptionCase.all.filter { !$0.option.isSwitch })
    func repeats(_ test: OptionCase) throws {
        let fixture = try CommandLineFixture()
        defer { fixture.remove() }
        let twice = test.base + ["--\(test.option.name)", test.sample, "--\(test.option.name)=\(test.sample)"]
        if test.option.isCollected {
            let values = try #require(try fixture.values(test.command, twice))
            #expect(values.strings(test.option) == [test.sample, test.sample])
        } else {
            let message = try fixture.usageError(test.command, twice)
            #expect(message?.contains("--\(test.option.name) given twice") == true, "\(message ?? "accepted")")
        }
    }
}
