import Foundation
import JSON
import SchemaMarkup
import Testing

/// KDE KItinerary's own test data (CC0-1.0), copied to Fixtures/kitinerary with upstream's
/// folder names; Fixtures/kitinerary/README.md says where from.
enum KItineraryCorpus {
    static var root: URL {
        get throws {
            try #require(Bundle.module.url(forResource: "Fixtures/kitinerary", withExtension: nil),
                         "Fixtures/kitinerary is missing from the test bundle")
        }
    }

    static func text(_ relativePath: String) throws -> String {
        let url = try root.appendingPathComponent(relativePath)
        return try String(decoding: Data(contentsOf: url), as: UTF8.self)
    }

    /// The file names (no folder) in one corpus folder, sorted.
    static func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path).sorted()
    }

    /// A JSON file of the corpus, read strictly (RFC 8259, no recovery).
    static func json(_ relativePath: String) throws -> JSONValue {
        switch LenientJSONReader(recovers: false).read(try text(relativePath)) {
        case .success(let read): return read.value
        case .failure(let error): throw ConformanceError("\(relativePath) is not valid JSON: \(error)")
        }
    }

    /// The one text/html part of a simple multipart e-mail (7bit/8bit, no nesting), as the
    /// `synthetic/*.eml` fixtures are. SchemaMarkupTests cannot use MailMessage; the MIME
    /// path through the binary is covered by the extruct cross-check in EndToEndTests.
    static func htmlPart(ofMessage message: String) throws -> String {
        let normalized = message.replacingOccurrences(of: "\r\n", with: "\n")
        guard let headerEnd = normalized.range(of: "\n\n") else { throw ConformanceError("no message body") }
        let headers = String(normalized[..<headerEnd.lowerBound])
        guard let match = headers.range(of: #"boundary="?([^";\n]+)"?"#, options: .regularExpression) else {
            throw ConformanceError("not a multipart message")
        }
        let boundary = String(headers[match]).replacingOccurrences(of: "boundary=", with: "")
            .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        for part in normalized[headerEnd.upperBound...].components(separatedBy: "\n--" + boundary) {
            guard let end = part.range(of: "\n\n") else { continue }
            let partHeaders = part[..<end.lowerBound].lowercased()
            guard partHeaders.contains("content-type: text/html") else { continue }
            if let encoding = partHeaders.range(of: "content-transfer-encoding:"),
               !["7bit", "8bit"].contains(where: { partHeaders[encoding.upperBound...].hasPrefix(" " + $0) }) {
                throw ConformanceError("the text/html part needs a transfer decoding this helper does not do")
            }
            return String(part[end.upperBound...])
        }
        throw ConformanceError("no text/html part")
    }
}

struct ConformanceError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Structural JSON comparison as KItinerary's tests do it (`QJsonArray ==`): key order in
/// objects is ignored, array order is not, a string never equals a number, numbers compare by
/// value (`48` == `48.0`, `"48.0"` != `48.0`). A repeated key counts once, with its last
/// value (JSON-LD and QJsonDocument both keep the last).
enum ConformanceJSON {
    /// Where `ours` differs from `expected`, one line per difference (empty when equal).
    static func differences(_ ours: JSONValue, _ expected: JSONValue, path: String = "$") -> [String] {
        switch (ours, expected) {
        case (.null, .null):
            return []
        case (.bool(let a), .bool(let b)):
            return a == b ? [] : ["\(path): ours \(a), expected \(b)"]
        case (.number(let a), .number(let b)):
            return a.value == b.value ? [] : ["\(path): ours \(a.literal), expected \(b.literal)"]
        case (.string(let a), .string(let b)):
            return a == b ? [] : ["\(path): ours \(quoted(a)), expected \(quoted(b))"]
        case (.array(let a), .array(let b)):
            var found = a.count == b.count ? [] : ["\(path): ours has \(a.count) elements, expected \(b.count)"]
            for index in 0..<min(a.count, b.count) {
                found += differences(a[index], b[index], path: "\(path)[\(index)]")
            }
            return found
        case (.object, .object):
            let a = members(ours), b = members(expected)
            var found: [String] = []
            for key in Set(a.keys).union(b.keys).sorted() {
                switch (a[key], b[key]) {
                case (let x?, let y?): found += differences(x, y, path: "\(path).\(key)")
                case (let x?, nil): found.append("\(path).\(key): only ours has it (\(short(x)))")
                case (nil, let y?): found.append("\(path).\(key): missing from ours (expected \(short(y)))")
                case (nil, nil): break
                }
            }
            return found
        default:
            return ["\(path): ours \(short(ours)), expected \(short(expected))"]
        }
    }

    static func members(_ value: JSONValue) -> [String: JSONValue] {
        guard case .object(let list) = value else { return [:] }
        var result: [String: JSONValue] = [:]
        for member in list { result[member.key] = member.value }
        return result
    }

    static func short(_ value: JSONValue) -> String {
        let text = value.serialized
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }

    static func quoted(_ text: String) -> String {
        JSONValue.string(text).serialized
    }

    /// `value` with the member `key` of the object at `path` (array indexes) set by `change`.
    static func updating(_ value: JSONValue, at path: [Int], key: String,
                         _ change: (JSONValue?) -> JSONValue?) -> JSONValue {
        if let first = path.first {
            guard case .array(var elements) = value, elements.indices.contains(first) else { return value }
            elements[first] = updating(elements[first], at: Array(path.dropFirst()), key: key, change)
            return .array(elements)
        }
        guard case .object(var list) = value else { return value }
        let old = list.last(where: { $0.key == key })?.value
        list.removeAll { $0.key == key }
        if let new = change(old) { list.append(JSONMember(key: key, value: new)) }
        return .object(list)
    }
}
