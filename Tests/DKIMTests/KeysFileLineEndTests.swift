import DKIM
import Foundation
import Testing

@Suite("keys file line ends (issue 14)")
struct KeysFileLineEndTests {
    static let lines = [
        "# keys for the samples",
        "sel._domainkey.example.com  v=DKIM1; p=abc   # trailing comment",
        "# a comment line: the next line is a record of its own",
        "two._domainkey.example.com \"v=DKIM1; \" \"p=def\"",
        "",
        "three._domainkey.example.org v=DKIM1; k=ed25519; p=ghi",
    ]

    @Test("LF, CRLF and mixed line ends read the same records, with no CR left in a value",
          arguments: ["\n", "\r\n", "mixed"])
    func sameRecords(lineEnd: String) throws {
        let text = Self.lines.enumerated().map { index, line in
            line + (lineEnd == "mixed" ? (index % 2 == 0 ? "\r\n" : "\n") : lineEnd)
        }.joined()
        let resolver = try KeysFileResolver(text: text, path: "keys")
        #expect(resolver.lookUpKey(selector: "sel", domain: "example.com") == .records(["v=DKIM1; p=abc"]))
        #expect(resolver.lookUpKey(selector: "two", domain: "example.com") == .records(["v=DKIM1; p=def"]))
        #expect(resolver.lookUpKey(selector: "three", domain: "example.org") == .records(["v=DKIM1; k=ed25519; p=ghi"]))
    }

    @Test("the attack: in a CRLF file a comment still ends at its line, and a bad line is named by its number")
    func commentEndsAtCRLF() throws {
        // Read as one line (a split on LF alone), the comment would swallow the record after it.
        let resolver = try KeysFileResolver(text: "# comment\r\nsel._domainkey.example.com v=DKIM1; p=abc\r\n")
        #expect(resolver.lookUpKey(selector: "sel", domain: "example.com") == .records(["v=DKIM1; p=abc"]))
        #expect {
            _ = try KeysFileResolver(text: "# one\r\n\r\nnot-a-key-name v=DKIM1; p=x\r\n", path: "keys.txt")
        } throws: { error in
            (error as? KeysFileResolver.LoadError)?.description
                == "keys.txt:3: 'not-a-key-name' is not a selector._domainkey.domain name"
        }
    }
    /// The file is split at LF bytes and each line decoded on its own: it must read as the
    /// whole file decoded at once would (`init(text:)` of the decoded text is that reference).
    static func readBoth(_ bytes: [UInt8]) throws -> (fromFile: Result<KeysFileResolver, KeysFileResolver.LoadError>,
                                                      fromText: Result<KeysFileResolver, KeysFileResolver.LoadError>) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString).txt")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = Result { () throws(KeysFileResolver.LoadError) in try KeysFileResolver(path: file.path) }
        let fromText = Result { () throws(KeysFileResolver.LoadError) in
            try KeysFileResolver(text: String(decoding: bytes, as: UTF8.self), path: file.path)
        }
        return (fromFile, fromText)
    }

    @Test("invalid UTF-8 cut by a line end, or inside a value: read as the whole file decoded at once")
    func invalidUTF8PerLine() throws {
        let bytes = Array("# caf".utf8) + [0xC3] + Array("\nsel._domainkey.example.com v=DKIM1; n=".utf8) + [0xE2, 0x82]
            + Array("\r\ntwo._domainkey.example.com p=x".utf8) + [0xFF] + Array("y # \u{E9}".utf8) + [0xE9] + Array("\n".utf8)
        let (fromFile, fromText) = try Self.readBoth(bytes)
        for resolver in [try fromFile.get(), try fromText.get()] {
            #expect(resolver.lookUpKey(selector: "sel", domain: "example.com") == .records(["v=DKIM1; n=\u{FFFD}"]))
            #expect(resolver.lookUpKey(selector: "two", domain: "example.com") == .records(["p=x\u{FFFD}y"]))
        }
    }

    @Test("a line that is only a broken sequence is an error naming the same line both ways")
    func brokenLineNamed() throws {
        let bytes = Array("# one\nsel._domainkey.example.com p=abc\n".utf8) + [0xF0, 0x9F, 0x98] + Array("\n".utf8)
        let (fromFile, fromText) = try Self.readBoth(bytes)
        for result in [fromFile, fromText] {
            #expect(throws: KeysFileResolver.LoadError.self) { try result.get() }
            if case .failure(let error) = result { #expect(error.line == 3, "\(error)") }
        }
    }

    @Test("by Characters, as before the byte-level shortcuts: a keycap '#\u{20E3}' starts no comment, a non-ASCII name is checked too")
    func charactersNotBytes() throws {
        let resolver = try KeysFileResolver(text: "sel._domainkey.example.com v=DKIM1; n=#\u{20E3}; p=abc\n"
                                                + "sel._domainkey.b\u{FC}cher.example v=DKIM1; p=def\n")
        #expect(resolver.lookUpKey(selector: "sel", domain: "example.com") == .records(["v=DKIM1; n=#\u{20E3}; p=abc"]))
        #expect(resolver.lookUpKey(selector: "sel", domain: "b\u{FC}cher.example") == .records(["v=DKIM1; p=def"]))
        #expect(throws: KeysFileResolver.LoadError.self) {
            _ = try KeysFileResolver(text: "sel._domainkey\u{301}.example.com v=DKIM1; p=abc\n")
        }
    }
}
