import Findings

extension SignedHeaderView {
    /// The message Date as the version rule may use it, with why it may not.
    public struct DateReading: Sendable {
        /// Seconds since 1970 of the signed Date; nil when no usable signed Date exists, and
        /// then the message is older than anything stored (DESIGN.md, reservation semantics).
        public var secondsSince1970: Int64?
        public var finding: Finding?
    }

    /// How far ahead of the clock a Date may be before it is ignored: a sender's clock may be
    /// off, a replayed message's Date set to next year must not win every comparison.
    public static let dateTolerance: Int64 = 86_400

    /// The signed Date instance (RFC 5322 §3.6.1), parsed; nil with a finding when it is
    /// missing, not covered by the signature, present twice, unparsable, or more than
    /// ``dateTolerance`` after `now`.
    public func date(now: Int64) -> DateReading {
        let found = instances(of: .date)
        guard let first = found.first else {
            return DateReading(finding: Finding(
                code: .dateMissing,
                message: "the message has no Date field (RFC 5322 §3.6.1 requires one); it counts as older than "
                    + "any event already stored"))
        }
        guard found.count == 1, let instance = signedInstance(of: .date) else {
            return DateReading(finding: Finding(
                code: .dateNotSigned,
                message: found.count == 1
                    ? "\(signer.map { "the passing DKIM signature (\($0))" } ?? "the signature") does not cover Date, "
                        + "so the Date does not decide which version of a reservation is newer; the message counts as "
                        + "older than any event already stored. The sender should add date to the signature's h= tag"
                    : "the message has \(found.count) Date fields; none decides which version is newer",
                location: SourceLocation(line: first.field.line)))
        }
        guard let parsed = MessageDate(parsing: instance.value) else {
            return DateReading(finding: Finding(
                code: .dateInvalid,
                message: "Date \"\(instance.value)\" is not an RFC 5322 §3.3 date-time; the message counts as older "
                    + "than any event already stored",
                location: SourceLocation(line: instance.line)))
        }
        guard parsed.secondsSince1970 <= now + Self.dateTolerance else {
            return DateReading(finding: Finding(
                code: .dateInFuture,
                message: "Date \"\(instance.value)\" is more than a day after the clock; it is ignored and the message "
                    + "counts as older than any event already stored",
                location: SourceLocation(line: instance.line)))
        }
        return DateReading(secondsSince1970: parsed.secondsSince1970)
    }
}
