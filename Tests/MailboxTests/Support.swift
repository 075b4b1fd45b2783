import Foundation
import Mailbox

/// A fresh directory under the system temp folder, removed when the value goes away.
final class TemporaryDirectory {
    let path: String

    init(_ label: String = "mailbox") throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("es-\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `bytes` to `name` (intermediate folders created) and returns the full path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let full = path + "/" + name
        let folder = (full as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }

    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try write(Array(text.utf8), to: name)
    }

    @discardableResult
    func makeFolder(_ name: String) throws -> String {
        let full = path + "/" + name
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        return full
    }
}

/// Every message of an mbox file; `chunkSize` nil reads with the reader's default.
func readMbox(
    _ path: String, format: MboxFormat = .mboxrd, limits: MailboxLimits = .default, chunkSize: Int? = nil
) throws -> [MailboxMessage] {
    var messages: [MailboxMessage] = []
    if let chunkSize {
        var reader = try MboxReader(path: path, format: format, limits: limits, chunkSize: chunkSize)
        while let message = try reader.next() { messages.append(message) }
    } else {
        var reader = try MboxReader(path: path, format: format, limits: limits)
        while let message = try reader.next() { messages.append(message) }
    }
    return messages
}

extension MailboxMessage {
    /// The bytes as text, for readable failure messages (fixtures are ASCII).
    var text: String { String(decoding: bytes, as: UTF8.self) }
    var findingCodes: [String] { findings.map(\.code) }
}

/// A short, comparable name for what `MessageSource.open` decided.
func kind(of source: MessageSource) -> String {
    switch source {
    case .standardInput: "stdin"
    case .maildir: "maildir"
    case .mbox: "mbox"
    case .file: "file"
    }
}
