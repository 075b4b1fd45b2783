import CryptoOpenSSL
import Foundation
@testable import DKIM
import MailMessage

func fixtureData(_ name: String) throws -> [UInt8] {
    guard let url = Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil) else {
        throw FixtureMissing(name: name)
    }
    return Array(try Data(contentsOf: url))
}

struct FixtureMissing: Error { let name: String }

func fixtureText(_ name: String) throws -> String {
    String(decoding: try fixtureData(name), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

func privateKey(_ name: String) throws -> PrivateKey { try PrivateKey(pem: try fixtureData(name + ".pem")) }

/// A key record for a test key: `v=DKIM1; k=…; p=…` plus extra tags.
func keyRecord(_ name: String, kind: String = "rsa", extra: String = "") throws -> String {
    let file = kind == "ed25519" ? "ed25519.raw.b64" : name + ".spki.b64"
    return "v=DKIM1; k=\(kind); \(extra)p=" + (try fixtureText(file))
}

/// A plain message in CRLF form.
func sampleMessage(body: String = "Hello,\r\n\r\nyour table for 2 is confirmed.\r\n", extraHeaders: String = "") -> [UInt8] {
    Array(("From: EPIC Steak <res@epicsteak.example>\r\nTo: guest@example.org\r\n"
        + "Subject: Your reservation\r\nDate: Fri, 26 Jun 2020 10:00:00 -0700\r\n"
        + "Message-ID: <r1@epicsteak.example>\r\n" + extraHeaders + "\r\n" + body).utf8)
}

/// Signs `bytes` with a fixture key as `sel._domainkey.epicsteak.example`.
func signed(_ bytes: [UInt8], key: String = "rsa2048", algorithm: DKIMAlgorithm? = nil,
            header: Canonicalization = .relaxed, body: Canonicalization = .relaxed,
            configure: (inout DKIMSigner) -> Void = { _ in }) throws -> [UInt8] {
    var signer = DKIMSigner(key: try privateKey(key), domain: "epicsteak.example", selector: "sel",
                            algorithm: algorithm, headerCanonicalization: header, bodyCanonicalization: body,
                            timestamp: 1_593_190_800)
    configure(&signer)
    return try signer.sign(MailMessage(bytes: bytes))
}

func verifier(_ records: [String: String], now: Int64 = 1_593_190_900, limits: DKIMLimits = .default) -> DKIMVerifier {
    DKIMVerifier(resolver: StaticKeyResolver(records: records.mapValues { [$0] }), now: now, limits: limits)
}

func verify(_ bytes: [UInt8], records: [String: String], now: Int64 = 1_593_190_900,
            limits: DKIMLimits = .default) -> [DKIMResult] {
    verifier(records, now: now, limits: limits).verify(MailMessage(bytes: bytes))
}

let selectorName = "sel._domainkey.epicsteak.example"

extension Array where Element == UInt8 {
    /// The bytes with the first occurrence of `old` replaced by `new`.
    func replacing(_ old: String, with new: String) -> [UInt8] {
        let text = String(decoding: self, as: UTF8.self)
        guard let range = text.range(of: old) else { return self }
        return Array(text.replacingCharacters(in: range, with: new).utf8)
    }

    var lfOnly: [UInt8] { Array(String(decoding: self, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n").utf8) }
}
