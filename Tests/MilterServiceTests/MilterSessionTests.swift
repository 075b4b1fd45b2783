import DKIM
import EventSuggest
import Foundation
import Milter
import MilterService
import SenderPolicy
import Synchronization
import Testing

/// `MilterSession` without an MTA: header fields and body as libmilter hands them over, and
/// the edits it answers with, checked against `filter`'s own verdict on the same bytes.
@Suite("MilterService.MilterSession")
struct MilterSessionTests {
    static let pipeline = Pipeline(
        verifier: DKIMVerifier(resolver: StaticKeyResolver(records: [:]), now: 1_800_000_000),
        policy: SenderPolicy(publicSuffixes: PublicSuffixList(text: "example\n"), registered: nil),
        store: nil)

    static func settings(maxMessageBytes: Int = 1 << 20, log: @escaping @Sendable (String) -> Void = { _ in }) -> MilterSettings {
        MilterSettings(pipeline: RefreshingPipeline(initial: pipeline, lifetime: .seconds(3600)) { pipeline },
                       parseLimits: .default, maxMessageBytes: maxMessageBytes, authservID: "eventsuggest", log: log)
    }

    /// Feeds `fields` (name, value after the colon) and `body` the way libmilter does: the
    /// folded value with bare LF (Postfix's own line ending), the body in small chunks.
    static func run(_ session: MilterSession, fields: [(String, String)], body: String, chunk: Int = 7) -> MilterDecision {
        session.envelopeRecipient("alice@recipients.example")
        for (name, value) in fields { session.headerField(name: Array(name.utf8), value: Array(value.utf8)) }
        session.endOfHeader()
        let bytes = Array(body.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            bytes[start..<end].withUnsafeBytes { session.bodyChunk($0) }
            start = end
        }
        return session.endOfMessage(queueID: "Q1")
    }

    static let body = "Hello\r\n\r\n-- \r\nA signature\r\n"

    /// The message as it was sent, CRLF throughout: what filter would have read.
    static func original(_ fields: [(String, String)]) -> [UInt8] {
        Array((fields.map { "\($0.0):\($0.1.replacingOccurrences(of: "\n", with: "\r\n"))\r\n" }.joined() + "\r\n" + body).utf8)
    }

    @Test("the honest case: our two fields on top, nothing deleted, the edits filter's own")
    func honestMessage() throws {
        let fields = [("From", " Shop <news@shop.example>"), ("Subject", " folded\n\tsubject"),
                      ("Authentication-Results", " mx.other.example; dkim=none"), ("To", "alice@recipients.example")]
        let lines = Mutex<[String]>([])
        let decision = Self.run(MilterSession(settings: Self.settings(log: { line in lines.withLock { $0.append(line) } })),
                                fields: fields, body: Self.body)
        guard case .edit(let edits) = decision else { Issue.record("not an edit: \(decision)"); return }
        #expect(edits.deletions.isEmpty)
        #expect(edits.insertions.map(\.name) == ["Authentication-Results", "X-Event-Suggestion"])
        // Folded as filter folds it; the line break is the MTA's own (LF).
        #expect(edits.insertions[0].value == Array(" eventsuggest;\n\tdkim=none".utf8))
        #expect(edits.insertions[1].value == Array(" none (no trusted reservation markup)".utf8))
        // The same verdict filter reaches on the message rebuilt byte for byte.
        let verdict = Self.pipeline.filter(Self.original(fields), limits: .default, authservID: "eventsuggest")
        #expect(verdict.insertedFields.map(\.name) == edits.insertions.map(\.name))
        #expect(verdict.insertedFields.map(\.value) == edits.insertions.map(\.value))
        let logged = lines.withLock { $0 }
        #expect(logged.count == 1)
        #expect(logged.first?.hasPrefix("Q1: to=<alice@recipients.example> \(Self.original(fields).count) bytes dkim=none") == true)
    }

    @Test("the attack: forged verdicts and suggestions deleted by name and occurrence, another server's kept")
    func forgedFields() throws {
        let fields = [("X-Event-Suggestion", " created \"Free flight\"; id=FAKE"),
                      ("Authentication-Results", " mx.other.example; dkim=pass"),
                      ("Authentication-Results", " (trust me)\n\teventsuggest; dkim=pass header.d=bank.example"),
                      ("From", " Shop <news@shop.example>"),
                      ("x-event-suggestion", " created \"Second\"; id=FAKE2"),
                      ("authentication-results", " \"eventsuggest\"; dkim=pass")]
        let decision = Self.run(MilterSession(settings: Self.settings()), fields: fields, body: Self.body)
        guard case .edit(let edits) = decision else { Issue.record("not an edit: \(decision)"); return }
        #expect(edits.deletions == [
            HeaderFieldReference(name: "X-Event-Suggestion", index: 1),
            HeaderFieldReference(name: "Authentication-Results", index: 2),
            HeaderFieldReference(name: "x-event-suggestion", index: 2),
            HeaderFieldReference(name: "authentication-results", index: 3),
        ])
    }

    @Test("over message-bytes: the body is not kept, forged fields still go, our fields say why")
    func overTheLimit() throws {
        let fields = [("X-Event-Suggestion", " created \"Free flight\"; id=FAKE"), ("From", " Shop <news@shop.example>")]
        let big = String(repeating: "0123456789abcdef\r\n", count: 100)
        let lines = Mutex<[String]>([])
        let decision = Self.run(MilterSession(settings: Self.settings(maxMessageBytes: 500, log: { line in
            lines.withLock { $0.append(line) }
        })), fields: fields, body: big, chunk: 256)
        guard case .edit(let edits) = decision else { Issue.record("not an edit: \(decision)"); return }
        #expect(edits.deletions == [HeaderFieldReference(name: "X-Event-Suggestion", index: 1)])
        #expect(String(decoding: edits.insertions[1].value, as: UTF8.self)
            == " none (not examined: message of more than 500 bytes (limit\n message-bytes))")
        #expect(lines.withLock { $0 }.first?.contains("not examined") == true)
    }

    @Test("our fields split for the MTA join back into filter's bytes")
    func insertedFieldsRoundTrip() {
        let fields = [("From", " Shop <news@shop.example>")]
        let verdict = Self.pipeline.filter(Self.original(fields), limits: .default, authservID: "eventsuggest")
        var joined: [UInt8] = []
        for field in verdict.insertedFields {
            joined += Array("\(field.name):".utf8)
            for byte in field.value { joined += byte == 0x0A ? [0x0D, 0x0A] : [byte] }
            joined += [0x0D, 0x0A]
        }
        #expect(joined == verdict.fields)
        #expect(verdict.insertedFields.allSatisfy { !$0.value.contains(0x0D) })
    }
}

@Suite("MilterService.RefreshingPipeline")
struct RefreshingPipelineTests {
    @Test("rebuilt once older than its lifetime; a failed rebuild keeps the one in use")
    func refresh() {
        let now = Mutex(ContinuousClock.now)
        let builds = Mutex(0)
        let failing = Mutex(false)
        struct BuildFailed: Error {}
        let refreshing = RefreshingPipeline(initial: MilterSessionTests.pipeline, lifetime: .seconds(60),
                                            clock: { now.withLock { $0 } }) {
            builds.withLock { $0 += 1 }
            if failing.withLock({ $0 }) { throw BuildFailed() }
            return MilterSessionTests.pipeline
        }
        _ = refreshing.current
        #expect(builds.withLock { $0 } == 0)
        now.withLock { $0 += .seconds(59) }
        _ = refreshing.current
        #expect(builds.withLock { $0 } == 0)
        now.withLock { $0 += .seconds(2) }
        _ = refreshing.current
        _ = refreshing.current
        #expect(builds.withLock { $0 } == 1)
        failing.withLock { $0 = true }
        now.withLock { $0 += .seconds(61) }
        _ = refreshing.current
        _ = refreshing.current
        // The failure is not retried on every message: the next try is a lifetime later.
        #expect(builds.withLock { $0 } == 2)
    }
}

@Suite("Milter.MilterServer socket syntax")
struct MilterSocketTests {
    @Test("what libmilter takes, and what it does not", arguments: [
        ("inet:8891@127.0.0.1", true), ("inet6:8891@[::1]", true), ("unix:/run/eventsuggest/milter.sock", true),
        ("local:/run/m.sock", true), ("inet:127.0.0.1:8891", false), ("8891", false), ("tcp:8891@localhost", false),
        ("unix:", false),
    ])
    func syntax(_ text: String, _ valid: Bool) {
        #expect(MilterServer.isSocketSpecification(text) == valid)
    }
}
