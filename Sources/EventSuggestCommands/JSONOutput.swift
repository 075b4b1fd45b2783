import JSON

/// Builders for the CLI's JSON output on the shared `JSONValue` (compact, keys in the
/// order given, numbers as written).
extension JSONValue {
    static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(pairs.map { JSONMember(key: $0.0, value: $0.1) })
    }

    static func number(_ value: Int) -> JSONValue {
        .number(JSONNumber(literal: String(value), value: Double(value)))
    }

    static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    static func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.number) ?? .null }
}
