import Findings
import JSON

/// `duplicate-id`: two nodes with one `@id` (JSON-LD 1.1 §3.3: an `@id` names one node) —
/// a reader keeps one and silently drops the other. A reference (`@id`, at most `@type` and `@context`)
/// is no node, and the same node given twice (JSON-LD and Microdata of one booking) is one.
enum DuplicateIDRule {
    static func check(_ items: [ExtractedItem]) -> [Finding] {
        var first: [String: (value: JSONValue, location: SourceLocation)] = [:]
        var findings: [Finding] = []
        for item in items {
            for node in MarkupRules.nodes(in: item) {
                guard let id = node.members.last(where: { $0.key == "@id" })?.value.stringValue,
                      node.members.contains(where: { !["@id", "@type", "@context"].contains($0.key) }) else { continue }
                let value = JSONValue.object(node.members)
                guard let earlier = first[id] else {
                    first[id] = (value, node.location)
                    continue
                }
                if earlier.value == value { continue }
                findings.append(Finding(
                    code: .duplicateID,
                    message: "@id \"\(id)\" names two different nodes (first at \(earlier.location.line)"
                        + "\(earlier.location.column.map { ":\($0)" } ?? "")); a reader keeps one and drops the other: "
                        + "give each its own @id",
                    location: node.location))
            }
        }
        return findings
    }
}
