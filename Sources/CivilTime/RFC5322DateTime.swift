/// An RFC 5322 §3.3 date-time ("Tue, 1 Dec 2026 19:15:56 +0100 (CET)") as the wall time and
/// offset the sender wrote, with the obsolete forms of §4.3 that real mail still carries:
/// 2-digit and 3-digit years, zone names, comments, a missing zone (read as UTC).
public struct RFC5322DateTime: Sendable, Hashable {
    public private(set) var local: LocalDateTime
    public private(set) var offset: UTCOffset

    /// The instant the text names.
    public var instant: Instant { local.instant(at: offset) }

    /// nil when the text is not a date-time RFC 5322 (or its obsolete syntax) allows, or
    /// names no real day (31 February).
    public init?(parsing text: String) {
        // Comments ("(PDT)") carry nothing; drop them, then split on spaces and commas.
        var cleaned = ""
        if text.utf8.contains(where: { $0 == 0x28 || $0 == 0x29 }) {
            var depth = 0
            for character in text {
                if character == "(" {
                    depth += 1
                } else if character == ")" {
                    depth = max(0, depth - 1)
                } else if depth == 0 {
                    cleaned.append(character)
                }
            }
        } else {
            // No parenthesis byte, so no Character is one: the text is its own cleaning
            // (rebuilt Character by Character, a third of the parse, issue 21).
            cleaned = text
        }
        var tokens = cleaned.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "," })
            .map(String.init)
        if let first = tokens.first, Self.weekdays.contains(first.lowercased().prefix(3).description), Int(first) == nil {
            tokens.removeFirst()
        }
        guard tokens.count >= 4, let day = Int(tokens[0]), (1...31).contains(day),
              let month = Self.months.firstIndex(of: tokens[1].lowercased().prefix(3).description),
              var year = Int(tokens[2]), year >= 0
        else { return nil }
        // RFC 5322 §4.3: 2-digit years below 50 are 20xx, others 19xx; 3-digit years add 1900.
        if tokens[2].count == 2 { year += year < 50 ? 2000 : 1900 } else if tokens[2].count == 3 { year += 1900 }
        let clock = tokens[3].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(clock.count), clock.allSatisfy({ $0 != nil }),
              let hour = clock[0], let minute = clock[1], (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let second = clock.count == 3 ? clock[2] ?? 0 : 0
        guard (0...60).contains(second) else { return nil }
        guard let offset = tokens.count > 4 ? Self.zoneOffset(tokens[4]) : .utc,
              let date = CivilDate(year: year, month: month + 1, day: day)
        else { return nil }
        // QUIRK: a leap second (:60, RFC 5322 §3.3) reads as :59; POSIX time has none.
        self.local = LocalDateTime(date: date, time: TimeOfDay(hour: hour, minute: minute, second: min(second, 59)))
        self.offset = offset
    }

    private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `+hhmm`/`-hhmm`, or an obsolete zone name (RFC 5322 §4.3); military letters and unknown
    /// names mean "unknown", read as UTC ("-0000").
    private static func zoneOffset(_ zone: String) -> UTCOffset? {
        if let sign = zone.first, sign == "+" || sign == "-" {
            let digits = zone.dropFirst()
            guard digits.count == 4, digits.allSatisfy(\.isASCII), let value = Int(digits) else { return nil }
            let minutes = (value / 100) * 60 + value % 100
            guard value % 100 < 60, minutes <= 18 * 60 else { return nil }
            return UTCOffset(seconds: (sign == "-" ? -1 : 1) * minutes * 60)
        }
        let hours: [String: Int] = [
            "ut": 0, "utc": 0, "gmt": 0, "z": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5,
            "mst": -7, "mdt": -6, "pst": -8, "pdt": -7,
        ]
        if let value = hours[zone.lowercased()] { return UTCOffset(seconds: value * 3600) }
        return zone.allSatisfy(\.isLetter) ? .utc : nil
    }
}
