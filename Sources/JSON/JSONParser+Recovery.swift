/// The departures from RFC 8259 that real mail needs forgiven (``JSONRecovery/Kind``).
/// Without `recovers`, each is an error at the position the recovery would have had.
extension JSONParser {
    /// RFC 8259 §4, §5: a `,` before `]` or `}` is an error.
    // QUIRK: Eventbrite's mail has `"endDate": "…",` right before `}`
    // (KItinerary structureddata/eventbrite-broken-json.html).
    mutating func forgiveTrailingComma(at comma: Int, isObject: Bool) throws(JSONReadError) {
        let closer = isObject ? "'}'" : "']'"
        guard recovers else {
            let expected = isObject ? "expected a string key after ','" : "expected a value after ','"
            throw syntaxError("\(expected), found \(closer) (a trailing comma)", at: comma)
        }
        record(.trailingComma, at: comma, "ignored a trailing ',' before \(closer)")
    }

    /// RFC 8259 §4, §5: elements and members are separated by `,`.
    // QUIRK: Apple's WWDC 2020 sample omits the `,` at two line ends; Eurowings writes
    // array objects as `}{` (KItinerary structureddata/ew-invalid-json-array.html).
    mutating func forgiveMissingComma(
        after value: JSONValue, endingAt valueEnd: Int, sawLineBreak: Bool, in itemName: String, isObject: Bool
    ) throws(JSONReadError) {
        let closer = isObject ? "'}'" : "']'"
        guard index < bytes.count else {
            throw syntaxError("expected ',' or \(closer) after \(itemName), found end of input", at: index)
        }
        let next = bytes[index]
        if recovers && sawLineBreak && (isObject ? next == JSONByte.quote : startsValue(next)) {
            let items = isObject ? "object members" : "array elements"
            record(.missingComma, at: valueEnd, "assumed a missing ',' between two \(items) on different lines")
            return
        }
        if recovers && !isObject && next == JSONByte.openBrace, case .object = value {
            record(.adjacentObjects, at: valueEnd, "assumed a missing ',' between two objects written '}{' in an array")
            return
        }
        throw syntaxError("expected ',' or \(closer) after \(itemName), found \(found(at: index))", at: valueEnd)
    }

    /// RFC 8259 §2: a JSON text is one value.
    // QUIRK: senders' templates write one object per reservation into one script, back to
    // back (`}{`, or `}` and `{` on separate lines) with no array around them; they are
    // read as the list they mean, as KItinerary's fixupJson does for `}{`.
    mutating func forgiveAdjacentTopLevelObject(at valueEnd: Int) throws(JSONReadError) {
        guard recovers else {
            throw syntaxError("expected the end of the text after the top-level value, found '{'", at: valueEnd)
        }
        record(.adjacentObjects, at: valueEnd, "assumed two top-level objects written one after the other are a list")
    }

    private func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case JSONByte.openBrace, JSONByte.openBracket, JSONByte.quote, JSONByte.minus, JSONByte.zero...JSONByte.nine,
            UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            true
        default:
            false
        }
    }

    private mutating func record(_ kind: JSONRecovery.Kind, at offset: Int, _ message: String) {
        recoveries.append(JSONRecovery(kind: kind, position: tracker.position(at: offset), message: message))
    }
}
