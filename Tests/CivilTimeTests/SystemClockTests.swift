import CivilTime
#if canImport(Glibc)
import Glibc
#endif
import Testing

@Suite("the system clock")
struct SystemClockTests {
    @Test("now() is time(2)'s second; secondsSinceEpoch() the same second with its fraction")
    func agreesWithTime() {
        let before = Int64(time(nil))
        let instant = SystemClock.now().secondsSinceEpoch
        let precise = SystemClock.secondsSinceEpoch()
        let after = Int64(time(nil))
        #expect(before <= instant && instant <= after)
        #expect(Double(before) <= precise && precise < Double(after + 1))
    }
}
