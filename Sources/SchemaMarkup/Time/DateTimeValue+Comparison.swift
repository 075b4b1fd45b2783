import Foundation

extension DateTimeValue {
    /// Ordering where it is meaningful:
    /// - two instants (times with offsets) by their instant, exactly (integer seconds, then
    ///   nanoseconds) — so `19:30-07:00` and `02:30Z` the next day are `.orderedSame`;
    /// - two values without an offset (floating or date-only) by their wall-clock fields, a
    ///   date-only value counting as the start of its day and sorting before a floating
    ///   `00:00:00` of the same day (so `.orderedSame` only for equal values);
    /// - nil when one has an offset and the other not: a floating time is no point on the
    ///   time line until someone picks a zone.
    public func compare(_ other: DateTimeValue) -> ComparisonResult? {
        if let mine = utcSecondsSinceEpoch, let theirs = other.utcSecondsSinceEpoch {
            return Self.order((mine, time?.nanosecond ?? 0), (theirs, other.time?.nanosecond ?? 0))
        }
        guard !hasOffset, !other.hasOffset else { return nil }
        return Self.order(
            (localSecondsSinceEpoch, time?.nanosecond ?? -1),
            (other.localSecondsSinceEpoch, other.time?.nanosecond ?? -1))
    }

    private static func order(_ lhs: (Int, Int), _ rhs: (Int, Int)) -> ComparisonResult {
        lhs < rhs ? .orderedAscending : lhs == rhs ? .orderedSame : .orderedDescending
    }
}
