extension DateTimeValue {
    /// Whole seconds since 1970-01-01T00:00:00 of the wall-clock fields, ignoring the offset
    /// (a date-only value counts from its midnight).
    var localSecondsSinceEpoch: Int {
        CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) * CivilCalendar.secondsPerDay
            + (time?.secondsSinceMidnight ?? 0)
    }

    /// Whole seconds since 1970 UTC, when the value is an instant (has an offset).
    var utcSecondsSinceEpoch: Int? {
        guard isInstant, let utcOffsetSeconds else { return nil }
        return localSecondsSinceEpoch - utcOffsetSeconds
    }

    /// The date-time `localSeconds` after 1970-01-01T00:00:00 (wall clock), with `offset`.
    init(localSecondsSinceEpoch localSeconds: Int, nanosecond: Int, utcOffsetSeconds offset: Int?) {
        let (days, secondOfDay) = CivilCalendar.floorDivide(localSeconds, by: CivilCalendar.secondsPerDay)
        let date = CivilCalendar.date(daysSinceEpoch: days)
        self.init(
            year: date.year, month: date.month, day: date.day,
            time: TimeOfDay(secondsSinceMidnight: secondOfDay, nanosecond: nanosecond),
            utcOffsetSeconds: offset)
    }

    /// Seconds since 1970 UTC (with fraction) when the value is an instant (a time with an
    /// offset); nil otherwise. A `Double` keeps about 10 µs of precision in year 9999;
    /// `compare(_:)` uses the exact integer fields instead.
    public var instant: Double? {
        guard let seconds = utcSecondsSinceEpoch, let time else { return nil }
        return Double(seconds) + Double(time.nanosecond) / 1_000_000_000
    }

    /// The same instant in UTC (offset 0) — nil for floating or date-only values.
    public var inUTC: DateTimeValue? {
        guard let seconds = utcSecondsSinceEpoch, let time else { return nil }
        return DateTimeValue(localSecondsSinceEpoch: seconds, nanosecond: time.nanosecond, utcOffsetSeconds: 0)
    }

    /// Adds `seconds` (negative to go back) to the wall-clock fields, keeping the offset, the
    /// zone, or their absence; no time zone rules apply (a fixed offset has no DST; for a
    /// zoned value across a DST change use `adding(seconds:rules:)`).
    /// A date-only value stays date-only when whole days are added; otherwise it becomes a
    /// floating date-time counted from its midnight ("2020-06-26" + 3600 → "2020-06-26T01:00:00").
    public func adding(seconds: Int) -> DateTimeValue {
        guard let time else {
            let (days, remainder) = CivilCalendar.floorDivide(seconds, by: CivilCalendar.secondsPerDay)
            if remainder == 0 {
                let date = CivilCalendar.date(
                    daysSinceEpoch: CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) + days)
                return DateTimeValue(year: date.year, month: date.month, day: date.day, time: nil, utcOffsetSeconds: nil)
            }
            return DateTimeValue(
                localSecondsSinceEpoch: localSecondsSinceEpoch + seconds, nanosecond: 0, utcOffsetSeconds: nil)
        }
        var moved = DateTimeValue(
            localSecondsSinceEpoch: localSecondsSinceEpoch + seconds, nanosecond: time.nanosecond,
            utcOffsetSeconds: utcOffsetSeconds)
        if let zone { moved = moved.inZone(zone) }
        return moved
    }

    /// The instant of a timed value: from its offset, or for a zoned value from `rules`
    /// (`ZoneRules.instant(for:)`: a repeated wall time is the first, a skipped one moves
    /// forward by the gap); nil for floating and date-only values, and for a zoned value when
    /// `rules` is not the rules of its zone. The fraction of a second is dropped.
    public func instant(rules: ZoneRules?) -> Instant? {
        if let utcSecondsSinceEpoch { return Instant(secondsSinceEpoch: Int64(utcSecondsSinceEpoch)) }
        guard let zone, let rules, rules.identifier == zone, let localDateTime else { return nil }
        return rules.instant(for: localDateTime)
    }

    /// Adds `seconds` of elapsed time: a zoned value moves on the time line and is shown at the
    /// wall time its zone has then (2 h after 01:30 on the night clocks go forward is 04:30);
    /// anything else as `adding(seconds:)`.
    public func adding(seconds: Int, rules: ZoneRules?) -> DateTimeValue {
        guard let zone, let rules, let start = instant(rules: rules), let time else { return adding(seconds: seconds) }
        let end = start.adding(seconds: Int64(seconds))
        let wall = end.localDateTime(at: rules.offset(at: end))
        return DateTimeValue(local: LocalDateTime(date: wall.date, time: TimeOfDay(
            secondsSinceMidnight: wall.time.secondsSinceMidnight, nanosecond: time.nanosecond)), zone: zone)
    }
}
