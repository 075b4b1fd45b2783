import Testing
import JSON

@Suite("JSON reader: deterministic random mutations")
struct JSONFuzzTests {
    /// Scalars a mutation inserts: the grammar's own, escapes' letters, whitespace, controls,
    /// a BOM, non-ASCII and astral characters.
    static let pool: [Unicode.Scalar] = Array(#"{}[],:"\/ 0129-+.eEtrufalsn"#.unicodeScalars)
        + ["\n", "\r", "\t", "\u{00}", "\u{1F}", "\u{FEFF}", "\u{A0}", "é", "😀", "\u{2028}"]

    static let seeds: [String] = [
        JSONFixtures.wwdcSample,
        JSONCorpusSamples.eventbriteScript,
        JSONCorpusSamples.eurowingsScript,
        #"{"a": [1, -2.5e-3, 0, true, false, null, "\u00e9\ud83d\ude00", {"b": [[], {}]}], "c": "x\ny"}"#,
    ]

    /// 2,000 mutated texts must each read or fail — never trap, never hang — and the
    /// strict and lenient readers must agree with each other and with serialization.
    @Test func mutations() {
        var generator = JSONFixtures.Generator(seed: 0x5EED_2020)
        let clock = ContinuousClock()
        var outcomes = (read: 0, recovered: 0, failed: 0)
        let elapsed = clock.measure {
            for round in 0..<2_000 {
                let text = Self.mutate(Self.seeds[round % Self.seeds.count], using: &generator)
                check(text, outcomes: &outcomes)
            }
        }
        // Every outcome occurs, so the invariants below are exercised, not vacuous.
        #expect(outcomes.read > 0 && outcomes.recovered > 0 && outcomes.failed > 0)
        #expect(elapsed < .seconds(20))
    }

    private func check(_ text: String, outcomes: inout (read: Int, recovered: Int, failed: Int)) {
        let lenient = JSONFixtures.lenient.read(text)
        let strict = JSONFixtures.strict.read(text)
        switch (lenient, strict) {
        case (.success(let lenient), .success(let strict)):
            outcomes.read += 1
            #expect(lenient.value == strict.value, "\(text)")
            #expect(lenient.recoveries.isEmpty && strict.recoveries.isEmpty, "\(text)")
            let again = JSONFixtures.read(lenient.value.serialized, strict: true)
            #expect(again?.value == lenient.value, "\(text)")
        case (.success(let lenient), .failure(let error)):
            outcomes.recovered += 1
            // Strict mode stops exactly where lenient mode first forgave.
            #expect(lenient.recoveries.first?.position == error.position, "\(text)")
            #expect(JSONFixtures.read(lenient.value.serialized, strict: true)?.value == lenient.value, "\(text)")
        case (.failure(let lenientError), .failure(let strictError)):
            outcomes.failed += 1
            // Both stop at the same error, or strict mode stops earlier, where lenient forgave.
            #expect(strictError == lenientError || strictError.position < lenientError.position, "\(text)")
            #expect(lenientError.position >= JSONPosition(line: 1, column: 1), "\(text)")
            #expect(lenientError.position.line <= text.unicodeScalars.count + 1, "\(text)")
            #expect(!lenientError.message.isEmpty)
        case (.failure(let error), .success):
            Issue.record("strict reads what lenient rejects (\(error)): \(text)")
        }
    }

    /// One to three edits: delete, insert, replace, duplicate a run, delete a run, truncate.
    static func mutate(_ seed: String, using generator: inout JSONFixtures.Generator) -> String {
        var scalars = Array(seed.unicodeScalars)
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let at = Int.random(in: 0...scalars.count, using: &generator)
            let length = Int.random(in: 1...12, using: &generator)
            let end = min(scalars.count, at + length)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0 where at < scalars.count: scalars.remove(at: at)
            case 1: scalars.insert(pool.randomElement(using: &generator)!, at: at)
            case 2 where at < scalars.count: scalars[at] = pool.randomElement(using: &generator)!
            case 3: scalars.insert(contentsOf: scalars[at..<end], at: Int.random(in: 0...scalars.count, using: &generator))
            case 4: scalars.removeSubrange(at..<end)
            default: scalars.removeSubrange(at...)
            }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
