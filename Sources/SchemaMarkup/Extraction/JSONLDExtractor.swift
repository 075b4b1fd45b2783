import JSON
import Findings
import HTMLDocument

/// Reads every `<script type="application/ld+json">` of a document (JSON-LD 1.1 §6.1 in HTML).
struct JSONLDExtractor {
    let limits: MarkupLimits
    let part: String?
    /// Recover from the JSON mistakes real mail makes (a `json-recovered` warning), or not (lint).
    let recovers: Bool
    /// After a syntax error, still read the items as recovery would (lint: one run reports everything).
    var readsRecoveredAfterError = false

    func extract(from document: HTMLDocument, source: SourceText) -> (items: [ExtractedItem], findings: [Finding]) {
        var items: [ExtractedItem] = []
        var findings: [Finding] = []
        let reader = LenientJSONReader(
            limits: JSONReaderLimits(maxDepth: limits.maxJSONDepth, maxBytes: limits.maxJSONBytes), recovers: recovers)
        var searchFrom = 0
        for script in document.root.descendantElements(named: "script") where Self.isJSONLD(script) {
            let raw = script.textContent
            let found = source.location(of: raw, fromLine: script.line, notBefore: searchFrom)
            if let found { searchFrom = found.offset + 1 }
            let start = found.map { (line: $0.line, column: $0.column) } ?? (line: script.line, column: 1)
            func htmlLocation(_ position: JSONPosition) -> SourceLocation {
                SourceLocation.inMarkup(line: position.line, column: position.column, part: part).offset(by: start)
            }
            // A script over the JSON size limit is refused by the reader; the recoveries
            // below are not spent on it.
            let withinLimit = raw.utf8.count <= limits.maxJSONBytes
            var cleaned = Self.unwrap(withinLimit ? Self.blankingCommentLines(raw) : raw)
            if cleaned.allSatisfy(\.isWhitespace) { continue }
            let escaped = recovers && withinLimit ? HTMLEscapedScript(cleaned) : nil
            if let escaped {
                cleaned = escaped.decoded
                findings.append(Finding(
                    code: .jsonRecovered,
                    message: "JSON-LD script: its text is HTML-escaped (&quot; for \"); read with the character references decoded",
                    location: htmlLocation(escaped.firstQuote)))
            }
            func location(_ position: JSONPosition) -> SourceLocation {
                htmlLocation(escaped?.originalPosition(position) ?? position)
            }
            switch reader.readDocument(cleaned) {
            case .failure(let error):
                let code: FindingCode
                switch error.kind {
                case .syntax: code = .jsonSyntaxError
                case .depthLimit: code = .jsonTooDeep
                case .sizeLimit: code = .jsonTooLarge
                }
                findings.append(Finding(code: code,
                                        message: "JSON-LD script: \(error.message)", location: location(error.position)))
                // Lint goes on with what ingest would read, so one run reports everything.
                if error.kind == .syntax, !recovers, readsRecoveredAfterError, withinLimit,
                   case .success(let recovered) = LenientJSONReader(limits: reader.limits, recovers: true).readDocument(cleaned) {
                    let scriptLocation = location(JSONPosition(line: 1, column: 1))
                    let locations = NodeLocations(recovered.positions, location)
                    for (value, itemLocations) in Self.topLevelItems(recovered.value, at: locations) {
                        items.append(ExtractedItem(value: value, syntax: .jsonLD, location: itemLocations?.start ?? scriptLocation,
                                                   locations: itemLocations))
                    }
                }
            case .success(let result):
                for recovery in result.recoveries {
                    findings.append(Finding(code: .jsonRecovered,
                                            message: "JSON-LD script: \(recovery.message)",
                                            location: location(recovery.position)))
                }
                let scriptLocation = location(JSONPosition(line: 1, column: 1))
                let locations = NodeLocations(result.positions, location)
                for (value, itemLocations) in Self.topLevelItems(result.value, at: locations) {
                    let decoded = Self.decodingCharacterReferences(value)
                    if decoded.changed > 0 {
                        findings.append(Finding(
                            code: .htmlReferenceInJSON,
                            message: "JSON-LD script: \(decoded.changed) string value(s) hold HTML character references "
                                + "(&#39;, &amp;) that a browser leaves as written in a script; read decoded (write the characters "
                                + "themselves, or JSON's \\u escapes)", location: itemLocations?.start ?? scriptLocation))
                    }
                    items.append(ExtractedItem(value: decoded.value, syntax: .jsonLD, location: itemLocations?.start ?? scriptLocation,
                                               locations: itemLocations))
                }
            }
        }
        return (items, findings)
    }

    /// `type="application/ld+json"`, any case, parameters allowed.
    static func isJSONLD(_ script: HTMLNode) -> Bool {
        guard let type = script.attribute("type") else { return false }
        return isJSONLDType(asciiBytesOf: type) ?? isJSONLDType(characters: type)
    }

    /// The type compared as characters: any Unicode blank around it, any case.
    static func isJSONLDType(characters type: String) -> Bool {
        let mediaType = type.split(separator: ";").first.map { String($0.drop(while: isBlank).reversed().drop(while: isBlank).reversed()).lowercased() }
        return mediaType == "application/ld+json"
    }

    /// `isJSONLD` for an ASCII type, on its bytes (only tab and space are blanks in ASCII);
    /// nil when the type is not ASCII, which goes the Unicode way.
    static func isJSONLDType(asciiBytesOf type: String) -> Bool? {
        var type = type
        return type.withUTF8 { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            // As `split(separator:)` does: the first piece that is not empty; then without
            // the blanks around it. Indexes, not slices of slices (which cost 11,000
            // instructions a script, issue 21).
            var start = 0
            while start < bytes.count, bytes[start] == UInt8(ascii: ";") { start += 1 }
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            let wanted = "application/ld+json".utf8
            return end - start == wanted.count
                && zip(bytes[start..<end], wanted).allSatisfy { ASCIIBytes.lowercased($0) == $1 }
        }
    }

    /// Foundation's `.whitespaces`: tab and the space separators (Unicode Zs).
    private static func isBlank(_ character: Character) -> Bool {
        character == "\t" || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator }
    }

    /// The objects a script holds: an array's elements, a `@graph`'s members (with the
    /// outer `@context`), or the object itself; each with its node positions (walked
    /// alongside, so a member lent from the outer object keeps its own place).
    static func topLevelItems(_ value: JSONValue, at locations: NodeLocations? = nil) -> [(JSONValue, NodeLocations?)] {
        switch value {
        case .array(let elements):
            return elements.enumerated().flatMap { topLevelItems($0.element, at: locations?.elements[ifPresent: $0.offset]) }
        case .object(let members):
            guard case .array(let graph)? = value["@graph"] else { return [(value, locations)] }
            let graphLocations = locations?.member("@graph", of: value)?.value
            let contextIndex = members.firstIndex { $0.key == "@context" }
            return graph.enumerated().map { index, element in
                var elementLocations = graphLocations?.elements[ifPresent: index]
                guard case .object(var inner) = element else { return (element, elementLocations) }
                if let contextIndex, !inner.contains(where: { $0.key == "@context" }) {
                    inner.insert(members[contextIndex], at: 0)
                    if let context = locations?.members[ifPresent: contextIndex], elementLocations != nil {
                        elementLocations?.members.insert(context, at: 0)
                    }
                }
                return (.object(inner), elementLocations)
            }
        default:
            return []
        }
    }

    /// QUIRK: mail wraps scripts in `<!-- … -->`, `<![CDATA[ … ]]>` (with or without `//`)
    /// and ends them with `;`. Each wrapper is blanked with spaces of the same length, so
    /// positions in the JSON stay positions in the HTML.
    static func unwrap(_ text: String) -> String {
        // Every opener starts with `<` or `/`, every closer ends with `>`, `/` or `;`: a
        // script whose ends are neither (nearly all) has no wrapper, and is not copied.
        let ends = text.unicodeScalars
        let first = ends.first { !$0.properties.isWhitespace }
        let last = ends.last { !$0.properties.isWhitespace }
        guard first == "<" || first == "/" || last == ">" || last == "/" || last == ";" else { return text }
        var scalars = Array(text.unicodeScalars)
        func blank(_ range: Range<Int>) { for index in range { scalars[index] = " " } }
        func firstNonSpace(from start: Int) -> Int? {
            var index = start
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
            return index < scalars.count ? index : nil
        }
        func lastNonSpace() -> Int? {
            var index = scalars.count - 1
            while index >= 0, scalars[index].properties.isWhitespace { index -= 1 }
            return index >= 0 ? index : nil
        }
        func hasPrefix(_ prefix: String, at index: Int) -> Bool {
            let wanted = Array(prefix.unicodeScalars)
            return index + wanted.count <= scalars.count && Array(scalars[index..<(index + wanted.count)]) == wanted
        }
        func hasSuffix(_ suffix: String, endingAt last: Int) -> Bool {
            let wanted = Array(suffix.unicodeScalars)
            let start = last - wanted.count + 1
            return start >= 0 && Array(scalars[start...last]) == wanted
        }
        var changed = true
        while changed {
            changed = false
            guard let first = firstNonSpace(from: 0), let last = lastNonSpace() else { break }
            for opener in ["<!--", "//<![CDATA[", "<![CDATA[", "/*<![CDATA[*/"] where hasPrefix(opener, at: first) {
                blank(first..<(first + opener.unicodeScalars.count))
                changed = true
                break
            }
            if changed { continue }
            for closer in ["-->", "//]]>", "]]>", "/*]]>*/", ";"] where hasSuffix(closer, endingAt: last) {
                let count = closer.unicodeScalars.count
                blank((last - count + 1)..<(last + 1))
                changed = true
                break
            }
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }
}
