// Fuzz target: ICS writing. Whatever text goes in (as TEXT values and as a parameter),
// the output parses back with the project's own ICSReader to the same text, and every
// line is at most 75 octets (RFC 5545 §3.1).
import ICalendar

/// What a TEXT value can hold: CR LF and lone CR become LF; other controls but TAB are dropped.
private func expectedText(_ text: String) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    var previousWasCR = false
    for scalar in text.unicodeScalars {
        defer { previousWasCR = scalar == "\r" }
        if scalar == "\n" && previousWasCR { continue }
        if scalar == "\r" || scalar == "\n" { result.append("\n"); continue }
        if (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F { continue }
        result.append(scalar)
    }
    return result
}

/// A parameter value: DQUOTE becomes an apostrophe, controls but TAB dropped.
private func expectedParameter(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.compactMap { scalar in
        if scalar == "\"" { return "'" }
        return (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F ? nil : scalar
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let event = ICSComponent(name: "VEVENT", properties: [
        .raw("UID", "fuzz@example.org"),
        .raw("DTSTAMP", "20270115T000000Z"),
        .raw("DTSTART", "20270116T100000Z"),
        .text("SUMMARY", text),
        .text("DESCRIPTION", "x" + text, parameters: [ICSParameter(name: "X-NOTE", value: text)]),
    ])
    let calendar = ICSComponent(name: "VCALENDAR", properties: [
        .raw("VERSION", "2.0"), .raw("PRODID", "-//eventsuggest//fuzz//EN"),
    ], components: [event])
    let output: String
    do { output = try ICSWriter.serialize(calendar) } catch { preconditionFailure("valid calendar rejected: \(error)") }

    // Every physical line ≤ 75 octets, CRLF-terminated, no bare CR or LF.
    let octets = Array(output.utf8)
    var lineStart = 0
    var index = 0
    while index < octets.count {
        if octets[index] == 0x0D || octets[index] == 0x0A {
            precondition(octets[index] == 0x0D && index + 1 < octets.count && octets[index + 1] == 0x0A, "bare CR or LF")
            precondition(index - lineStart <= ICSWriter.maximumLineOctets, "line of \(index - lineStart) octets")
            index += 2
            lineStart = index
        } else {
            index += 1
        }
    }
    precondition(lineStart == octets.count, "output does not end with CRLF")

    let parsed: ICSComponent
    do { parsed = try ICSReader.parse(output) } catch { preconditionFailure("output does not read back: \(error)") }
    guard let readEvent = parsed.components.first, parsed.components.count == 1, readEvent.name == "VEVENT",
          let summary = readEvent.property("SUMMARY"), let description = readEvent.property("DESCRIPTION") else {
        preconditionFailure("structure changed on read-back")
    }
    let expected = expectedText(text)
    precondition(Array(summary.textValue.unicodeScalars) == expected, "SUMMARY text changed on read-back")
    precondition(Array(description.textValue.unicodeScalars) == ["x"] + expected, "DESCRIPTION text changed")
    precondition(Array((description.parameter("X-NOTE") ?? "\u{0}").unicodeScalars) == expectedParameter(text),
                 "parameter value changed on read-back")
    return 0
}
