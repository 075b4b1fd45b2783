import Testing
@testable import EventSuggestCommands

@Suite("scan's progress line")
struct ScanProgressTests {
    @Test("a known total: count, percent and time left; none left at the end")
    func withTotal() {
        #expect(ScanProgress.analysing(done: 1024, total: 6000, elapsed: 0.6) == "1,024/6,000 (17%) ~3 s left")
        #expect(ScanProgress.analysing(done: 100, total: 6000, elapsed: 10) == "100/6,000 (1%) ~10 min left")
        #expect(ScanProgress.analysing(done: 6000, total: 6000, elapsed: 4) == "6,000/6,000 (100%)")
    }

    @Test("no total (an mbox): the count and the rate")
    func withoutTotal() {
        #expect(ScanProgress.analysing(done: 2048, total: nil, elapsed: 2) == "2,048 messages (1024/s)")
    }

    @Test("thousands grouped", arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (1_234_567, "1,234,567")])
    func grouping(value: Int, expected: String) {
        #expect(ScanProgress.grouped(value) == expected)
    }
}
