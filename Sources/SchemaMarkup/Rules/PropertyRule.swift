import Findings
import JSON

/// `unknown-property`: a name schema.org does not define for the node's type is never
/// read — most often a typo (`reservationStaus`) or a case slip (Microdata `startdate`).
/// Checked on every node whose type ``SchemaVocabulary`` lists.
enum PropertyRule {
    struct Unknown {
        let index: Int
        let key: String
        let type: String
        /// The known name it most likely means.
        let suggestion: String?
    }

    /// The unknown property names of one node, with what each most likely means.
    static func unknownProperties(of members: [JSONMember], types: [String]) -> [Unknown] {
        guard let type = types.first(where: { SchemaVocabulary.properties(of: $0) != nil }) else { return [] }
        let known = types.compactMap(SchemaVocabulary.properties(of:)).reduce(into: Set<String>()) { $0.formUnion($1) }
        return members.enumerated().compactMap { index, member in
            guard let name = MarkupRules.propertyName(member.key), !known.contains(name) else { return nil }
            return Unknown(index: index, key: member.key, type: type, suggestion: SchemaVocabulary.nearest(to: name, in: known))
        }
    }

    static func check(_ item: ExtractedItem) -> [Finding] {
        MarkupRules.nodes(in: item).flatMap { node in
            unknownProperties(of: node.members, types: node.types).map { unknown in
                if let suggestion = unknown.suggestion {
                    return Finding(code: .unknownProperty,
                                   message: "\(unknown.key) is not a property of \(unknown.type): did you mean \(suggestion)?",
                                   location: node.keyLocation(unknown.index))
                }
                return Finding(code: .unknownProperty, severity: .warning,
                               message: "\(unknown.key) is not a schema.org property of \(unknown.type); readers ignore it",
                               location: node.keyLocation(unknown.index))
            }
        }
    }

    /// The names a node's typos stand for (`reservationStaus` → `reservationStatus`): the
    /// profiles do not report those as missing again.
    static func misspelledNames(of view: ItemView) -> Set<String> {
        guard case .object(let members) = view.value else { return [] }
        return Set(unknownProperties(of: members, types: view.types).compactMap(\.suggestion))
    }
}
