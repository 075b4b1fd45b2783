import Findings
import JSON

/// `invalid-value`: a value of the wrong kind is dropped by every reader, so lint says so
/// instead of dropping it silently; `legacy-status`: the old status names still read, but
/// not everywhere.
enum ValueRule {
    /// schema.org `Integer` properties (https://schema.org/partySize, numAdults, numChildren; Gmail's numSeats).
    static let integerProperties: Set<String> = ["partySize", "numAdults", "numChildren", "numSeats"]
    /// schema.org `URL` properties readers follow (url; Gmail's action URLs).
    static let urlProperties: Set<String> = [
        "url", "modifyReservationUrl", "cancelReservationUrl", "confirmReservationUrl", "checkinUrl",
        "ticketDownloadUrl", "ticketPrintUrl",
    ]
    /// Date-time properties this tool does not read itself, so no other rule checks them.
    static let dateTimeProperties: Set<String> = ["bookingTime", "dateIssued", "webCheckinTime", "doorTime"]

    static func check(_ item: ExtractedItem) -> [Finding] {
        var findings: [Finding] = []
        for node in MarkupRules.nodes(in: item) {
            for (index, member) in node.members.enumerated() {
                guard let name = MarkupRules.propertyName(member.key) else { continue }
                let isArray: Bool
                if case .array = member.value { isArray = true } else { isArray = false }
                for (element, value) in elements(member.value).enumerated() {
                    if let problem = problem(name: name, value: value) {
                        findings.append(Finding(code: .invalidValue, message: problem,
                                                location: node.valueLocation(index, element: isArray ? element : nil)))
                    }
                }
                if name == "reservationStatus", let text = member.value.stringValue, let legacy = legacyStatus(text) {
                    findings.append(Finding(
                        code: .legacyStatus,
                        message: "reservationStatus \"\(text)\" is the old form; write \"https://schema.org/\(legacy)\"",
                        location: node.valueLocation(index)))
                }
            }
        }
        return findings
    }

    private static func elements(_ value: JSONValue) -> [JSONValue] {
        if case .array(let values) = value { return values }
        return [value]
    }

    /// What is wrong with one value of property `name`, or nil.
    static func problem(name: String, value: JSONValue) -> String? {
        if integerProperties.contains(name) {
            switch value {
            case .number(let number) where number.literal.allSatisfy(\.isNumber): return nil
            case .string(let text) where !text.isEmpty && text.trimmingWhitespace.allSatisfy(\.isASCIIDigit): return nil
            case .object: return nil   // a QuantitativeValue
            default: return "\(name) \(value.serialized) is not an integer (schema.org Integer); write it in digits, e.g. 4"
            }
        }
        if urlProperties.contains(name), case .string(let text) = value, !isAbsoluteWebURL(text) {
            return "\(name) \"\(text)\" is not an absolute http(s) URL (RFC 3986 §4.3); readers ignore it"
        }
        if dateTimeProperties.contains(name), case .string(let text) = value, DateTimeValue(parsing: text) == nil {
            return "\(name) \"\(text)\" is not an ISO 8601 date or date-time"
        }
        return nil
    }

    /// `http://host…` or `https://host…` with a host (RFC 3986 §3.2.2), no spaces.
    static func isAbsoluteWebURL(_ text: String) -> Bool {
        let lower = text.trimmingWhitespace.lowercased()
        guard let scheme = ["https://", "http://"].first(where: { lower.hasPrefix($0) }) else { return false }
        let rest = lower.dropFirst(scheme.count)
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && !lower.contains(" ")
    }

    /// `http://schema.org/Confirmed` → `ReservationConfirmed`: a status read by its old short name.
    static func legacyStatus(_ text: String) -> String? {
        let short = SchemaType.shortName(text)
        guard !short.lowercased().hasPrefix("reservation"), let status = ReservationStatus(schemaValue: text) else { return nil }
        return status.rawValue
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
