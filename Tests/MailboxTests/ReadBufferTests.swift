import POSIXFiles
import Testing
import TestSupport
@testable import Mailbox

@Suite("the mbox read buffer's scans")
struct ReadBufferTests {
    /// A buffer holding `bytes`, read from a file as the mbox reader reads it.
    private static func buffer(_ bytes: [UInt8], in directory: TemporaryDirectory) throws -> ReadBuffer {
        let path = try directory.write(bytes, to: "b")
        let reader = try FileDescriptor.openRegularFile(path)
        var buffer = ReadBuffer(capacity: 16)
        while try buffer.fill(from: reader, upTo: 7) > 0 {}
        return buffer
    }

    @Test("line feeds counted, next F/> line start and last line start found as a byte-by-byte reading does")
    func scansAgreeWithPlainReading() throws {
        let directory = try TemporaryDirectory("read-buffer")
        var random = SplitMix64(seed: 0x4246)
        let alphabet: [UInt8] = Array("aaaaF>\n\n".utf8)
        for _ in 0..<200 {
            let bytes = (0..<Int(random.next() % 600)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let buffer = try Self.buffer(bytes, in: directory)
            #expect(buffer.count == bytes.count)
            for start in stride(from: 0, through: bytes.count, by: 1 + Int(random.next() % 5)) {
                let end = start + Int(random.next() % UInt64(bytes.count - start + 1))
                #expect(buffer.lineFeeds(in: start..<end) == bytes[start..<end].filter { $0 == 0x0A }.count)
                let expectedStart = (start..<max(start, bytes.count - 1)).first {
                    bytes[$0] == 0x0A && (bytes[$0 + 1] == 0x46 || bytes[$0 + 1] == 0x3E)
                }.map { $0 + 1 }
                #expect(buffer.lineStart(after: start, beginningWith: 0x46, or: 0x3E) == expectedStart)
                #expect(buffer.lastLineStart(in: start..<end) == bytes[start..<end].lastIndex(of: 0x0A).map { $0 + 1 })
            }
        }
    }

    @Test("dropped bytes are reclaimed by moving the rest down; the bytes stay in order")
    func dropAndRefill() throws {
        let directory = try TemporaryDirectory("read-buffer-drop")
        let bytes = (0..<1_000).map { UInt8($0 % 251) }
        let path = try directory.write(bytes, to: "b")
        let reader = try FileDescriptor.openRegularFile(path)
        var buffer = ReadBuffer(capacity: 64)
        var seen: [UInt8] = []
        while try buffer.fill(from: reader, upTo: 40) > 0 {
            let take = buffer.count / 2 + 1
            seen += buffer.bytes(0..<take)
            buffer.removeFirst(take)
        }
        seen += buffer.bytes(0..<buffer.count)
        #expect(seen == bytes)
    }
}
