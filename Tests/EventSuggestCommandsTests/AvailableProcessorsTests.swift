import Foundation
@testable import EventSuggestCommands
import Testing

@Suite("--jobs's default without Foundation")
struct AvailableProcessorsTests {
    @Test("the processors this process may use: what Foundation's activeProcessorCount says here")
    func sameAsFoundation() {
        #expect(AvailableProcessors.count() == ProcessInfo.processInfo.activeProcessorCount)
        #expect(AvailableProcessors.count() >= 1)
    }
}
