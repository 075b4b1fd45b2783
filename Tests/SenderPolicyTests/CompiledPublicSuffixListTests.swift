import Foundation
import SenderPolicy
import Testing
import TestSupport

/// The list in libpsl's compiled form (Fixtures/publicsuffix/public_suffix_list.dafsa: the
/// fixture list compiled by Debian's psl-make-dafsa 0.21.2, `--output-format=binary
/// --input-format=psl`), read by our own walk of the graph.
@Suite("the compiled Public Suffix List (libpsl DAFSA)")
struct CompiledPublicSuffixListTests {
    static let compiledPath: String = (try? fixtureURL("publicsuffix/public_suffix_list.dafsa").path) ?? "missing.dafsa"

    static func compiledList() throws -> PublicSuffixList { try PublicSuffixList(path: compiledPath) }

    @Test("the list's own test vectors, read from the compiled form")
    func vectors() throws {
        let compiled = try Self.compiledList()
        let vectors = try PublicSuffixTestVectors.vectors()
        #expect(vectors.count == 78)
        for vector in vectors {
            guard let name = vector.name else { continue }
            let expected = try vector.registrable.map { try DomainName($0).description }
            #expect(compiled.organizationalDomain(of: name) == expected, "\(vector)")
        }
    }

    /// The two forms of the same list agree on every rule: the rule's own name, a name one
    /// and two labels below it (which meet its wildcard or exception), in A-label form.
    @Test("every rule of the list gives the same answers in text and compiled form")
    func sameAnswersAsText() throws {
        let compiled = try Self.compiledList()
        let text = try fixtureText("publicsuffix/public_suffix_list.dat")
        var checked = 0
        for line in text.split(separator: "\n") {
            guard let word = line.split(separator: " ").first.map(String.init), !word.hasPrefix("//") else { continue }
            let name = word.hasPrefix("!") ? String(word.dropFirst()) : word.hasPrefix("*.") ? String(word.dropFirst(2)) : word
            for candidate in [name, "shop." + name, "www.shop." + name] {
                #expect(compiled.organizationalDomain(of: candidate) == fixtureSuffixes.organizationalDomain(of: candidate),
                        "\(candidate) (rule \(word))")
                #expect(compiled.publicSuffix(of: candidate) == fixtureSuffixes.publicSuffix(of: candidate), "\(candidate)")
            }
            checked += 1
        }
        #expect(checked > 9_000)
        // A name the list does not know: the implicit "*" rule in both forms.
        #expect(compiled.organizationalDomain(of: "mail.example.invalidtld") == "example.invalidtld")
    }

    /// The premise of the QUIRK in PublicSuffixList.suffixCount: the compiled form cannot say
    /// whether a wildcard's base is also a plain rule, which is harmless while no list has both.
    @Test("no wildcard's base is also a plain rule in the list")
    func noPlainWildcardBase() throws {
        let words = try fixtureText("publicsuffix/public_suffix_list.dat").split(separator: "\n")
            .compactMap { $0.split(separator: " ").first.map(String.init) }.filter { !$0.hasPrefix("//") }
        let plain = Set(words.filter { !$0.hasPrefix("*.") && !$0.hasPrefix("!") })
        let bases = words.filter { $0.hasPrefix("*.") }.map { String($0.dropFirst(2)) }
        #expect(bases.count > 50)
        #expect(bases.filter(plain.contains).isEmpty)
    }

    @Test("an internationalized name meets its rule in both forms")
    func internationalNames() throws {
        let compiled = try Self.compiledList()
        #expect(compiled.organizationalDomain(of: "shop.公司.cn") == "shop.xn--55qx5d.cn")
        #expect(compiled.organizationalDomain(of: "shop.xn--55qx5d.cn") == "shop.xn--55qx5d.cn")
        #expect(try compiled.isPublicSuffix("公司.cn"))
        #expect(!compiled.isAligned("attacker.xn--55qx5d.cn", with: "victim.公司.cn"))
    }

    @Test("Debian's compiled list is the default when installed, and agrees with Debian's text list")
    func debianCompiled() throws {
        guard FileManager.default.isReadableFile(atPath: PublicSuffixList.debianCompiledPath) else {
            #expect(PublicSuffixList.defaultPath == PublicSuffixList.debianPath)
            return
        }
        #expect(PublicSuffixList.defaultPath == PublicSuffixList.debianCompiledPath)
        let compiled = try PublicSuffixList(path: PublicSuffixList.debianCompiledPath)
        let text = try PublicSuffixList(path: PublicSuffixList.debianPath)
        for name in ["mail.example.co.uk", "co.uk", "b.c.kobe.jp", "city.kobe.jp", "www.ck", "test.ck", "a.github.io",
                     "shop.xn--55qx5d.cn", "example.com", "com", "a.b.example.pvt.k12.ma.us"] {
            #expect(compiled.organizationalDomain(of: name) == text.organizationalDomain(of: name), "\(name)")
        }
    }

    // MARK: attacks: a broken file is refused with its name, never a crash or a wrong answer

    private static func write(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("psl-\(UUID().uuidString).dafsa").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private static func load(_ bytes: [UInt8]) throws -> Result<PublicSuffixList, PublicSuffixList.LoadError> {
        let path = try write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do { return .success(try PublicSuffixList(path: path)) } catch { return .failure(error) }
    }

    @Test("a truncated compiled list is refused, naming the file", arguments: [17, 18, 100, 1_000, 20_000, 56_000])
    func truncated(length: Int) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.compiledPath)))
        #expect(bytes.count > length)
        let path = try Self.write(Array(bytes.prefix(length)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            try PublicSuffixList(path: path)
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix(path + ": ") && message.contains("truncated or corrupt")
        }
    }

    @Test("a compiled list of another version, or only a header, is refused")
    func wrongHeader() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.compiledPath)))
        var otherVersion = bytes
        otherVersion[11] = UInt8(ascii: "9") // ".DAFSA@PSL_9"
        for broken in [otherVersion, Array(bytes.prefix(16))] {
            guard case .failure(let error) = try Self.load(broken) else {
                Issue.record("a broken header was accepted")
                continue
            }
            #expect(error.description.contains("not a libpsl DAFSA file"))
        }
    }

    /// Every byte of the graph changed, one at a time, to a value that breaks links (a jump
    /// back, a jump past the end, a label that never ends): the file loads and answers, or is
    /// refused; never a crash. The honest file beside it answers the vectors (test above).
    @Test("a corrupted byte anywhere is refused or harmless, never a crash")
    func corruptBytes() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.compiledPath)))
        var refused = 0
        var generator = SplitMix64(seed: 21)
        for _ in 0..<300 {
            var broken = bytes
            let position = 16 + Int(generator.next() % UInt64(bytes.count - 16))
            broken[position] = [0x00, 0x7F, 0xFF, 0xE0, 0x5F, UInt8(truncatingIfNeeded: generator.next())][Int(generator.next() % 6)]
            let path = try Self.write(broken)
            defer { try? FileManager.default.removeItem(atPath: path) }
            do {
                let list = try PublicSuffixList(path: path)
                for name in ["www.example.co.uk", "a.b.c.kobe.jp", "shop.xn--55qx5d.cn", "x.github.io"] {
                    _ = list.organizationalDomain(of: name)
                }
            } catch {
                #expect("\(error)".hasPrefix(path + ": "))
                refused += 1
            }
        }
        #expect(refused > 0)
    }
}
