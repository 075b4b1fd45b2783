// Fuzz target: mbox splitting. The same file read with a 1 MiB chunk and with a tiny chunk
// (1–16 bytes, chosen from the input) must give the same messages, at the same lines, with
// the same findings: no chunk-boundary bugs.
import Glibc
import Mailbox

private let path = "/tmp/eventsuggest-fuzz-mbox-\(getpid()).mbox"

private struct Read: Equatable {
    let bytes: [UInt8]
    let line: Int?
    let findings: [String]
}

private func messages(format: MboxFormat, chunkSize: Int) -> [Read]? {
    guard var reader = try? MboxReader(path: path, format: format, limits: MailboxLimits(maxMessageBytes: 1 << 16),
                                       chunkSize: chunkSize) else { return nil }
    var result: [Read] = []
    do {
        while let message = try reader.next() {
            result.append(Read(bytes: message.bytes, line: message.location.line,
                               findings: message.findings.map { "\($0.code) \($0.location?.line ?? 0)" }))
        }
    } catch {
        return nil
    }
    return result
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let file = fopen(path, "wb") else { fatalError("cannot write \(path)") }
    if size > 0 { precondition(fwrite(data, 1, size, file) == size) }
    fclose(file)
    var hash: UInt32 = 2166136261
    for i in 0..<size { hash = (hash ^ UInt32(data[i])) &* 16777619 }
    let small = Int(hash % 16) + 1
    for format in MboxFormat.allCases {
        let whole = messages(format: format, chunkSize: 1 << 20)
        let chunked = messages(format: format, chunkSize: small)
        precondition(whole == chunked, "\(format): chunk size \(small) splits differently from 1 MiB")
    }
    return 0
}
