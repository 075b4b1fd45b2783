/// Where each node of a JSON value starts in its text, in the value's own shape: an
/// object's members in order (with where each key starts), an array's elements in order.
///
/// Kept beside the ``JSONValue`` rather than in it, so values still compare by content
/// alone; walk both together (`members[i]` is the position of the value's `i`th member).
public struct JSONNodePositions: Sendable, Hashable {
    /// The value's first character: `{`, `[`, `"`, a digit or `-`, or a literal's letter.
    public var start: JSONPosition
    /// For an object: one per member, in source order (duplicates kept).
    public var members: [Member]
    /// For an array: one per element.
    public var elements: [JSONNodePositions]

    public struct Member: Sendable, Hashable {
        /// The key's opening quote.
        public var keyStart: JSONPosition
        public var value: JSONNodePositions

        public init(keyStart: JSONPosition, value: JSONNodePositions) {
            self.keyStart = keyStart
            self.value = value
        }
    }

    public init(start: JSONPosition, members: [Member] = [], elements: [JSONNodePositions] = []) {
        self.start = start
        self.members = members
        self.elements = elements
    }

    /// Every position moved by `transform` (into an enclosing text's coordinates).
    public func map(_ transform: (JSONPosition) -> JSONPosition) -> JSONNodePositions {
        JSONNodePositions(
            start: transform(start),
            members: members.map { Member(keyStart: transform($0.keyStart), value: $0.value.map(transform)) },
            elements: elements.map { $0.map(transform) })
    }
}
