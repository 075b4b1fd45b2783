/// Fixed-width decimal text for the date-time writers (no `String(format:)`: locale-free).
enum DigitText {
    /// `value` in at least `width` digits, zero-padded, with a leading "-" when negative.
    static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + padding + digits
    }

    /// ".5", ".25", ".000000001": the fraction of a second with trailing zeros removed; "" for 0.
    static func minimalFraction(nanosecond: Int) -> String {
        guard nanosecond != 0 else { return "" }
        var digits = Substring(padded(nanosecond, width: 9))
        while digits.last == "0" { digits.removeLast() }
        return "." + digits
    }
}
