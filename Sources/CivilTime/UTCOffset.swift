/// A fixed difference from UTC in seconds, east positive (+01:00 is 3600).
///
/// Whole seconds within ±25 hours: zone data carries local mean times that are not whole
/// minutes (Europe/Amsterdam's +00:19:32 until 1937) and POSIX allows ±24:59:59.
/// `DateTimeValue` narrows it to the whole minutes within ±18:00 that ISO 8601 text carries.
public struct UTCOffset: Sendable, Hashable, Comparable {
    public private(set) var seconds: Int

    public static let maximumSeconds = 25 * 3600 - 1
    public static let utc = UTCOffset(checked: 0)

    /// nil when `seconds` is beyond ±24:59:59.
    public init?(seconds: Int) {
        guard abs(seconds) <= Self.maximumSeconds else { return nil }
        self.seconds = seconds
    }

    init(checked seconds: Int) {
        precondition(abs(seconds) <= Self.maximumSeconds, "UTC offset \(seconds) s out of range")
        self.seconds = seconds
    }

    public static func < (lhs: UTCOffset, rhs: UTCOffset) -> Bool { lhs.seconds < rhs.seconds }

    /// RFC 3339 §5.6 `time-offset`: "Z", "+05:30", "-07:00" (seconds appended as ":ss" only
    /// when not whole minutes, which RFC 3339 cannot express).
    public var iso8601Text: String {
        guard seconds != 0 else { return "Z" }
        return signedText(separator: ":")
    }

    /// RFC 5545 §3.3.14 UTC-OFFSET: "+0100", "-0330", "+001932"; "+0000" for UTC
    /// (RFC 5545 forbids "-0000").
    public var icalendarText: String { signedText(separator: "") }

    private func signedText(separator: String) -> String {
        let magnitude = abs(seconds)
        var text = (seconds < 0 ? "-" : "+") + DigitText.padded(magnitude / 3600, width: 2)
            + separator + DigitText.padded(magnitude / 60 % 60, width: 2)
        if magnitude % 60 != 0 { text += separator + DigitText.padded(magnitude % 60, width: 2) }
        return text
    }
}
