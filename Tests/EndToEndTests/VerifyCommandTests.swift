import Foundation
import Testing

/// `eventsuggest verify` over the sample mailbox, with its keys file.
@Suite("verify on the sample mailbox")
struct VerifyCommandTests {
    static let samples = TestBinary.repositoryRoot.appendingPathComponent("Maildir-samples")

    @Test("text output: file:line, verdict, domain, selector, algorithm, and the reason of the forgery; exit 1")
    func text() throws {
        let result = try TestBinary.run(["verify", "--keys", Self.samples.path + "/keys", "--now", "2027-06-01T00:00:00Z",
                                         Self.samples.path])
        #expect(result.status == 1) // the forgery and the unsigned newsletter have no passing signature
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        // Every message of the sample Maildir has its line (one per signature, or "unsigned").
        let messages = try ["cur", "new"].flatMap { sub in
            try FileManager.default.contentsOfDirectory(atPath: Self.samples.path + "/" + sub).filter { !$0.hasPrefix(".") }
        }
        #expect(messages.count >= 6)
        for message in messages { #expect(lines.contains { $0.contains("/" + message + ":") }, "no line for \(message)") }
        #expect(lines.contains { $0.hasSuffix("1593190800.M1P100.samples:2,S:1: dkim=pass d=epicsteak.example s=2020 a=rsa-sha256") })
        #expect(lines.contains { $0.hasSuffix("1714000200.M5P100.samples:2,S: unsigned (no DKIM-Signature field)") })
        #expect(lines.contains { $0.contains("1714000300.M6P100.samples:1: dkim=fail d=hoteldulac.example s=booking a=rsa-sha256 (body hash mismatch: computed ") })
    }

    @Test("an all-pass input exits 0; --authserv-id prints the RFC 8601 field")
    func authenticationResults() throws {
        let file = Self.samples.path + "/cur/1700000000.M2P100.samples:2,S"
        let result = try TestBinary.run(["verify", "--keys", Self.samples.path + "/keys", "--authserv-id", "mx.example.org", file])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("Authentication-Results: mx.example.org;\n\tdkim=pass header.d=united.example header.s=mail header.a=ed25519-sha256 header.b="))
    }

    @Test("--jobs 1 and --jobs 4 give the same verdicts in the same order")
    func jobs() throws {
        let arguments = ["verify", "--json", "--keys", Self.samples.path + "/keys", "--now", "2027-06-01T00:00:00Z", Self.samples.path]
        let one = try TestBinary.run(arguments + ["--jobs", "1"])
        let four = try TestBinary.run(arguments + ["--jobs", "4"])
        #expect(one.stdout == four.stdout)
        #expect(one.status == four.status)
        #expect(!one.stdout.isEmpty)
        #expect(try TestBinary.run(["verify", "--jobs", "0", "-"]).status == 2)
    }

    @Test("usage errors: --keys with --dns, a bad --dns, a bad --now; a missing keys file names it")
    func errors() throws {
        let both = try TestBinary.run(["verify", "--keys", "k", "--dns", "127.0.0.1", "-"])
        #expect(both.status == 2)
        #expect(both.stderrText.contains("use either --keys or --dns"))
        #expect(try TestBinary.run(["verify", "--dns", "not-an-ip", "-"]).status == 2)
        #expect(try TestBinary.run(["verify", "--now", "yesterday", "-"]).status == 2)
        let missing = try TestBinary.run(["verify", "--keys", "/nonexistent/keys", "-"], input: Data())
        #expect(missing.status == 1)
        #expect(missing.stderrText.contains("/nonexistent/keys: cannot read the keys file: No such file or directory"))
    }
}
