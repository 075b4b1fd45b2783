import JSON

/// Builders for reports written as JSON (keys in the order given).
extension JSONValue {
    static func members(_ pairs: [(String, JSONValue?)]) -> JSONValue {
        .object(pairs.compactMap { key, value in value.map { JSONMember(key: key, value: $0) } })
    }

    static func integer(_ value: Int) -> JSONValue {
        .number(JSONNumber(literal: String(value), value: Double(value)))
    }
}
