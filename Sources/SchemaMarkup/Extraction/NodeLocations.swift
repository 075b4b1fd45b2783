import Findings
import JSON

/// Where each node of an item's JSON-LD-shaped value is in the source, in the value's own
/// shape (`members[i]` belongs to the value's `i`th member): for JSON-LD the JSON reader's
/// node positions in the HTML text's coordinates, for Microdata the elements that carry
/// the `itemscope` and `itemprop` attributes.
public struct NodeLocations: Sendable, Hashable {
    /// Where the node starts: an object's `{` (a Microdata item's element), a value's first character.
    public var start: SourceLocation
    /// For an object: one per member, in order.
    public var members: [Member]
    /// For an array: one per element.
    public var elements: [NodeLocations]

    public struct Member: Sendable, Hashable {
        /// Where the key is (its opening quote; the element carrying the `itemprop`).
        public var key: SourceLocation
        public var value: NodeLocations

        public init(key: SourceLocation, value: NodeLocations) {
            self.key = key
            self.value = value
        }
    }

    public init(start: SourceLocation, members: [Member] = [], elements: [NodeLocations] = []) {
        self.start = start
        self.members = members
        self.elements = elements
    }

    /// A JSON reader's positions, each turned into a location by `location`.
    init(_ positions: JSONNodePositions, _ location: (JSONPosition) -> SourceLocation) {
        self.init(
            start: location(positions.start),
            members: positions.members.map { Member(key: location($0.keyStart), value: NodeLocations($0.value, location)) },
            elements: positions.elements.map { NodeLocations($0, location) })
    }

    /// The locations of the last member named `key` of `value` (the one JSON-LD reads), if
    /// the shapes agree.
    func member(_ key: String, of value: JSONValue) -> Member? {
        guard case .object(let keys) = value, let index = keys.lastIndex(where: { $0.key == key }),
              index < members.count else { return nil }
        return members[index]
    }
}
