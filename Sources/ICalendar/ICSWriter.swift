/// Serializes components to iCalendar text (RFC 5545 §3.1): CRLF line endings, lines
/// folded at 75 octets without splitting a UTF-8 sequence, and the cardinality rules a
/// reader relies on checked before anything is written.
public enum ICSWriter {
    public enum InvalidCalendar: Error, Sendable, Equatable, CustomStringConvertible {
        case missingProperty(component: String, property: String)
        case repeatedProperty(component: String, property: String)

        public var description: String {
            switch self {
            case .missingProperty(let component, let property): "\(component) has no \(property)"
            case .repeatedProperty(let component, let property): "\(component) has \(property) more than once"
            }
        }
    }

    public static let maximumLineOctets = 75

    public static func serialize(_ calendar: ICSComponent) throws(InvalidCalendar) -> String {
        try validate(calendar)
        var output = ""
        write(calendar, to: &output)
        return output
    }

    /// RFC 5545: VCALENDAR needs VERSION and PRODID; a VEVENT exactly one UID, DTSTAMP and
    /// DTSTART (§3.6.1; DTSTART is optional only with METHOD, which stored items never have).
    static func validate(_ component: ICSComponent) throws(InvalidCalendar) {
        let required: [String]
        switch component.name {
        case "VCALENDAR": required = ["VERSION", "PRODID"]
        case "VEVENT": required = ["UID", "DTSTAMP", "DTSTART"]
        case "VALARM": required = ["ACTION", "TRIGGER"]
        default: required = []
        }
        for name in required {
            let count = component.properties(named: name).count
            if count == 0 { throw .missingProperty(component: component.name, property: name) }
            if count > 1 { throw .repeatedProperty(component: component.name, property: name) }
        }
        if component.name == "VEVENT" {
            for name in ["SEQUENCE", "STATUS", "SUMMARY", "DTEND", "URL", "LOCATION", "DESCRIPTION", "LAST-MODIFIED"]
            where component.properties(named: name).count > 1 {
                throw .repeatedProperty(component: component.name, property: name)
            }
        }
        for child in component.components { try validate(child) }
    }

    private static func write(_ component: ICSComponent, to output: inout String) {
        appendLine("BEGIN:" + component.name, to: &output)
        for property in component.properties {
            var line = property.name
            for parameter in property.parameters {
                line += ";" + parameter.name + "=" + ICSText.parameterValue(parameter.value)
            }
            line += ":" + property.rawValue
            appendLine(line, to: &output)
        }
        for child in component.components { write(child, to: &output) }
        appendLine("END:" + component.name, to: &output)
    }

    /// Folds at 75 octets (§3.1); a continuation line starts with one space, which counts.
    /// Folds between Unicode scalars (never inside a UTF-8 sequence), even inside a grapheme
    /// cluster; a line that fits is appended whole (most lines: this runs for every line of
    /// every event written, VTIMEZONE rules included).
    static func appendLine(_ line: String, to output: inout String) {
        guard line.utf8.count > maximumLineOctets else {
            output += line
            output += "\r\n"
            return
        }
        let scalars = line.unicodeScalars
        var segmentStart = scalars.startIndex
        var octets = 0
        for index in scalars.indices {
            let size = UTF8.width(scalars[index])
            if octets + size > maximumLineOctets {
                output.unicodeScalars.append(contentsOf: scalars[segmentStart..<index])
                output += "\r\n "
                segmentStart = index
                octets = 1
            }
            octets += size
        }
        output.unicodeScalars.append(contentsOf: scalars[segmentStart...])
        output += "\r\n"
    }
}
