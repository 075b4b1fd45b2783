import Foundation

/// Finds and runs the built `eventsuggest` binary for end-to-end tests.
enum TestBinary {
    /// The repository root (this file is Tests/EndToEndTests/TestBinary.swift).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `$EVENTSUGGEST_BINARY`, else the binary beside the test bundle (the same build), else .build/debug.
    static var eventsuggest: URL {
        if let override = ProcessInfo.processInfo.environment["EVENTSUGGEST_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            bundleDirectory.appendingPathComponent("eventsuggest"),
            bundleDirectory.deletingLastPathComponent().appendingPathComponent("eventsuggest"),
            repositoryRoot.appendingPathComponent(".build/debug/eventsuggest"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }

    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: Data
        var seconds: Double
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Runs `body` with SIGPIPE blocked in this thread: writing to a child that has already
    /// exited without reading all its input (a fast release binary refusing a usage error, say)
    /// is then an EPIPE error, not a signal that ends the whole test process (which it did,
    /// signal 13, running the suite against the release build). A SIGPIPE left pending for this
    /// thread is taken before the old mask comes back. The child was spawned before, so it does
    /// not inherit the mask.
    static func withBrokenPipeAsError(_ body: () -> Void) {
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        body()
    }

    /// Runs the binary with `arguments`, feeding `input` on standard input, and waits.
    static func run(_ arguments: [String], input: Data? = nil, currentDirectory: URL? = nil) throws -> Result {
        try runProcess(eventsuggest, arguments, input: input, currentDirectory: currentDirectory)
    }

    /// `environment`: variables set over this process's own (`inheritsEnvironment: false`:
    /// exactly these, as a mail server starts its delivery agent). `feed`: writes standard input
    /// itself (given the writing end and the child's process id) instead of `input`; the
    /// end is closed after it.
    static func runProcess(_ executable: URL, _ arguments: [String], input: Data? = nil,
                           currentDirectory: URL? = nil, environment: [String: String] = [:],
                           inheritsEnvironment: Bool = true,
                           feed: ((FileHandle, Int32) throws -> Void)? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        if !inheritsEnvironment {
            process.environment = environment
        } else if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let stdoutPipe = Pipe(), stderrPipe = Pipe(), stdinPipe = Pipe()
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        process.standardInput = stdinPipe
        let start = Date()
        try process.run()
        // Read both pipes concurrently so a full pipe never blocks the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var out = Data(), err = Data()
        group.enter()
        DispatchQueue.global().async { out = stdoutPipe.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { err = stderrPipe.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        var feedError: (any Error)?
        withBrokenPipeAsError {
            if let feed {
                do { try feed(stdinPipe.fileHandleForWriting, process.processIdentifier) } catch { feedError = error }
            } else if let input {
                try? stdinPipe.fileHandleForWriting.write(contentsOf: input)
            }
            try? stdinPipe.fileHandleForWriting.close()
        }
        group.wait()
        process.waitUntilExit()
        if let feedError { throw feedError }
        return Result(status: process.terminationStatus, stdout: out, stderr: err,
                      seconds: Date().timeIntervalSince(start))
    }
}
