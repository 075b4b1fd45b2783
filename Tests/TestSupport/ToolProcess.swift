import Foundation

/// Runs an oracle tool (`python3 script.py …`) and returns its standard output; throws
/// ``ToolFailed`` with its standard error when it exits non-zero. Both pipes are read at
/// once, so a tool that writes much to standard error cannot block on a full pipe.
public func runTool(_ executable: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    nonisolated(unsafe) var message = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async { message = errors.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ToolFailed(command: ([executable] + arguments).joined(separator: " "), status: process.terminationStatus,
                         stderr: String(decoding: message, as: UTF8.self))
    }
    return data
}

public struct ToolFailed: Error, CustomStringConvertible {
    public let command: String, status: Int32, stderr: String
    public var description: String { "\(command) exited \(status): \(stderr)" }
}
