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
