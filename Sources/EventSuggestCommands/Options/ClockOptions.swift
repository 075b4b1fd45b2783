import CivilTime
import CommandLineOptions
import SchemaMarkup

/// `--now`: the clock, for tests and replays; the system clock otherwise.
struct ClockOptions: OptionGroup {
    static let now = OptionDeclaration.value(
        "now", "TIME", "The current time for expiry checks: 2020-06-26T10:00:00Z, 2020-06-26T10:00:00-07:00, "
            + "or a date (2027-01-15 means midnight UTC), for tests and replays.")
    static let options = [now]

    /// Seconds since 1970 that `--now` gave, or nil for the system clock.
    var fixed: Int64?

    init(parsing values: ParsedValues) throws(UsageError) {
        guard let text = values.string(Self.now) else { return }
        guard let seconds = Self.parseTimestamp(text) else {
            throw values.invalid(Self.now, text, wants: "an ISO 8601 time with a zone (2020-06-26T10:00:00Z or "
                + "2020-06-26T10:00:00-07:00) or a date (2020-06-26, midnight UTC)")
        }
        fixed = seconds
    }

    /// The time to use: `--now`, else the system clock.
    func instant(systemClock: () -> Int64 = { SystemClock.now().secondsSinceEpoch }) -> Int64 { fixed ?? systemClock() }

    /// Seconds since 1970 for an ISO 8601 date and time with a zone (fraction dropped), or a
    /// bare date taken as midnight UTC. Our own parser, not Foundation's
    /// ISO8601DateFormatter: that one loads ICU, which was an eighth of a filter process's time.
    static func parseTimestamp(_ text: String) -> Int64? {
        // A date alone (YYYY-MM-DD, ten characters) is the start of that day in UTC.
        let candidate = text.count == 10 && !text.contains("T") ? text + "T00:00:00Z" : text
        guard let value = DateTimeValue(parsing: candidate), value.hasOffset, let instant = value.instant else { return nil }
        return Int64(instant.rounded(.down))
    }
}
