import Findings
import JSON

/// Read access to a JSON-LD-shaped item with the forgiveness real markup needs: a value
/// may be a string or a number, one value or an array of them, an object or an `@id`
/// reference to an object elsewhere in the graph.
///
/// Positions: `location` is where the object starts (its `{`, the Microdata element with
/// `itemscope`), `location(ofProperty:)` where a property's value is (the element with the
/// `itemprop`), `locations(ofPropertyKey:)` every place the key is written (duplicates);
/// all nil when the item carries no positions.
struct ItemView {
    let value: JSONValue
    let graph: ItemGraph
    /// The positions of `value`'s nodes, in its shape.
    var locations: NodeLocations? = nil

    /// Where the object starts.
    var location: SourceLocation? { locations?.start }

    /// Where the value of property `key` starts (the one `property(_:)` reads).
    func location(ofProperty key: String) -> SourceLocation? {
        propertyMember(key).flatMap { locations?.members[ifPresent: $0]?.value.start }
    }

    /// Where each member written with key `key` (or its schema.org IRI) starts, in source order.
    func locations(ofPropertyKey key: String) -> [SourceLocation] {
        guard case .object(let members) = value, let locations else { return [] }
        return members.indices.filter { Self.matches(members[$0].key, key) }.compactMap { locations.members[ifPresent: $0]?.key }
    }

    /// The index of the member `property(_:)` reads.
    private func propertyMember(_ key: String) -> Int? {
        guard case .object(let members) = value else { return nil }
        if let index = members.lastIndex(where: { $0.key == key }) { return index }
        return members.lastIndex { SchemaType.isSchemaOrgIRI($0.key) && SchemaType.shortName($0.key) == key }
    }

    private static func matches(_ written: String, _ key: String) -> Bool {
        written == key || (SchemaType.isSchemaOrgIRI(written) && SchemaType.shortName(written) == key)
    }

    /// The short schema.org names in `@type`.
    var types: [String] {
        switch property("@type") {
        case .string(let name)?: return [SchemaType.shortName(name)]
        case .array(let names)?: return names.compactMap(\.stringValue).map(SchemaType.shortName)
        default: return []
        }
    }

    /// A property by its short name, also when written as a schema.org IRI
    /// (`"http://schema.org/reservationNumber"`).
    func property(_ key: String) -> JSONValue? {
        if let found = value[key] { return found }
        guard case .object(let members) = value else { return nil }
        return members.last { SchemaType.isSchemaOrgIRI($0.key) && SchemaType.shortName($0.key) == key }?.value
    }

    /// A text property: the string, a number's literal, the first of an array; trimmed, never empty.
    func text(_ key: String) -> String? {
        guard let property = property(key) else { return nil }
        return Self.text(of: property)
    }

    /// The first of several keys that has text.
    func text(_ keys: [String]) -> String? {
        for key in keys { if let found = text(key) { return found } }
        return nil
    }

    private static func text(of property: JSONValue) -> String? {
        switch property {
        case .string, .number:
            guard let text = property.stringValue?.trimmingWhitespace, !text.isEmpty else { return nil }
            return text
        case .array(let values):
            return values.lazy.compactMap(text(of:)).first
        default:
            return nil
        }
    }

    /// An object property (or a resolved reference); the first of an array.
    func item(_ key: String) -> ItemView? { items(key).first }

    func item(_ keys: [String]) -> ItemView? {
        for key in keys { if let found = item(key) { return found } }
        return nil
    }

    /// Every object under `key`, references resolved.
    func items(_ key: String) -> [ItemView] {
        guard let property = property(key) else { return [] }
        let propertyLocations = propertyMember(key).flatMap { locations?.members[ifPresent: $0]?.value }
        let values: [(JSONValue, NodeLocations?)]
        if case .array(let elements) = property {
            values = elements.enumerated().map { ($0.element, propertyLocations?.elements[ifPresent: $0.offset]) }
        } else {
            values = [(property, propertyLocations)]
        }
        return values.compactMap { element, elementLocations in
            guard case .object = element else { return nil }
            let (resolved, resolvedLocations) = graph.resolve(element, at: elementLocations)
            return ItemView(value: resolved, graph: graph, locations: resolvedLocations)
        }
    }

    /// A name that may be given as text or as an object with `name` (a Person, an Organization).
    func name(_ key: String) -> String? {
        item(key)?.text("name") ?? text(key)
    }

    /// Whether the property exists with a non-empty value (for the rule profiles).
    func has(_ key: String) -> Bool { text(key) != nil || item(key) != nil }
}

/// The items of one message by `@id`, so `{"@id": "#flight1"}` finds its object.
struct ItemGraph {
    private var byID: [String: (value: JSONValue, locations: NodeLocations?)] = [:]

    /// `locations[i]` are the positions of `items[i]`, when known.
    init(items: [JSONValue], locations: [NodeLocations?] = []) {
        // The last item first, and in each node its last child first (the order of the stack
        // this walk once kept, which decides which of two objects with one `@id` wins).
        // Recursion borrows each node and its positions where they are, instead of copying
        // every pair onto a stack (3 % of `extract`'s instructions, issue 21); the depth is
        // bounded by the nesting limits (json-depth, at most 512; item-depth).
        for index in items.indices.reversed() {
            register(items[index], at: locations[ifPresent: index] ?? nil)
        }
    }

    private mutating func register(_ value: JSONValue, at valueLocations: NodeLocations?) {
        switch value {
        case .object(let members):
            if let id = value["@id"]?.stringValue, members.count > 1, byID[id] == nil { byID[id] = (value, valueLocations) }
            for index in members.indices.reversed() {
                register(members[index].value, at: valueLocations?.members[ifPresent: index]?.value)
            }
        case .array(let elements):
            for index in elements.indices.reversed() {
                register(elements[index], at: valueLocations?.elements[ifPresent: index])
            }
        default:
            break
        }
    }

    /// An object that is only a reference (`@id` and nothing else but `@type`) becomes the object it names.
    func resolve(_ value: JSONValue) -> JSONValue { resolve(value, at: nil).value }

    /// As `resolve(_:)`, with the positions of what it resolves to.
    func resolve(_ value: JSONValue, at locations: NodeLocations?) -> (value: JSONValue, locations: NodeLocations?) {
        guard case .object(let members) = value, let id = value["@id"]?.stringValue,
              members.allSatisfy({ $0.key == "@id" || $0.key == "@type" }), let target = byID[id] else { return (value, locations) }
        return target
    }
}

extension Array {
    /// The element at `index`, or nil past the end (positions may be missing for a node).
    subscript(ifPresent index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
