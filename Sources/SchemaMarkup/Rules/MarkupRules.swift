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

    /// Every object in `value` with the short type names it declares, depth first, the outermost first.
    static func nodes(in value: JSONValue) -> [(members: [JSONMember], types: [String])] {
        var result: [(members: [JSONMember], types: [String])] = []
        func visit(_ value: JSONValue) {
            switch value {
            case .object(let members):
                let view = ItemView(value: value, graph: ItemGraph(items: []))
                result.append((members, view.types))
                for member in members where member.key != "@context" { visit(member.value) }
            case .array(let elements):
                elements.forEach(visit)
            default:
                break
            }
        }
        visit(value)
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
