import CryptoOpenSSL
import Dispatch
import Foundation
import MailMessage
import Testing
@testable import DKIM

@Suite("the header hash input, and verification shared between threads")
struct SignedHeaderDataTests {
    private static let signatureField = "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=epicsteak.example;\r\n"
        + " s=sel; h=SUBJECT:subject:Subject:from:x-tag; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=;\r\n"
        + " b=dGVzdA==\r\n"

    @Test("each name in h= takes the next instance from the bottom, case-insensitively; a name with none left adds nothing")
    func instancesFromTheBottom() throws {
        let bytes = Array(("Received: by relay\r\nSubject: one\r\nX-Tag:  a  b \r\nsubject: two\r\n"
            + "From: res@epicsteak.example\r\n" + Self.signatureField + "\r\nbody\r\n").utf8)
        let (header, _) = MailMessage.header(of: bytes)
        let field = try #require(header.first(named: "DKIM-Signature"))
        let signature = try DKIMSignature(field: field)
        let data = DKIMVerifier.signedHeaderData(header, signature: signature, field: field)
        #expect(String(decoding: data, as: UTF8.self) == "subject:two\r\n" + "subject:one\r\n" + "from:res@epicsteak.example\r\n"
            + "x-tag:a b\r\n" + "dkim-signature:v=1; a=rsa-sha256; c=relaxed/relaxed; d=epicsteak.example; "
            + "s=sel; h=SUBJECT:subject:Subject:from:x-tag; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=; b=")
    }

    @Test("the instances a signature covers are the ones it hashed: what the pipeline may read (SignedHeaderView)")
    func coveredInstances() throws {
        let bytes = Array(("Received: by relay\r\nSubject: one\r\nX-Tag:  a  b \r\nsubject: two\r\n"
            + "From: res@epicsteak.example\r\n" + Self.signatureField + "\r\nbody\r\n").utf8)
        let (header, _) = MailMessage.header(of: bytes)
        let signature = try DKIMSignature(field: try #require(header.first(named: "DKIM-Signature")))
        // h=SUBJECT:subject:Subject:from:x-tag — two Subjects (bottom first), the third finds none.
        #expect(DKIMVerifier.signedFieldIndices(header, signedHeaders: signature.signedHeaders) == [3, 1, 4, 2])
        // A Subject added above: h= names Subject three times (oversigned), so the third takes
        // the added one (index 0) and the hash no longer matches what was signed.
        let added = Array("Subject: three\r\n".utf8) + bytes
        let (addedHeader, _) = MailMessage.header(of: added)
        #expect(DKIMVerifier.signedFieldIndices(addedHeader, signedHeaders: signature.signedHeaders) == [4, 2, 0, 5, 3])
        // Named once, the added one stays uncovered: what SignedHeaderView then refuses.
        #expect(DKIMVerifier.signedFieldIndices(addedHeader, signedHeaders: ["subject", "from"]) == [4, 5])
    }

    @Test("a passing result carries its covered instances")
    func resultCarriesInstances() throws {
        let message = try signed(sampleMessage())
        let results = verify(message, records: [selectorName: try keyRecord("rsa2048")])
        #expect(results.map(\.outcome) == [.pass])
        let header = MailMessage(bytes: message).header
        let names = results[0].signedFieldIndices.map { header.fields[$0].lowercasedName }
        #expect(names == ["from", "subject", "date", "to", "message-id"])
    }

    @Test("appending a field leaves the bytes before it alone, trailing spaces included")
    func appendKeepsEarlierBytes() {
        var data = Array("earlier ".utf8)
        HeaderCanonicalization.append(Array(" A \t: x \r\n".utf8), .relaxed, to: &data)
        #expect(String(decoding: data, as: UTF8.self) == "earlier  a:x\r\n")
        HeaderCanonicalization.append(Array("B: y\n".utf8), .simple, withLineEnding: false, to: &data)
        #expect(String(decoding: data, as: UTF8.self) == "earlier  a:x\r\nB: y")
    }

    @Test("one key verifies on many threads at once: every good signature passes, every bad one fails",
          arguments: [DigestAlgorithm.sha256, .sha1])
    func concurrentVerification(digest: DigestAlgorithm) throws {
        let key = try privateKey("rsa2048")
        let publicKey = try PublicKey(rsaDER: try key.publicKeyForDNS())
        let messages = (0..<64).map { Array("message \($0)".utf8) }
        let signatures = try messages.map { try key.sign($0, digest: digest) }
        let outcomes = Outcomes(count: messages.count)
        DispatchQueue.concurrentPerform(iterations: messages.count) { index in
            // Odd messages are checked against their neighbour's signature.
            let signature = index % 2 == 0 ? signatures[index] : signatures[index - 1]
            outcomes.set(index, publicKey.verify(signature: signature, data: messages[index], digest: digest))
        }
        #expect(outcomes.values == messages.indices.map { $0 % 2 == 0 })
    }
}

private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Bool]
    init(count: Int) { stored = Array(repeating: false, count: count) }
    func set(_ index: Int, _ value: Bool) { lock.withLock { stored[index] = value } }
    var values: [Bool] { lock.withLock { stored } }
}
