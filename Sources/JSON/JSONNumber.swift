/// A JSON number: its literal text as written, and that text read as a `Double`.
///
/// The literal is kept because `48.0` and `48` are different texts (and a reservation
/// number written as a JSON number may have more digits than a `Double` holds).
/// A literal outside the range of `Double` reads as an infinity; it stays a valid number.
public struct JSONNumber: Sendable, Hashable {
    /// The text of the number as it appeared in the source, e.g. `-1.50e3`.
    public var literal: String
    /// The nearest `Double` to ``literal``.
    public var value: Double

    public init(literal: String, value: Double) {
        self.literal = literal
        self.value = value
    }
}
