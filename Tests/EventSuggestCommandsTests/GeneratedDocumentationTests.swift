import CommandLineOptions
import Foundation
import Testing
@testable import EventSuggestCommands

/// The man page and the completions are made from the declarations and checked in under
/// docs/: each lists every option, equals a fresh generation, and loads in its program.
@Suite("help, man page and completions from the declarations")
struct GeneratedDocumentationTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")
    static let manPage = docs.appendingPathComponent("eventsuggest.1")
    static func completion(_ shell: ShellCompletions.Shell) -> URL {
        docs.appendingPathComponent("completions").appendingPathComponent(shell.fileName(program: "eventsuggest"))
    }

    @Test("every option of every command is in its help, the man page and each completion", arguments: OptionCase.all)
    func everyOptionEverywhere(_ test: OptionCase) throws {
        let program = EventSuggestTool.program
        let command = try #require(program.commands.first { $0.name == test.command })
        let name = test.option.name
        #expect(HelpText.command(command, program: program).contains("  --\(name)"))
        #expect(ManPage.render(program).contains(".B \\-\\-\(name.replacing("-", with: "\\-"))"))
        let bash = ShellCompletions.script(.bash, for: program)
        #expect(bash.contains("--\(name)"))
        let zsh = ShellCompletions.script(.zsh, for: program)
        #expect(zsh.contains("--\(name)[") || zsh.contains("--\(name)=["))
        #expect(ShellCompletions.script(.fish, for: program).contains("__fish_seen_subcommand_from \(test.command)\" -l \(name) "))
        if test.option.isSwitch {
            #expect(bash.contains("--no-\(name)") && zsh.contains("--no-\(name)["))
        }
    }

    @Test("the checked-in man page and completions equal a fresh generation ('make generated-docs')")
    func checkedInFilesAreCurrent() throws {
        let program = EventSuggestTool.program
        #expect(try String(contentsOf: Self.manPage, encoding: .utf8) == ManPage.render(program))
        for shell in ShellCompletions.Shell.allCases {
            #expect(try String(contentsOf: Self.completion(shell), encoding: .utf8) == ShellCompletions.script(shell, for: program),
                    "\(shell)")
        }
    }

    @Test("man renders the page without a warning at 80 columns")
    func manWithoutWarnings() throws {
        let result = try Shell.run("/usr/bin/man", ["--warnings", "-l", Self.manPage.path], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(result.status == 0)
        #expect(result.error == "", "\(result.error)")
        #expect(result.output.contains("--calendar"))
    }

    @Test("bash: the completion registers and completes options, choices and --no- spellings")
    func bash() throws {
        let script = """
            source '\(Self.completion(.bash).path)'
            complete -p eventsuggest
            COMP_WORDS=(eventsuggest scan --mbox-f); COMP_CWORD=2; _eventsuggest; echo "options: ${COMPREPLY[*]}"
            COMP_WORDS=(eventsuggest scan --mbox-format ''); COMP_CWORD=3; _eventsuggest; echo "choices: ${COMPREPLY[*]}"
            COMP_WORDS=(eventsuggest filter --no-al); COMP_CWORD=2; _eventsuggest; echo "negated: ${COMPREPLY[*]}"
            COMP_WORDS=(eventsuggest li); COMP_CWORD=1; _eventsuggest; echo "commands: ${COMPREPLY[*]}"
            """
        let result = try Shell.run("/bin/bash", ["--norc", "-c", script])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("-F _eventsuggest eventsuggest\n"))
        #expect(result.output.contains("options: --mbox-format\n"))
        #expect(result.output.contains("choices: mboxrd mboxo\n"))
        #expect(result.output.contains("negated: --no-alarm --no-allow-any-domain --no-allow-unverified\n"))
        #expect(result.output.contains("commands: lint\n"))
    }

    @Test("zsh: compinit loads the completion function from fpath without an error")
    func zsh() throws {
        let folder = Self.completion(.zsh).deletingLastPathComponent().path
        let dump = FileManager.default.temporaryDirectory.appendingPathComponent("es-zcompdump-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dump) }
        let script = """
            fpath=('\(folder)' $fpath)
            autoload -Uz compinit && compinit -u -d '\(dump)'
            print -r -- "registered: $_comps[eventsuggest]"
            autoload -Uz +X _eventsuggest && print -r -- loaded
            """
        let syntax = try Shell.run("/usr/bin/zsh", ["-n", Self.completion(.zsh).path])
        #expect(syntax.status == 0 && syntax.error == "", "\(syntax.error)")
        let result = try Shell.run("/usr/bin/zsh", ["-f", "-c", script])
        #expect(result.status == 0)
        #expect(result.error == "", "\(result.error)")
        #expect(result.output.contains("registered: _eventsuggest\n"))
        #expect(result.output.contains("loaded\n"))
    }

    @Test("fish: the completion completes commands, options and choices")
    func fish() throws {
        let script = """
            source '\(Self.completion(.fish).path)'
            complete -C 'eventsuggest scan --mbox-format '
            complete -C 'eventsuggest lint --form'
            complete -C 'eventsuggest ver'
            """
        let result = try Shell.run("/usr/bin/fish", ["--no-config", "-c", script])
        #expect(result.status == 0)
        #expect(result.error == "", "\(result.error)")
        #expect(result.output.contains("mboxrd\t") && result.output.contains("mboxo\t"))
        #expect(result.output.contains("--format\t"))
        #expect(result.output.contains("verify\t"))
    }
}

/// A program run to its end, its outputs read.
enum Shell {
    struct Result {
        let status: Int32
        let output: String
        let error: String
    }

    static func run(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        process.environment = merged
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both to the end before waiting, so a full pipe cannot stall the child.
        let errorData = Locked()
        let reader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.done { usleep(1000) }
        return Result(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                      error: String(decoding: errorData.value, as: UTF8.self))
    }

    private final class Locked: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private var finished = false
        func set(_ value: Data) { lock.withLock { data = value; finished = true } }
        var done: Bool { lock.withLock { finished } }
        var value: Data { lock.withLock { data } }
    }
}
