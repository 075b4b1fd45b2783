extension DateTimeValue {
    /// The order of two values (Foundation's `ComparisonResult` without Foundation).
    public enum Order: Sendable, Hashable {
        case orderedAscending, orderedSame, orderedDescending
    }

    /// Ordering where it is meaningful:
    /// - two instants (times with offsets) by their instant, exactly (integer seconds, then
    ///   nanoseconds) — so `19:30-07:00` and `02:30Z` the next day are `.orderedSame`;
    /// - two values without an offset (floating or date-only) by their wall-clock fields, a
    ///   date-only value counting as the start of its day and sorting before a floating
    ///   `00:00:00` of the same day (so `.orderedSame` only for equal values);
    /// - nil when one has an offset and the other not: a floating time is no point on the
    ///   time line until someone picks a zone.
    /// A zoned value counts as floating here (by its wall clock); `compare(_:rules:)` puts it
    /// on the time line.
    public func compare(_ other: DateTimeValue) -> Order? {
        if let mine = utcSecondsSinceEpoch, let theirs = other.utcSecondsSinceEpoch {
            return Self.order((mine, time?.nanosecond ?? 0), (theirs, other.time?.nanosecond ?? 0))
        }
        guard !hasOffset, !other.hasOffset else { return nil }
        return Self.order(
            (localSecondsSinceEpoch, time?.nanosecond ?? -1),
            (other.localSecondsSinceEpoch, other.time?.nanosecond ?? -1))
    }

    /// Like `compare(_:)`, but a zoned value is the instant its zone's rules give (`rules`
    /// returns the rules of a zone, nil when unknown), so a zoned time orders against an
    /// instant and against a time in another zone.
    public func compare(_ other: DateTimeValue, rules: (ZoneIdentifier) -> ZoneRules?) -> Order? {
        if let mine = instant(rules: zone.flatMap(rules)), let theirs = other.instant(rules: other.zone.flatMap(rules)) {
            return Self.order(
                (Int(mine.secondsSinceEpoch), time?.nanosecond ?? 0),
                (Int(theirs.secondsSinceEpoch), other.time?.nanosecond ?? 0))
        }
        return compare(other)
    }

    private static func order(_ lhs: (Int, Int), _ rhs: (Int, Int)) -> Order {
        lhs < rhs ? .orderedAscending : lhs == rhs ? .orderedSame : .orderedDescending
    }
}
