import JSON
import Findings
import HTMLDocument

/// Microdata (WHATWG HTML §5.2) into JSON-LD-shaped items.
///
/// Top-level items are elements with `itemscope` and no `itemprop`. An item's properties
/// are found by the spec's crawl: its descendants and the elements its `itemref` names,
/// not entering nested items (their properties are theirs, never the parent's), in tree
/// order. Cycles through `itemref` are cut and reported.
struct MicrodataExtractor {
    let limits: MarkupLimits
    let part: String?

    /// The document flattened once, so elements have an identity and a tree order; the
    /// attributes the crawl asks about again and again are read from the parsed tree once.
    private struct Element {
        let node: HTMLNode
        /// The first child element and the next sibling element, as indexes (-1: none): links,
        /// not an array of children per element, which cost an allocation for every element of
        /// every document with Microdata (issue 21).
        var firstChild = -1
        var nextSibling = -1
        /// Has `itemscope`.
        let isItem: Bool
        let itemprop: String?
        /// The property names `itemprop` lists (``words(_:)``); empty without one.
        let propertyNames: [Substring]
        let itemref: String?

        init(_ node: HTMLNode) {
            self.node = node
            isItem = node.hasAttribute("itemscope")
            itemprop = node.attribute("itemprop")
            propertyNames = itemprop.map(MicrodataExtractor.words) ?? []
            itemref = isItem ? node.attribute("itemref") : nil
        }
    }

    private struct State {
        var elements: [Element] = []

        /// The child elements of the element at `index`, in tree order.
        func children(of index: Int) -> [Int] {
            var result: [Int] = []
            var child = elements[index].firstChild
            while child >= 0 {
                result.append(child)
                child = elements[child].nextSibling
            }
            return result
        }

        var byID: [String: Int] = [:]
        var findings: [Finding] = []
        var itemCount = 0
        var reportedItemLimit = false
        var reportedDepthLimit = false
        var reportedCycle = false
        /// Elements some item took as a property, or that a limit cut off.
        var claimed: Set<Int> = []
        /// Where each element with Microdata attributes starts, line and column.
        var locations: [Int: SourceLocation] = [:]
    }

    /// An element's place: its start tag's line and column when found in the source text,
    /// else libxml2's line.
    private func location(_ index: Int, _ state: State) -> SourceLocation {
        state.locations[index] ?? SourceLocation.inMarkup(line: state.elements[index].node.line, part: part)
    }

    /// Finds the start tag of every element with `itemscope` or `itemprop` in the source
    /// text, in tree order (which is source order), so each search starts after the last.
    private func locate(_ state: inout State, in source: SourceText) {
        var cursor = 0
        for (index, element) in state.elements.enumerated()
        where element.isItem || element.itemprop != nil {
            guard let found = source.startTag(named: element.node.name, onLine: element.node.line, notBefore: cursor) else { continue }
            cursor = found.offset + 1
            state.locations[index] = SourceLocation.inMarkup(line: found.line, column: found.column, part: part)
        }
    }

    /// A top-level item being built: its element, members, and their locations.
    private struct BuiltItem {
        let index: Int
        var members: [JSONMember]
        var locations: NodeLocations
    }

    func extract(from document: HTMLDocument, source: SourceText? = nil) -> (items: [ExtractedItem], findings: [Finding]) {
        // Without an `itemscope` there is no item, and no orphan to attach to one: the
        // flattening below is skipped (most mail has JSON-LD only, or nothing).
        guard document.root.hasDescendantElement(withAttribute: "itemscope") else { return ([], []) }
        var state = State()
        _ = flatten(document.root, into: &state)
        if let source { locate(&state, in: source) }
        var built: [BuiltItem] = []
        for (index, element) in state.elements.enumerated()
        where element.isItem && element.itemprop == nil {
            guard let (value, locations) = item(at: index, chain: [], state: &state), case .object(let members) = value else { continue }
            built.append(BuiltItem(index: index, members: members, locations: locations))
        }
        attachOrphans(to: &built, state: &state)
        var items: [ExtractedItem] = []
        for var item in built {
            // An item with no properties says nothing (KItinerary drops them too).
            guard item.members.contains(where: { !$0.key.hasPrefix("@") }) else { continue }
            let node = state.elements[item.index].node
            let here = location(item.index, state)
            if Self.isSchemaOrg(node.attribute("itemtype")) {
                item.members.insert(JSONMember(key: "@context", value: .string("http://schema.org")), at: 0)
                item.locations.members.insert(NodeLocations.Member(key: here, value: NodeLocations(start: here)), at: 0)
            }
            items.append(ExtractedItem(value: .object(item.members), syntax: .microdata, location: here,
                                       locations: item.locations))
        }
        return (items, state.findings)
    }

    /// QUIRK: HTML parsing closes a `<p>` when a `<div>` starts, so in
    /// `<p itemscope …><div itemprop="reservationFor" itemscope …>` (Gmail's own published
    /// example) the property ends up outside its item. Such an orphaned `itemprop` is
    /// attached to the nearest top-level item before it, as KItinerary does, with a warning.
    private func attachOrphans(to built: inout [BuiltItem], state: inout State) {
        for index in state.elements.indices {
            let node = state.elements[index].node
            guard let names = state.elements[index].itemprop, !state.elements[index].propertyNames.isEmpty,
                  !state.claimed.contains(index),
                  let target = built.lastIndex(where: { $0.index < index }) else { continue }
            state.claimed.insert(index)
            let here = location(index, state)
            let found: (JSONValue, NodeLocations)?
            if state.elements[index].isItem {
                found = item(at: index, chain: [built[target].index], state: &state)
            } else {
                found = (.string(Self.propertyValue(node)), NodeLocations(start: here))
            }
            guard let (value, valueLocations) = found else { continue }
            for name in state.elements[index].propertyNames.map({ SchemaType.shortName(String($0)) }) {
                if let existing = built[target].members.firstIndex(where: { $0.key == name }) {
                    var existingLocations = built[target].locations.members[existing].value
                    if case .array(let values) = built[target].members[existing].value {
                        built[target].members[existing].value = .array(values + [value])
                        existingLocations.elements.append(valueLocations)
                    } else {
                        built[target].members[existing].value = .array([built[target].members[existing].value, value])
                        existingLocations = NodeLocations(start: existingLocations.start, elements: [existingLocations, valueLocations])
                    }
                    built[target].locations.members[existing].value = existingLocations
                } else {
                    built[target].members.append(JSONMember(key: name, value: value))
                    built[target].locations.members.append(NodeLocations.Member(key: here, value: valueLocations))
                }
            }
            state.findings.append(Finding(
                code: .microdataOrphanProperty,
                message: "itemprop \"\(names)\" is outside any item (the HTML nesting was broken, e.g. a <div> "
                    + "inside a <p>); attached to the item at line \(location(built[target].index, state).line)",
                location: here))
        }
    }

    private func flatten(_ node: HTMLNode, into state: inout State) -> Int {
        let index = state.elements.count
        state.elements.append(Element(node))
        var previous = -1
        node.forEachChildElement { child in
            let childIndex = flatten(child, into: &state)
            if previous < 0 {
                state.elements[index].firstChild = childIndex
            } else {
                state.elements[previous].nextSibling = childIndex
            }
            previous = childIndex
        }
        if let id = node.attribute("id"), state.byID[id] == nil { state.byID[id] = index }
        return index
    }

    /// The item at element `index`, or nil when a limit stops it. `chain` holds the items
    /// being built around it, to catch an item that would contain itself.
    private func item(at index: Int, chain: [Int], state: inout State) -> (JSONValue, NodeLocations)? {
        guard state.itemCount < limits.maxItems else {
            claimSubtree(of: index, state: &state)
            if !state.reportedItemLimit {
                state.reportedItemLimit = true
                state.findings.append(Finding(
                    code: .tooManyItems,
                    message: "more than \(limits.maxItems) Microdata items in one part (limit microdata-items); the rest are ignored",
                    location: location(index, state)))
            }
            return nil
        }
        guard chain.count < limits.maxItemDepth else {
            claimSubtree(of: index, state: &state)
            if !state.reportedDepthLimit {
                state.reportedDepthLimit = true
                state.findings.append(Finding(
                    code: .itemTooDeep,
                    message: "Microdata items nested deeper than \(limits.maxItemDepth) (limit item-depth); the inner items are ignored",
                    location: location(index, state)))
            }
            return nil
        }
        state.itemCount += 1
        let node = state.elements[index].node
        let here = location(index, state)
        var members: [JSONMember] = []
        var memberLocations: [NodeLocations.Member] = []
        let types = Self.words(node.attribute("itemtype") ?? "").map { SchemaType.shortName(String($0)) }
        if types.count == 1 { members.append(JSONMember(key: "@type", value: .string(types[0]))) }
        if types.count > 1 { members.append(JSONMember(key: "@type", value: .array(types.map(JSONValue.string)))) }
        if let id = node.attribute("itemid") { members.append(JSONMember(key: "@id", value: .string(id))) }
        // Attributes of the item's own element.
        memberLocations = members.map { _ in NodeLocations.Member(key: here, value: NodeLocations(start: here)) }

        var values: [(name: String, value: JSONValue, locations: NodeLocations)] = []
        for property in properties(of: index, state: &state) {
            state.claimed.insert(property)
            let element = state.elements[property].node
            let propertyLocation = location(property, state)
            let value: (JSONValue, NodeLocations)?
            if state.elements[property].isItem {
                if chain.contains(property) || property == index {
                    if !state.reportedCycle {
                        state.reportedCycle = true
                        state.findings.append(Finding(
                            code: .itemrefCycle,
                            message: "Microdata item refers to itself through itemref; the cycle is cut",
                            location: propertyLocation))
                    }
                    value = nil
                } else {
                    value = item(at: property, chain: chain + [index], state: &state)
                }
            } else {
                value = (.string(Self.propertyValue(element)), NodeLocations(start: propertyLocation))
            }
            guard let (found, foundLocations) = value else { continue }
            for name in state.elements[property].propertyNames {
                values.append((SchemaType.shortName(String(name)), found, foundLocations))
            }
        }
        // Repeated properties become arrays, in tree order; the first occurrence fixes the key order.
        var order: [String] = []
        var grouped: [String: [(value: JSONValue, locations: NodeLocations)]] = [:]
        for (name, value, locations) in values {
            if grouped[name] == nil { order.append(name) }
            grouped[name, default: []].append((value, locations))
        }
        for name in order {
            let list = grouped[name]!
            members.append(JSONMember(key: name, value: list.count == 1 ? list[0].value : .array(list.map(\.value))))
            let first = list[0].locations
            memberLocations.append(NodeLocations.Member(
                key: first.start,
                value: list.count == 1 ? first : NodeLocations(start: first.start, elements: list.map(\.locations))))
        }
        return (.object(members), NodeLocations(start: here, members: memberLocations))
    }

    /// Marks an element and everything below it as taken, so what a limit cut off is not
    /// mistaken for orphaned properties.
    private func claimSubtree(of root: Int, state: inout State) {
        state.claimed.insert(root)
        var stack = state.children(of: root)
        while let index = stack.popLast() {
            guard state.claimed.insert(index).inserted else { continue }
            stack.append(contentsOf: state.children(of: index))
        }
    }

    /// The WHATWG crawl for the properties of the item at `root`, in tree order.
    private func properties(of root: Int, state: inout State) -> [Int] {
        var results: [Int] = []
        var memory: Set<Int> = [root]
        var pending: [Int] = state.children(of: root)
        for reference in Self.words(state.elements[root].itemref ?? "") {
            if let target = state.byID[String(reference)] {
                pending.append(target)
            } else {
                state.findings.append(Finding(
                    code: .itemrefMissing,
                    message: "itemref names \"\(reference)\", but no element has that id",
                    location: location(root, state)))
            }
        }
        while let current = pending.popLast() {
            guard memory.insert(current).inserted else { continue }
            let element = state.elements[current]
            if !element.isItem { pending.append(contentsOf: state.children(of: current)) }
            if !element.propertyNames.isEmpty { results.append(current) }
        }
        // Flattening numbered the elements in tree order.
        return results.sorted()
    }

    /// The value of a non-item property element (WHATWG "property value").
    static func propertyValue(_ element: HTMLNode) -> String {
        let attribute: String?
        // WHATWG "property value": these elements take an attribute, and "" when it is absent.
        switch element.name {
        case "meta": attribute = element.attribute("content") ?? ""
        case "audio", "embed", "iframe", "img", "source", "track", "video": attribute = element.attribute("src") ?? ""
        case "a", "area": attribute = element.attribute("href") ?? ""
        // QUIRK: <link itemprop=… content=…> without href (Lufthansa's check-in links):
        // WHATWG gives "", KItinerary reads content; the URL is what the sender meant.
        case "link": attribute = element.attribute("href") ?? element.attribute("content") ?? ""
        case "object": attribute = element.attribute("data") ?? ""
        case "data", "meter": attribute = element.attribute("value") ?? ""
        case "time": attribute = element.attribute("datetime")
        default: attribute = nil
        }
        // Attribute values are taken verbatim (WHATWG): trailing spaces in a boarding-pass
        // barcode (ticketToken) are data.
        if let attribute { return attribute }
        // QUIRK: text content with whitespace runs collapsed and trimmed: the markup's
        // layout is not part of the value (what KItinerary, Gmail and Apple show).
        return collapsingWhitespace(element.textContent)
    }

    static func collapsingWhitespace(_ text: String) -> String {
        if let ascii = collapsingASCIIWhitespace(text) { return ascii }
        var output = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !output.isEmpty
            } else {
                if pendingSpace { output.unicodeScalars.append(" ") }
                pendingSpace = false
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `collapsingWhitespace` on the bytes of an ASCII text, where White_Space is tab, line
    /// feed, vertical tab, form feed, carriage return and space; nil for any other text.
    static func collapsingASCIIWhitespace(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var pendingSpace = false
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    pendingSpace = !output.isEmpty
                } else {
                    if pendingSpace { output.append(0x20) }
                    pendingSpace = false
                    output.append(byte)
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// The words of an attribute value that lists several (`itemprop`, `itemref`, `itemtype`):
    /// `split(whereSeparator: \.isWhitespace)`, done on the bytes when the value is ASCII, where
    /// a character is whitespace exactly when its byte is tab, line feed, vertical tab, form
    /// feed, carriage return or space (a CR LF pair is one character, and whitespace, either
    /// way). Character properties cost some 400 instructions a character (issue 21).
    static func words(_ text: String) -> [Substring] {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return text.split(whereSeparator: \.isWhitespace) }
        return utf8.split(whereSeparator: { $0 == 0x20 || (0x09...0x0D).contains($0) }).map { Substring($0) }
    }

    static func isSchemaOrg(_ itemtype: String?) -> Bool {
        guard let first = itemtype.flatMap({ words($0).first }) else { return false }
        return SchemaType.isSchemaOrgIRI(String(first)) || !first.contains("/")
    }
}

extension String {
    /// Without leading and trailing white space (Unicode White_Space scalars); the string
    /// itself, not a copy, when it has none (the common case: no scalar is looked up twice).
    var trimmingWhitespace: String {
        // Nearly every value starts and ends with an ASCII character other than white space:
        // then it is the string itself, with no scalar's properties looked up (that lookup
        // was a tenth of the reservation normalizer's time, issue 21).
        if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80,
           !Self.isASCIIWhitespace(first), !Self.isASCIIWhitespace(last) { return self }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex { !$0.properties.isWhitespace }!
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }

    /// Unicode White_Space among ASCII: tab, line feed, vertical tab, form feed, carriage return, space.
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}
