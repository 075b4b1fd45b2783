extension DateTimeValue: CustomStringConvertible {
    /// The normalized ISO 8601 extended form: "2020-06-26T19:30:00-07:00",
    /// "2020-06-26T19:30:00Z", "2020-06-26T19:30:00" (floating), "2020-06-26";
    /// seconds always written, fractions with no trailing zeros ("…:00.5-07:00").
    /// Parsing it gives back an equal value for years 0000...9999.
    public var description: String {
        let date = DigitText.padded(year, width: 4) + "-" + DigitText.padded(month, width: 2)
            + "-" + DigitText.padded(day, width: 2)
        guard let time else { return date }
        let clock = DigitText.padded(time.hour, width: 2) + ":" + DigitText.padded(time.minute, width: 2)
            + ":" + DigitText.padded(time.second, width: 2)
            + DigitText.minimalFraction(nanosecond: time.nanosecond)
        return date + "T" + clock + Self.offsetText(utcOffsetSeconds)
    }

    /// "Z", "+05:30", "-07:00"; "" for nil. (RFC 3339 §5.6 `time-offset`.)
    static func offsetText(_ offset: Int?) -> String {
        guard let offset else { return "" }
        guard offset != 0 else { return "Z" }
        let magnitude = abs(offset)
        var text = (offset < 0 ? "-" : "+") + DigitText.padded(magnitude / 3600, width: 2)
            + ":" + DigitText.padded(magnitude / 60 % 60, width: 2)
        if magnitude % 60 != 0 {  // Only reachable by mutating the field past init's check.
            text += ":" + DigitText.padded(magnitude % 60, width: 2)
        }
        return text
    }
}
