/// Reads an ISO 8601 calendar date with optional time and offset, as schema.org markup
/// writes it (schema.org `Date`/`DateTime`/`Time` point to ISO 8601; senders vary).
///
/// Accepted (after trimming surrounding whitespace):
/// - date: `YYYY-MM-DD` or basic `YYYYMMDD`; years 0000...9999, proleptic Gregorian;
/// - separator: `T`, `t`, or one space (QUIRK: RFC 3339 §5.6 allows the space; senders use it);
/// - time: `hh:mm`, `hh:mm:ss`, basic `hhmm`, `hhmmss`; a fraction of the seconds after `.`
///   or `,` with 1–9 digits; `24:00[:00[.0…]]` as the next day's `00:00`; `:60` (a leap
///   second) clamped to `:59` — both reported as `DateTimeValue.Adjustment`;
/// - offset: `Z`, `z`, `±hh:mm`, `±hhmm`, `±hh`, at most ±18:00; `-00:00` is read as UTC
///   (RFC 3339 §4.3 "offset unknown" still names the instant).
/// Date, time and offset may each use the basic or extended format independently
/// (QUIRK: ISO 8601 wants them consistent; strftime's `%z` gives `…T19:30:00-0700`).
///
/// Rejected: impossible dates, hours past 24:00, minute 60, second 61, offsets past ±18:00,
/// anything after the value; reduced precision (`YYYY-MM`, hour-only `Thh`); fractions of
/// hours or minutes; ordinal (`2020-178`) and week (`2020-W26-5`) dates, which markup does
/// not use; 2-digit and expanded (`+YYYYYY`) years; a date with an offset but no time
/// (`2020-06-26Z`, XML Schema's `date` form); more than one space; non-ASCII characters.
struct ISO8601DateTimeParser {
    /// Longer than any accepted form ("2020-06-26T19:30:00.123456789+05:30" is 35 bytes).
    static let maximumLength = 64

    private let bytes: [UInt8]
    private let acceptsZoneSuffix: Bool
    private var index = 0
    private var adjustments: [DateTimeValue.Adjustment] = []

    private init(bytes: [UInt8], acceptsZoneSuffix: Bool) {
        self.bytes = bytes
        self.acceptsZoneSuffix = acceptsZoneSuffix
    }

    static func parse(_ text: String, zoneSuffix: Bool = false) -> DateTimeValue.ParseResult? {
        var trimmed = Substring(text)
        while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        guard trimmed.utf8.count <= maximumLength + (zoneSuffix ? ZoneIdentifier.maximumLength + 2 : 0) else { return nil }
        var parser = ISO8601DateTimeParser(bytes: Array(trimmed.utf8), acceptsZoneSuffix: zoneSuffix)
        guard let value = parser.parseValue() else { return nil }
        return DateTimeValue.ParseResult(value: value, adjustments: parser.adjustments)
    }

    // MARK: - Grammar

    /// value = date [ ("T" / "t" / " ") time [ offset ] ]
    private mutating func parseValue() -> DateTimeValue? {
        guard let (year, month, day) = parseDate(),
              CivilCalendar.isValidDate(year: year, month: month, day: day)
        else { return nil }
        if isAtEnd {
            return DateTimeValue(year: year, month: month, day: day, time: nil, utcOffsetSeconds: nil)
        }
        guard consume(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") || $0 == UInt8(ascii: " ") }),
              let clock = parseTime()
        else { return nil }
        let offset = parseOffset()
        guard offset.isValid else { return nil }
        let zone = acceptsZoneSuffix && offset.seconds == nil ? parseZoneSuffix() : nil
        guard isAtEnd, let value = makeValue(year: year, month: month, day: day, clock: clock, offset: offset.seconds)
        else { return nil }
        return zone.map(value.inZone) ?? value
    }

    /// RFC 9557 §4.1 time-zone suffix, the IANA-name form only: "[" zone-name "]".
    private mutating func parseZoneSuffix() -> ZoneIdentifier? {
        guard consume(UInt8(ascii: "[")), let close = bytes[index...].firstIndex(of: UInt8(ascii: "]")),
              close == bytes.count - 1,
              let zone = ZoneIdentifier(String(decoding: bytes[index..<close], as: UTF8.self))
        else { return nil }
        index = bytes.count
        return zone
    }

    /// date = 4DIGIT "-" 2DIGIT "-" 2DIGIT / 8DIGIT
    private mutating func parseDate() -> (Int, Int, Int)? {
        guard let year = digits(4) else { return nil }
        let extended = consume(UInt8(ascii: "-"))
        guard let month = digits(2) else { return nil }
        if extended, !consume(UInt8(ascii: "-")) { return nil }
        guard let day = digits(2) else { return nil }
        return (year, month, day)
    }

    private struct Clock {
        var hour: Int, minute: Int, second: Int, nanosecond: Int
    }

    /// time = 2DIGIT ":" 2DIGIT [ ":" 2DIGIT [ fraction ] ] / 4DIGIT [ 2DIGIT [ fraction ] ]
    /// fraction = ("." / ",") 1*9DIGIT
    private mutating func parseTime() -> Clock? {
        guard let hour = digits(2) else { return nil }
        let extended = consume(UInt8(ascii: ":"))
        guard let minute = digits(2) else { return nil }
        var second = 0
        var nanosecond = 0
        let hasSeconds = extended ? consume(UInt8(ascii: ":")) : peekIsDigit
        if hasSeconds {
            guard let value = digits(2) else { return nil }
            second = value
            if consume(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }) {
                guard let fraction = parseFractionNanoseconds() else { return nil }
                nanosecond = fraction
            }
        }
        return Clock(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
    }

    /// 1–9 digits, scaled to nanoseconds.
    private mutating func parseFractionNanoseconds() -> Int? {
        var value = 0
        var count = 0
        while peekIsDigit {
            count += 1
            guard count <= 9 else { return nil }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        guard count >= 1 else { return nil }
        for _ in count..<9 { value *= 10 }
        return value
    }

    /// offset = "Z" / "z" / ("+" / "-") 2DIGIT [ [":"] 2DIGIT ]; absent is fine.
    private mutating func parseOffset() -> (isValid: Bool, seconds: Int?) {
        if consume(where: { $0 == UInt8(ascii: "Z") || $0 == UInt8(ascii: "z") }) { return (true, 0) }
        let sign: Int
        if consume(UInt8(ascii: "+")) {
            sign = 1
        } else if consume(UInt8(ascii: "-")) {
            sign = -1
        } else {
            return (true, nil)
        }
        guard let hours = digits(2) else { return (false, nil) }
        var minutes = 0
        if consume(UInt8(ascii: ":")) || peekIsDigit {
            guard let value = digits(2) else { return (false, nil) }
            minutes = value
        }
        let magnitude = hours * 3600 + minutes * 60
        guard minutes <= 59, magnitude <= DateTimeValue.maximumOffsetSeconds else { return (false, nil) }
        return (true, sign * magnitude)
    }

    // MARK: - Validation

    private mutating func makeValue(year: Int, month: Int, day: Int, clock: Clock, offset: Int?) -> DateTimeValue? {
        var clock = clock
        guard (0...59).contains(clock.minute), (0...60).contains(clock.second) else { return nil }
        if clock.second == 60 {
            // A leap second (ISO 8601 §4.2.2.2, RFC 3339 §5.7); accepted at any minute since
            // an offset moves 23:59:60Z to other local minutes.
            clock.second = 59
            adjustments.append(.leapSecondClamped)
        }
        let date = DateTimeValue(year: year, month: month, day: day, time: nil, utcOffsetSeconds: nil)
        if clock.hour == 24 {
            // ISO 8601 §4.2.3: 24:00 is the end of the day, i.e. the next day's 00:00.
            guard clock.minute == 0, clock.second == 0, clock.nanosecond == 0, adjustments.isEmpty else { return nil }
            let next = date.adding(seconds: CivilCalendar.secondsPerDay)
            guard next.year <= 9999 else { return nil }
            adjustments.append(.endOfDayRolledOver)
            return DateTimeValue(
                year: next.year, month: next.month, day: next.day,
                time: TimeOfDay(hour: 0, minute: 0), utcOffsetSeconds: offset)
        }
        guard (0...23).contains(clock.hour) else { return nil }
        return DateTimeValue(
            year: year, month: month, day: day,
            time: TimeOfDay(hour: clock.hour, minute: clock.minute, second: clock.second, nanosecond: clock.nanosecond),
            utcOffsetSeconds: offset)
    }

    // MARK: - Bytes

    private var isAtEnd: Bool { index == bytes.count }

    private var peekIsDigit: Bool {
        !isAtEnd && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    }

    /// Exactly `count` ASCII digits as a number, or nil (consuming nothing useful).
    private mutating func digits(_ count: Int) -> Int? {
        var value = 0
        for _ in 0..<count {
            guard peekIsDigit else { return nil }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        return value
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        consume(where: { $0 == byte })
    }

    private mutating func consume(where matches: (UInt8) -> Bool) -> Bool {
        guard !isAtEnd, matches(bytes[index]) else { return false }
        index += 1
        return true
    }
}
