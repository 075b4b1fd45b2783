extension DateTimeValue: CustomStringConvertible {
    /// The normalized ISO 8601 extended form: "2020-06-26T19:30:00-07:00",
    /// "2020-06-26T19:30:00Z", "2020-06-26T19:30:00" (floating), "2020-06-26";
    /// seconds always written, fractions with no trailing zeros ("…:00.5-07:00"); a zoned
    /// value carries its zone in RFC 9557's suffix, "2027-03-04T20:15:00[Europe/Paris]".
    /// Parsing it (with `zoneSuffix: true` for a zoned one) gives back an equal value for
    /// years 0000...9999.
    public var description: String {
        guard let local = localDateTime else { return date.iso8601Text }
        return local.iso8601Text + (utcOffset?.iso8601Text ?? "") + (zone.map { "[" + $0.name + "]" } ?? "")
    }
}
