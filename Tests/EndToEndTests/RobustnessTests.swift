import Foundation
import TestSupport
import Testing

/// The binary fed hostile and broken messages: each hits a limit or a soft error, which
/// must come out as a finding with a stable code, exit status 0, and in bounded time.
@Suite("robustness of inspect against pathological mail", .serialized)
struct RobustnessTests {
    static let timeBound = 20.0 * Sanitizer.slowdown

    /// Writes `bytes` to a temp file, runs `inspect --json` on it, and removes the file.
    static func inspect(_ bytes: [UInt8], name: String = "message.eml") throws -> (TestBinary.Result, String) {
        let folder = try MailboxE2E.makeFolder("robust")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try MailboxE2E.write(bytes, to: name, in: folder)
        return (try TestBinary.run(["inspect", "--json", path]), path)
    }

    /// The one object `inspect --json` printed, after checking status, stderr and time.
    static func singleObject(
        _ result: TestBinary.Result, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any] {
        #expect(result.status == 0, "stderr: \(result.stderrText.prefix(500))", sourceLocation: sourceLocation)
        #expect(result.seconds < timeBound, "took \(result.seconds) s", sourceLocation: sourceLocation)
        let objects = try MailboxE2E.objects(result)
        try #require(objects.count == 1, "stdout: \(result.stdoutText.prefix(500))", sourceLocation: sourceLocation)
        return objects[0]
    }

    // MARK: MIME depth

    @Test("100,000 nested multiparts: mime-depth-exceeded, the level-32 multipart kept as one leaf")
    func deepNesting() throws {
        let levels = 100_000
        var message = Array("From: a@example.com\r\nSubject: nested\r\n".utf8)
        message.reserveCapacity(levels * 70)
        for level in 0..<levels {
            message += Array("Content-Type: multipart/mixed; boundary=\"b\(level)\"\r\n\r\n--b\(level)\r\n".utf8)
        }
        message += Array("Content-Type: text/plain\r\n\r\ninnermost\r\n".utf8)
        for level in (0..<levels).reversed() { message += Array("--b\(level)--\r\n".utf8) }

        let (result, _) = try Self.inspect(message)
        let object = try Self.singleObject(result)
        #expect(MailboxE2E.findings(object, code: "mime-depth-exceeded").count == 1)
        // Depth 0 is the root; the multipart at depth 32 is not split and is listed as a leaf.
        let depth32 = Array(repeating: "1", count: 32).joined(separator: ".")
        #expect(MailboxE2E.parts(object).map(\.path) == [depth32])
        #expect(MailboxE2E.parts(object).map(\.type) == ["multipart/mixed"])
        #expect(object["subject"] as? String == "nested")
    }

    // MARK: header size

    /// (folded into 1,000-byte lines?, inside an mbox?)
    static let bigHeaderCases: [(Bool, Bool)] = [(false, false), (true, false), (false, true), (true, true)]

    @Test("a 50 MB header field: header-too-large at its line, the body still read", arguments: bigHeaderCases)
    func hugeHeader(folded: Bool, inMbox: Bool) throws {
        let size = 50_000_000
        var message = [UInt8]()
        message.reserveCapacity(size + 1_000)
        if inMbox { message += Array("From a@example.com Mon Jan  1 00:00:00 2024\n".utf8) }
        message += Array("From: a@example.com\r\nSubject: big header\r\nX-Big: ".utf8)
        if folded {
            let line = Array(String(repeating: "a", count: 998).utf8) + [0x0D, 0x0A, 0x20]
            while message.count < size { message += line }
        } else {
            message += repeatElement(0x61, count: size)
        }
        message += Array("\r\nMessage-ID: <after@example.com>\r\n\r\nthe body is still read\r\n".utf8)

        let (result, _) = try Self.inspect(message, name: inMbox ? "big.mbox" : "big.eml")
        let object = try Self.singleObject(result)
        #expect(MailboxE2E.findingCodes(object) == ["header-too-large"])
        // In the mbox the envelope is line 1, so X-Big is on line 4 of the file.
        #expect(MailboxE2E.findings(object, code: "header-too-large").map { $0["line"] as? Int }
                == [inMbox ? 4 : 3])
        #expect(object["subject"] as? String == "big header")
        #expect(MailboxE2E.parts(object) == [.init(path: "1", type: "text/plain", bytes: 24)])
    }

    // MARK: base64

    struct Base64Case: CustomTestStringConvertible, Sendable {
        var name: String
        var body: [UInt8]
        /// The decoded size, when the input determines it.
        var decodedBytes: Int?
        var malformed: Bool
        var testDescription: String { name }
    }

    static let base64Cases: [Base64Case] = {
        var random = MailboxE2E.SeededGenerator(seed: 0xB64)
        var cases: [Base64Case] = []
        for count in [3_000, 3_001, 3_002] {
            let data = Data(random.bytes(count))
            let encoded = data.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn,
                                                             .endLineWithLineFeed])
            cases.append(Base64Case(name: "base64 of \(count) random bytes", body: Array((encoded + "\r\n").utf8),
                                    decodedBytes: count, malformed: false))
            // The same with junk characters scattered through it: skipped, and reported.
            var junked = [UInt8]()
            let junk = Array("!*%~?".utf8)
            for (index, byte) in encoded.utf8.enumerated() {
                if index % 50 == 17 { junked.append(junk[index % junk.count]) }
                junked.append(byte)
            }
            cases.append(Base64Case(name: "base64 of \(count) random bytes with junk", body: junked + [0x0D, 0x0A],
                                    decodedBytes: count, malformed: true))
        }
        cases.append(Base64Case(name: "raw random bytes declared base64", body: random.bytes(20_000),
                                decodedBytes: nil, malformed: true))
        cases.append(Base64Case(name: "a stray last character", body: Array("QUJDR\r\n".utf8),
                                decodedBytes: 3, malformed: true))
        return cases
    }()

    @Test("base64 bodies: exact decoded size, malformed-base64 only when bytes had to be forgiven",
          arguments: base64Cases)
    func base64(testCase: Base64Case) throws {
        let message = Array(("From: a@example.com\r\nSubject: b64\r\nMIME-Version: 1.0\r\n"
            + "Content-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n\r\n").utf8)
            + testCase.body
        let (result, _) = try Self.inspect(message)
        let object = try Self.singleObject(result)
        #expect(MailboxE2E.findingCodes(object) == (testCase.malformed ? ["malformed-base64"] : []))
        let parts = MailboxE2E.parts(object)
        try #require(parts.count == 1)
        #expect(parts[0].path == "1")
        #expect(parts[0].type == "application/octet-stream")
        if let decoded = testCase.decodedBytes { #expect(parts[0].bytes == decoded) }
    }

    // MARK: truncation

    static let multipartHead = "From: a@example.com\r\nSubject: cut\r\nMIME-Version: 1.0\r\n"
        + "Content-Type: multipart/alternative; boundary=\"XYZ\"\r\n\r\n"
        + "--XYZ\r\nContent-Type: text/plain\r\n\r\nfirst part\r\n--XYZ\r\n"

    /// (name, message, parts listed, finding codes that must be there)
    static let truncated: [(String, String, [String], [String])] = [
        ("in the middle of the message header",
         "From: a@example.com\r\nSubject: cut\r\nContent-Ty",
         ["1 text/plain 10"], ["missing-header-separator"]),
        ("in the middle of a part header",
         multipartHead + "Content-Transfer-Enc",
         ["1 text/plain 10", "2 text/plain 20"], ["missing-header-separator", "missing-closing-boundary"]),
        ("in the middle of a part body",
         multipartHead + "Content-Type: text/html\r\n\r\n<p>sec",
         ["1 text/plain 10", "2 text/html 6"], ["missing-closing-boundary"]),
        ("right after a delimiter line",
         multipartHead,
         ["1 text/plain 10", "2 text/plain 0"], ["missing-closing-boundary"]),
    ]

    @Test("a truncated message: exit 0, the parts that are there listed, the cut reported",
          arguments: truncated)
    func truncatedMessage(name: String, message: String, parts: [String], codes: [String]) throws {
        let (result, _) = try Self.inspect(Array(message.utf8))
        let object = try Self.singleObject(result)
        #expect(object["subject"] as? String == "cut")
        #expect(MailboxE2E.parts(object).map(\.description) == parts)
        let found = MailboxE2E.findingCodes(object)
        for code in codes { #expect(found.contains(code), "\(code) missing from \(found)") }
    }

    // MARK: garbage

    @Test("5 MB of random bytes: exit 0 in time, one valid JSON object")
    func randomBytes() throws {
        var random = MailboxE2E.SeededGenerator(seed: 5_000_000)
        let bytes = random.bytes(5_000_000)
        #expect(!bytes.starts(with: Array("From ".utf8)))
        let (result, path) = try Self.inspect(bytes, name: "random.bin")
        let object = try Self.singleObject(result)
        #expect(object["file"] as? String == path)
        #expect(!MailboxE2E.parts(object).isEmpty)
        #expect(result.stderrText == "")
    }

    @Test("5 MB of random bytes under a multipart header: exit 0 in time, missing-closing-boundary")
    func randomMultipartBody() throws {
        var random = MailboxE2E.SeededGenerator(seed: 77)
        let bytes = Array(("From: a@example.com\r\nSubject: noise\r\n"
            + "Content-Type: multipart/mixed; boundary=\"q\"\r\n\r\n--q\r\n").utf8) + random.bytes(5_000_000)
        let (result, _) = try Self.inspect(bytes)
        let object = try Self.singleObject(result)
        #expect(object["subject"] as? String == "noise")
        #expect(MailboxE2E.findingCodes(object).contains("missing-closing-boundary"))
        #expect(MailboxE2E.parts(object).first?.path == "1")
    }

    // MARK: counts

    @Test("2,000 header fields: too-many-header-fields at the 1,001st field's line")
    func manyHeaderFields() throws {
        var text = "From: a@example.com\r\nSubject: many fields\r\n"
        for number in 3...2_000 { text += "X-Field-\(number): value \(number)\r\n" }
        text += "\r\nbody\r\n"
        let (result, _) = try Self.inspect(Array(text.utf8))
        let object = try Self.singleObject(result)
        #expect(MailboxE2E.findingCodes(object) == ["too-many-header-fields"])
        #expect(MailboxE2E.findings(object, code: "too-many-header-fields").map { $0["line"] as? Int } == [1_001])
        #expect(object["subject"] as? String == "many fields")
        #expect(MailboxE2E.parts(object) == [.init(path: "1", type: "text/plain", bytes: 6)])
    }

    @Test("5,000 sibling parts: too-many-parts, the first 999 listed (1,000 entities with the root)")
    func manyParts() throws {
        var text = "From: a@example.com\r\nSubject: many parts\r\nContent-Type: multipart/mixed; boundary=\"p\"\r\n\r\n"
        for number in 1...5_000 { text += "--p\r\nContent-Type: text/plain\r\n\r\npart \(number)\r\n" }
        text += "--p--\r\n"
        let (result, _) = try Self.inspect(Array(text.utf8))
        let object = try Self.singleObject(result)
        #expect(MailboxE2E.findingCodes(object) == ["too-many-parts"])
        let parts = MailboxE2E.parts(object)
        #expect(parts.count == 999)
        #expect(parts.first == .init(path: "1", type: "text/plain", bytes: 6))
        #expect(parts.last == .init(path: "999", type: "text/plain", bytes: 8))
    }

    // MARK: empty

    @Test("an empty message, as a file or on stdin: one empty-message finding", arguments: [false, true])
    func emptyMessage(onStandardInput: Bool) throws {
        let result: TestBinary.Result
        if onStandardInput {
            result = try TestBinary.run(["inspect", "--json", "-"], input: Data())
        } else {
            result = try Self.inspect([], name: "empty.eml").0
        }
        let object = try Self.singleObject(result)
        #expect(MailboxE2E.findingCodes(object) == ["empty-message"])
        #expect(MailboxE2E.parts(object) == [.init(path: "1", type: "text/plain", bytes: 0)])
        #expect(object["from"] is NSNull)
    }
}
