import Foundation
import Glibc
import TestSupport

/// `eventsuggest milter` started as a user starts it (the built binary, a free loopback
/// port), its standard error in a log file; SIGKILLed by ``stop()`` if still running.
final class MilterUnderTest {
    let port: UInt16
    let process: SpawnedProcess

    init(port: UInt16? = nil, arguments: [String]) throws {
        self.port = try port ?? LoopbackTCP.freePort()
        let logPath = FileManager.default.temporaryDirectory.appendingPathComponent("es-milter-\(UUID().uuidString).log").path
        process = try SpawnedProcess(
            [TestBinary.eventsuggest.path, "milter", "--socket", "inet:\(self.port)@127.0.0.1"] + arguments, logPath: logPath)
        try waitUntilListening()
    }

    deinit {
        stop()
        unlink(process.logPath)
    }

    var output: String { process.output }

    /// Waits for the "listening on" line; throws with the output if the process ends first.
    private func waitUntilListening(seconds: Double = 30) throws {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if output.contains("listening on") { return }
            if process.reap(blocking: false) {
                throw FixtureError(description: "eventsuggest milter exited (status \(process.exitStatus ?? -1)): \(output)")
            }
            usleep(20_000)
        }
        throw FixtureError(description: "eventsuggest milter did not listen within \(seconds) s: \(output)")
    }

    func stop() { process.stop() }
}

/// The sample mailbox and the options that make its result the same on any day.
enum MilterSamples {
    static let root = TestBinary.repositoryRoot.appendingPathComponent("Maildir-samples")
    static let recipients = ["alice@\(PostfixInstance.domain)", "bob@\(PostfixInstance.domain)"]
    static let script = TestBinary.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/MilterScripts/smtp_send.py").path

    static var options: [String] {
        ["--keys", root.appendingPathComponent("keys").path,
         "--registered", root.appendingPathComponent("registered-domains").path,
         "--now", "2027-01-15T00:00:00Z"]
    }

    /// Every sample file, in file-name order (cur/ and new/ together).
    static var files: [String] {
        ["cur", "new"].flatMap { folder in
            let directory = root.appendingPathComponent(folder)
            return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
                .map { directory.appendingPathComponent($0).path }
        }.sorted { ($0 as NSString).lastPathComponent < ($1 as NSString).lastPathComponent }
    }

    /// Sends `files` over SMTP to Postfix, `jobs` sessions at once; the sender's lines.
    @discardableResult
    static func send(_ files: [String], to postfix: PostfixInstance, jobs: Int = 1) throws -> String {
        let output = try runTool("/usr/bin/python3", [script, "\(postfix.smtpPort)", postfix.recipients.joined(separator: ","),
                                                      "\(jobs)"] + files)
        return String(decoding: output, as: UTF8.self)
    }

    /// What `eventsuggest filter` makes of each file, run one after another into `calendar`:
    /// the oracle the milter's deliveries and calendar are compared with.
    static func filtered(_ files: [String], calendar: String) throws -> [Data] {
        try files.map { path in
            let result = try TestBinary.run(["filter", "--calendar", calendar] + options,
                                            input: try Data(contentsOf: URL(fileURLWithPath: path)))
            guard result.status == 0 else { throw FixtureError(description: "filter \(path): \(result.stderrText)") }
            return result.stdout
        }
    }

    /// The calendar folder's `.ics` files by name.
    static func calendar(_ folder: String) -> [String: String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".ics") }
        return Dictionary(uniqueKeysWithValues: names.map { name in
            (name, (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? "")
        })
    }

    /// The lines a reader decides by: UID, STATUS and the times.
    static func identityLines(_ event: String) -> [String] {
        event.components(separatedBy: "\r\n").filter { line in
            ["UID:", "STATUS:", "DTSTART", "DTEND"].contains { line.hasPrefix($0) }
        }
    }

    /// The first field of a message, our Authentication-Results, with its folding.
    static func ourAuthenticationResults(_ message: Data) -> String {
        let text = String(decoding: message.prefix(4096), as: UTF8.self)
        var lines = text.components(separatedBy: "\n")
        guard let end = lines.dropFirst().firstIndex(where: { !$0.hasPrefix("\t") && !$0.hasPrefix(" ") }) else { return text }
        lines = Array(lines[..<end])
        return lines.joined(separator: "\n")
    }

    static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("es-milter-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
