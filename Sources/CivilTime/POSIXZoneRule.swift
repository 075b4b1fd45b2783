/// The POSIX TZ string a TZif footer carries for times after its last transition
/// (RFC 8536 §3.3, POSIX.1-2017 §8.3 `TZ`, with RFC 8536 §3.3.1's extensions: transition
/// times from -167 to 167 hours, and angle-bracketed names such as `<+0530>`).
///
/// `std offset [dst [offset] [,start[/time],end[/time]]]`: offsets are hours *west* of UTC
/// (`CET-1` is +01:00); dst defaults to one hour ahead of std; dates are `Jn` (1–365, 29
/// February never counted), `n` (0–365, counted) or `Mm.w.d` (day d of week w of month m,
/// week 5 meaning the last); times default to 02:00:00 and are read in the local time in
/// effect before the change.
public struct POSIXZoneRule: Sendable, Hashable {
    public enum RuleDate: Sendable, Hashable {
        case julianWithoutLeapDay(Int)
        case zeroBasedDayOfYear(Int)
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    public struct Change: Sendable, Hashable {
        public var date: RuleDate
        /// Seconds after the local midnight of `date`, in the time before the change.
        public var secondsAfterMidnight: Int
    }

    public struct Daylight: Sendable, Hashable {
        public var type: LocalTimeType
        public var start: Change
        public var end: Change
    }

    public var standard: LocalTimeType
    public var daylight: Daylight?

    /// nil when `text` is not a TZ string of that grammar. An empty string (a TZif file
    /// saying "no rule for later times") is nil too.
    public init?(_ text: String) {
        var reader = Reader(bytes: Array(text.utf8))
        guard let standardName = reader.name(), let standardWest = reader.offset(maximumHours: 24),
              let standardOffset = UTCOffset(seconds: -standardWest)
        else { return nil }
        standard = LocalTimeType(offset: standardOffset, isDaylightSaving: false, abbreviation: standardName)
        if reader.isAtEnd {
            daylight = nil
            return
        }
        guard let daylightName = reader.name() else { return nil }
        var daylightOffset = UTCOffset(checked: min(standardOffset.seconds + 3600, UTCOffset.maximumSeconds))
        if !reader.isAtEnd, reader.peek != UInt8(ascii: ",") {
            guard let west = reader.offset(maximumHours: 24), let offset = UTCOffset(seconds: -west) else { return nil }
            daylightOffset = offset
        }
        let start: Change
        let end: Change
        if reader.isAtEnd {
            // POSIX leaves the default rule to the implementation; tzcode uses the US one.
            start = Change(date: .monthWeekDay(month: 3, week: 2, weekday: 0), secondsAfterMidnight: 7200)
            end = Change(date: .monthWeekDay(month: 11, week: 1, weekday: 0), secondsAfterMidnight: 7200)
        } else {
            guard reader.consume(UInt8(ascii: ",")), let first = reader.change(),
                  reader.consume(UInt8(ascii: ",")), let second = reader.change(), reader.isAtEnd
            else { return nil }
            start = first
            end = second
        }
        daylight = Daylight(
            type: LocalTimeType(offset: daylightOffset, isDaylightSaving: true, abbreviation: daylightName),
            start: start, end: end)
    }

    /// The two changes of `year` (start and end of daylight saving time), in time order;
    /// empty without daylight saving time.
    public func transitions(year: Int) -> [ZoneTransition] {
        guard let (first, second) = transitionPair(year: year) else { return [] }
        return [first, second]
    }

    /// The two changes of `year` in time order, nil without daylight saving time — without
    /// an array: the look-ups of a wall time call this for three years each.
    func transitionPair(year: Int) -> (ZoneTransition, ZoneTransition)? {
        guard let daylight else { return nil }
        let startLocal = Self.localSeconds(daylight.start, year: year)
        let endLocal = Self.localSeconds(daylight.end, year: year)
        let start = ZoneTransition(
            instant: Instant(secondsSinceEpoch: startLocal - Int64(standard.offset.seconds)),
            offsetBefore: standard.offset, offsetAfter: daylight.type.offset, isDaylightSavingAfter: true,
            abbreviationAfter: daylight.type.abbreviation)
        let end = ZoneTransition(
            instant: Instant(secondsSinceEpoch: endLocal - Int64(daylight.type.offset.seconds)),
            offsetBefore: daylight.type.offset, offsetAfter: standard.offset, isDaylightSavingAfter: false,
            abbreviationAfter: standard.abbreviation)
        // At a tie (all-year DST written as "0/0,J365/25") the end of one year meets the
        // start of the next: the end sorts first so the start wins.
        return start.instant < end.instant ? (start, end) : (end, start)
    }

    /// The local time type in effect at `instant`.
    public func localTimeType(at instant: Instant) -> LocalTimeType {
        guard let daylight else { return standard }
        let year = instant.localDateTime(at: standard.offset).date.year
        var current = standard
        for candidate in (year - 1)...(year + 1) {
            guard let (first, second) = transitionPair(year: candidate) else { continue }
            if first.instant <= instant { current = first.isDaylightSavingAfter ? daylight.type : standard }
            if second.instant <= instant { current = second.isDaylightSavingAfter ? daylight.type : standard }
        }
        return current
    }

    /// Seconds of local wall time since the epoch at which `change` happens in `year`.
    static func localSeconds(_ change: Change, year: Int) -> Int64 {
        let day: Int
        switch change.date {
        case let .julianWithoutLeapDay(n):
            // Day n of a 365-day year: 29 February is skipped, so from March on add one in leap years.
            let leapShift = CivilCalendar.isLeapYear(year) && n >= 60 ? 1 : 0
            day = CivilCalendar.daysSinceEpoch(year: year, month: 1, day: 1) + n - 1 + leapShift
        case let .zeroBasedDayOfYear(n):
            day = CivilCalendar.daysSinceEpoch(year: year, month: 1, day: 1) + n
        case let .monthWeekDay(month, week, weekday):
            let first = CivilDate(daysSinceEpoch: CivilCalendar.daysSinceEpoch(year: year, month: month, day: 1))
            var dayOfMonth = 1 + (weekday - first.weekday + 7) % 7 + (week - 1) * 7
            let length = CivilCalendar.daysInMonth(year: year, month: month)
            while dayOfMonth > length { dayOfMonth -= 7 }
            day = first.daysSinceEpoch + dayOfMonth - 1
        }
        return Int64(day) * Int64(CivilCalendar.secondsPerDay) + Int64(change.secondsAfterMidnight)
    }

    /// A cursor over the TZ string's bytes.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == bytes.count }
        var peek: UInt8? { isAtEnd ? nil : bytes[index] }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        /// `<` 3+ of [A-Za-z0-9+-] `>`, or 3+ letters.
        mutating func name() -> String? {
            let start = index
            if consume(UInt8(ascii: "<")) {
                while let byte = peek, byte != UInt8(ascii: ">") {
                    guard Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    else { return nil }
                    index += 1
                }
                guard index - start - 1 >= 3, consume(UInt8(ascii: ">")) else { return nil }
                return String(decoding: bytes[(start + 1)..<(index - 1)], as: UTF8.self)
            }
            while let byte = peek, Self.isLetter(byte) { index += 1 }
            guard index - start >= 3 else { return nil }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, hours up to `maximumHours`.
        mutating func offset(maximumHours: Int) -> Int? {
            var sign = 1
            if consume(UInt8(ascii: "-")) { sign = -1 } else { _ = consume(UInt8(ascii: "+")) }
            guard let hours = number(maximumDigits: 3), hours <= maximumHours else { return nil }
            var seconds = hours * 3600
            if consume(UInt8(ascii: ":")) {
                guard let minutes = number(maximumDigits: 2), minutes <= 59 else { return nil }
                seconds += minutes * 60
                if consume(UInt8(ascii: ":")) {
                    guard let second = number(maximumDigits: 2), second <= 59 else { return nil }
                    seconds += second
                }
            }
            return sign * seconds
        }

        /// `date[/time]`.
        mutating func change() -> Change? {
            let date: RuleDate
            if consume(UInt8(ascii: "J")) {
                guard let n = number(maximumDigits: 3), (1...365).contains(n) else { return nil }
                date = .julianWithoutLeapDay(n)
            } else if consume(UInt8(ascii: "M")) {
                guard let month = number(maximumDigits: 2), (1...12).contains(month), consume(UInt8(ascii: ".")),
                      let week = number(maximumDigits: 1), (1...5).contains(week), consume(UInt8(ascii: ".")),
                      let weekday = number(maximumDigits: 1), (0...6).contains(weekday)
                else { return nil }
                date = .monthWeekDay(month: month, week: week, weekday: weekday)
            } else {
                guard let n = number(maximumDigits: 3), (0...365).contains(n) else { return nil }
                date = .zeroBasedDayOfYear(n)
            }
            var seconds = 7200
            if consume(UInt8(ascii: "/")) {
                guard let time = offset(maximumHours: 167) else { return nil }  // RFC 8536 §3.3.1
                seconds = time
            }
            return Change(date: date, secondsAfterMidnight: seconds)
        }

        mutating func number(maximumDigits: Int) -> Int? {
            var value = 0
            var count = 0
            while let byte = peek, Self.isDigit(byte), count < maximumDigits {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                count += 1
                index += 1
            }
            return count == 0 ? nil : value
        }

        static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        static func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        }
    }
}
