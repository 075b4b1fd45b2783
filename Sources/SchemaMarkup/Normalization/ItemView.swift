import JSON

/// Read access to a JSON-LD-shaped item with the forgiveness real markup needs: a value
/// may be a string or a number, one value or an array of them, an object or an `@id`
/// reference to an object elsewhere in the graph.
struct ItemView {
    let value: JSONValue
    let graph: ItemGraph

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
        let values: [JSONValue]
        if case .array(let elements) = property { values = elements } else { values = [property] }
        return values.compactMap { element in
            guard case .object = element else { return nil }
            return ItemView(value: graph.resolve(element), graph: graph)
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
    private var byID: [String: JSONValue] = [:]

    init(items: [JSONValue]) {
        var stack = items
        while let value = stack.popLast() {
            switch value {
            case .object(let members):
                if let id = value["@id"]?.stringValue, members.count > 1, byID[id] == nil { byID[id] = value }
                stack.append(contentsOf: members.map(\.value))
            case .array(let elements):
                stack.append(contentsOf: elements)
            default:
                break
            }
        }
    }

    /// An object that is only a reference (`@id` and nothing else but `@type`) becomes the object it names.
    func resolve(_ value: JSONValue) -> JSONValue {
        guard case .object(let members) = value, let id = value["@id"]?.stringValue,
              members.allSatisfy({ $0.key == "@id" || $0.key == "@type" }), let target = byID[id] else { return value }
        return target
    }
}
