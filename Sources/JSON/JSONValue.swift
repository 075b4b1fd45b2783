/// A JSON value as read from a JSON-LD script (RFC 8259 §3).
///
/// Objects are member lists, not dictionaries: source order and duplicate keys are kept,
/// so that lint can point at them and ``serialized`` writes the keys back in order.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    /// Members in source order, duplicates kept.
    case object([JSONMember])

    /// The value of the last member named `key`, or nil when there is none or this is not
    /// an object. The last one wins, as in JSON-LD (and in most JSON readers).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The text of a string, or the literal of a number (`"42"` and `42` both give `42`);
    /// nil for anything else.
    public var stringValue: String? {
        switch self {
        case .string(let string): string
        case .number(let number): number.literal
        default: nil
        }
    }
}
