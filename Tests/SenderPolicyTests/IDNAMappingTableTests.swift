import Foundation
@testable import SenderPolicy
import Testing

/// The compatibility-folding table the binary carries instead of Foundation (and its ICU)
/// is what its generator, `tools/idna-mapping/generate.swift`, writes: recomputed here from
/// Foundation for every code point, so a table edited by hand or left behind by a newer
/// Unicode fails.
@Suite("SenderPolicy.IDNA mapping table")
struct IDNAMappingTableTests {
    @Test("the checked-in table equals Foundation's NFKC(case fold(NFKC(cp))) for every code point above ASCII")
    func tableReproducesFromFoundation() {
        var expected: [String] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenNFKCCaseFolded else { continue }
            let compatible = String(scalar).precomposedStringWithCompatibilityMapping
            let folded = compatible.folding(options: .caseInsensitive, locale: nil).precomposedStringWithCompatibilityMapping
            expected.append(String(value, radix: 16) + ">" + folded.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
        let table = IDNA.compatibilityFoldingTable.split(separator: "\n").map(String.init)
        #expect(table.count == expected.count)
        #expect(table == expected)
    }
}
