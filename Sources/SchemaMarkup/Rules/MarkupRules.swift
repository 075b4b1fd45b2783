import Findings
import JSON

/// The lint rules on what markup means, beyond the profiles' required properties: the
/// vocabulary (`@context`), node identity (`@id`), property names, value kinds, status
/// forms and date order. Ingest does not run them; lint does.
struct MarkupRules {
    func check(_ items: [ExtractedItem], reservations: [Reservation]) -> [Finding] {
        var findings: [Finding] = []
        for item in items {
            findings += ContextRule.check(item)
            findings += PropertyRule.check(item)
            findings += ValueRule.check(item)
        }
        findings += DuplicateIDRule.check(items)
        findings += DateOrderRule.check(reservations)
        return findings
    }

    /// One object of an item, with where it and each of its members are.
    struct Node {
        let members: [JSONMember]
        /// The short schema.org names its `@type` declares.
        let types: [String]
        let locations: NodeLocations?
        /// The item's own location, for a node whose place is not known.
        let fallback: SourceLocation

        var location: SourceLocation { locations?.start ?? fallback }
        /// Where member `index`'s key is written.
        func keyLocation(_ index: Int) -> SourceLocation { locations?.members[ifPresent: index]?.key ?? location }
        /// Where member `index`'s value (or its `element`th element) starts.
        func valueLocation(_ index: Int, element: Int? = nil) -> SourceLocation {
            guard let value = locations?.members[ifPresent: index]?.value else { return location }
            guard let element else { return value.start }
            return value.elements[ifPresent: element]?.start ?? value.start
        }
    }

    /// Every object in an item, depth first, the outermost first.
    static func nodes(in item: ExtractedItem) -> [Node] {
        var result: [Node] = []
        func visit(_ value: JSONValue, _ locations: NodeLocations?) {
            switch value {
            case .object(let members):
                let view = ItemView(value: value, graph: ItemGraph(items: []))
                result.append(Node(members: members, types: view.types, locations: locations, fallback: item.location))
                for (index, member) in members.enumerated() where member.key != "@context" {
                    visit(member.value, locations?.members[ifPresent: index]?.value)
                }
            case .array(let elements):
                for (index, element) in elements.enumerated() { visit(element, locations?.elements[ifPresent: index]) }
            default:
                break
            }
        }
        visit(item.value, item.locations)
        return result
    }

    /// A property key as its short schema.org name (`http://schema.org/name` → `name`), nil
    /// for a JSON-LD keyword or a name in another vocabulary.
    static func propertyName(_ key: String) -> String? {
        if key.hasPrefix("@") { return nil }
        if SchemaType.isSchemaOrgIRI(key) { return SchemaType.shortName(key) }
        return key.contains(":") || key.contains("/") ? nil : key
    }
}
