import Findings
import JSON

/// `missing-context`, `unknown-context`: names mean schema.org only under its vocabulary
/// (JSON-LD 1.1 §3.1 `@context`, §4.1.2 `@vocab`; HTML Microdata's `itemtype` URL).
enum ContextRule {
    /// `http(s)://schema.org`, with or without `www.` and a trailing slash.
    static func isSchemaOrg(_ text: String) -> Bool {
        var lower = text.trimmingWhitespace.lowercased()
        while lower.hasSuffix("/") { lower.removeLast() }
        return ["http://schema.org", "https://schema.org", "http://www.schema.org", "https://www.schema.org"].contains(lower)
    }

    /// Whether a `@context` value puts the item's names in schema.org: a string, an object
    /// with `@vocab`, or an array holding one of them.
    static func namesSchemaOrg(_ context: JSONValue) -> Bool {
        switch context {
        case .string(let text): return isSchemaOrg(text)
        case .object: return context["@vocab"]?.stringValue.map(isSchemaOrg) ?? false
        case .array(let elements): return elements.contains(where: namesSchemaOrg)
        default: return false
        }
    }

    static func check(_ item: ExtractedItem) -> [Finding] {
        let declaredTypes = item.value["@type"].map { value -> [String] in
            if case .array(let names) = value { return names.compactMap(\.stringValue) }
            return value.stringValue.map { [$0] } ?? []
        } ?? []
        let start = item.locations?.start ?? item.location
        switch item.syntax {
        case .microdata:
            // The extractor adds the schema.org context for a schema.org itemtype; any other
            // itemtype stays a whole URL in @type.
            guard item.value["@context"] == nil, let type = declaredTypes.first(where: { $0.contains("/") }) else { return [] }
            return [Finding(code: .unknownContext,
                            message: "itemtype \"\(type)\" is not a schema.org type: write https://schema.org/\(lastSegment(type))",
                            location: start)]
        case .jsonLD:
            guard let context = item.value["@context"] else {
                // A type written as a whole schema.org IRI needs no context.
                if !declaredTypes.isEmpty && declaredTypes.allSatisfy(SchemaType.isSchemaOrgIRI) { return [] }
                return [Finding(code: .missingContext,
                                message: "\(declaredTypes.first ?? "the item") has no @context: its names mean nothing "
                                    + "to a reader; add \"@context\": \"https://schema.org\"",
                                location: start)]
            }
            guard !namesSchemaOrg(context) else { return [] }
            let written = context.stringValue ?? context["@vocab"]?.stringValue ?? context.serialized
            return [Finding(code: .unknownContext,
                            message: "@context \"\(written)\" is not schema.org, so no reader takes "
                                + "\(declaredTypes.first ?? "the item") for a schema.org type; write \"https://schema.org\"",
                            location: contextLocation(item) ?? start)]
        }
    }

    /// Where the item's `@context` value is written.
    private static func contextLocation(_ item: ExtractedItem) -> SourceLocation? {
        guard case .object(let members) = item.value, let index = members.lastIndex(where: { $0.key == "@context" })
        else { return nil }
        return item.locations?.members[ifPresent: index]?.value.start
    }

    private static func lastSegment(_ url: String) -> String {
        url.split(separator: "/").last.map(String.init) ?? url
    }
}
