import Foundation
import Testing
import TestSupport
import CivilTime

@Suite("RFC 5322 date-times against Python's email.utils")
struct RFC5322DateTimeTests {
    /// Real Date fields, current and obsolete (RFC 5322 §3.3, §4.3), and randomly generated
    /// ones over every month, the leap day and both signs of offset.
    static func samples() -> [String] {
        var texts = [
            "Tue, 1 Dec 2026 19:15:56 +0100", "Fri, 26 Jun 2020 10:00:00 -0700", "26 Jun 2020 17:00:00 +0000",
            "Fri, 26 Jun 2020 10:00 -0700", "Fri, 11 Jul 2003 21:00:37 -0700 (PDT)", "Fri, 26 Jun 20 17:00:00 GMT",
            "Fri, 26 Jun 2020 13:00:00 EDT", "Sat, 29 Feb 2020 23:59:59 +1400", "Mon, 1 Jan 1990 00:00:00 -1200",
            "Thu, 13 Feb 1969 23:32:54 -0330", "Wed, 31 Dec 1969 23:59:59 +0000", "1 Mar 99 01:02:03 PST",
            "Sun, 5 Mar 2028 12:00:00 +0545", "Mon, 15 Jan 2024 08:30:00 CST", "Tue, 02 Feb 2027 02:02:02 MDT",
        ]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var random = SplitMix64(state: 5322)
        for _ in 0..<500 {
            let year = Int.random(in: 1970...2099, using: &random)
            let month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...CivilCalendar.daysInMonth(year: year, month: month), using: &random)
            let offset = Int.random(in: -(12 * 60)...(14 * 60), using: &random) / 15 * 15
            let sign = offset < 0 ? "-" : "+"
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            texts.append("\(day) \(months[month - 1]) \(year) \(two(Int.random(in: 0...23, using: &random))):"
                + "\(two(Int.random(in: 0...59, using: &random))):\(two(Int.random(in: 0...59, using: &random))) "
                + "\(sign)\(two(abs(offset) / 60))\(two(abs(offset) % 60))")
        }
        return texts
    }

    @Test func everySampleAgreesOnTheInstantAndTheOffset() throws {
        let texts = Self.samples()
        let script = """
            import sys, email.utils
            for line in sys.argv[1:]:
                parsed = email.utils.parsedate_tz(line)
                print(email.utils.mktime_tz(parsed), parsed[9] or 0)
            """
        let output = String(decoding: try runTool("/usr/bin/python3", ["-c", script] + texts), as: UTF8.self)
        let rows = output.split(separator: "\n").map { $0.split(separator: " ").map { Int64($0)! } }
        #expect(rows.count == texts.count)
        for (text, row) in zip(texts, rows) {
            let ours = try #require(RFC5322DateTime(parsing: text), "\(text)")
            #expect(ours.instant.secondsSinceEpoch == row[0], "\(text)")
            #expect(Int64(ours.offset.seconds) == row[1], "\(text)")
        }
    }

    /// The attack: text that names no real moment is no date, whatever a lenient reader guesses.
    @Test(arguments: ["", "yesterday", "31 Feb 2020 10:00:00 +0000", "29 Feb 2027 10:00:00 +0000", "26 Foo 2020 10:00:00 +0000",
                      "26 Jun 2020 25:00:00 +0000", "26 Jun 2020 10:60:00 +0000", "26 Jun 2020 10:00:00 +2500",
                      "26 Jun 2020 10:00:00 +01", "26 Jun 2020 10::00 +0000", "26 Jun -5 10:00:00 +0000"])
    func rejects(_ text: String) {
        #expect(RFC5322DateTime(parsing: text) == nil)
    }
}
