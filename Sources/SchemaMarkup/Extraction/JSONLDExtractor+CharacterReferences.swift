import JSON

extension JSONLDExtractor {
    /// The item with the HTML character references in its string values decoded
    /// (`HTMLCharacterReference`), and how many strings had one. Member names are left alone.
    static func decodingCharacterReferences(_ value: JSONValue) -> (value: JSONValue, changed: Int) {
        switch value {
        case .string(let text):
            guard let decoded = HTMLCharacterReference.decoded(text) else { return (value, 0) }
            return (.string(decoded), 1)
        case .array(let elements):
            var changed = 0
            let decoded = elements.map { element in
                let result = decodingCharacterReferences(element)
                changed += result.changed
                return result.value
            }
            return changed == 0 ? (value, 0) : (.array(decoded), changed)
        case .object(let members):
            var changed = 0
            let decoded = members.map { member in
                let result = decodingCharacterReferences(member.value)
                changed += result.changed
                return JSONMember(key: member.key, value: result.value)
            }
            return changed == 0 ? (value, 0) : (.object(decoded), changed)
        case .null, .bool, .number:
            return (value, 0)
        }
    }
}
