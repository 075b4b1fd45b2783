/// One `"key": value` pair of a JSON object.
///
/// Objects keep their members as a list, in source order and with duplicate keys kept
/// (RFC 8259 §4 leaves duplicates to the reader; JSON-LD lets the last one win, see
/// ``JSONValue/subscript(_:)``).
public struct JSONMember: Sendable, Hashable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
