/// RFC 8259 over UTF-8 bytes: the document, values and the two containers.
///
/// Arrays and objects are read with an explicit stack of open containers rather than by
/// recursion, so nesting costs heap, not stack, and stops at `maxDepth`.
struct JSONParser {
    let bytes: [UInt8]
    /// The next byte to read.
    var index: Int
    let recovers: Bool
    let maxDepth: Int
    var tracker: JSONPositionTracker
    /// The departures forgiven so far, in source order.
    var recoveries: [JSONRecovery] = []

    init(bytes: [UInt8], start: Int, recovers: Bool, maxDepth: Int) {
        self.bytes = bytes
        self.index = start
        self.recovers = recovers
        self.maxDepth = maxDepth
        self.tracker = JSONPositionTracker(bytes: bytes, start: start)
    }

    /// RFC 8259 §2: `JSON-text = ws value ws`. The value, and where its nodes start.
    mutating func parseDocument() throws(JSONReadError) -> (JSONValue, JSONNodePositions) {
        let (value, positions) = try parseValue()
        var valueEnd = index
        skipWhitespace()
        guard index < bytes.count else { return (value, positions) }
        guard case .object = value, bytes[index] == JSONByte.openBrace else {
            throw syntaxError("expected the end of the text after the top-level value, found \(found(at: index))", at: index)
        }
        // Two or more top-level objects written one after the other: read as a list.
        var objects = [value]
        var objectPositions = [positions]
        while index < bytes.count {
            guard bytes[index] == JSONByte.openBrace else {
                throw syntaxError("expected the end of the text after the top-level value, found \(found(at: index))", at: index)
            }
            try forgiveAdjacentTopLevelObject(at: valueEnd)
            let (next, nextPositions) = try parseValue()
            objects.append(next)
            objectPositions.append(nextPositions)
            valueEnd = index
            skipWhitespace()
        }
        return (.array(objects), JSONNodePositions(start: positions.start, elements: objectPositions))
    }

    /// Skips RFC 8259 whitespace and tells whether it held a line break.
    @discardableResult
    mutating func skipWhitespace() -> Bool {
        var sawLineBreak = false
        while index < bytes.count {
            let byte = bytes[index]
            guard JSONByte.isWhitespace(byte) else { break }
            if byte == JSONByte.lineFeed || byte == JSONByte.carriageReturn { sawLineBreak = true }
            index += 1
        }
        return sawLineBreak
    }

    /// Where a value is expected, for the message when none is found.
    enum ValueContext {
        case document, afterOpenBracket, afterComma, afterColon

        var expectation: String {
            switch self {
            case .document: "expected a value"
            case .afterOpenBracket: "expected a value or ']' after '['"
            case .afterComma: "expected a value after ','"
            case .afterColon: "expected a value after ':'"
            }
        }
    }

    /// An array or object whose closing bracket has not been read yet.
    private struct OpenContainer {
        let isObject: Bool
        /// Where its `{` or `[` is.
        let start: JSONPosition
        var elements: [JSONValue] = []
        var members: [JSONMember] = []
        var pendingKey = ""
        var pendingKeyStart = JSONPosition(line: 1, column: 1)
        var elementPositions: [JSONNodePositions] = []
        var memberPositions: [JSONNodePositions.Member] = []

        var closer: UInt8 { isObject ? JSONByte.closeBrace : JSONByte.closeBracket }
        var value: JSONValue { isObject ? .object(members) : .array(elements) }
        var positions: JSONNodePositions {
            JSONNodePositions(start: start, members: memberPositions, elements: elementPositions)
        }
        /// For messages: "an object member" or "an array element".
        var itemName: String { isObject ? "an object member" : "an array element" }

        mutating func add(_ value: JSONValue, at positions: JSONNodePositions) {
            if isObject {
                members.append(JSONMember(key: pendingKey, value: value))
                memberPositions.append(JSONNodePositions.Member(keyStart: pendingKeyStart, value: positions))
            } else {
                elements.append(value)
                elementPositions.append(positions)
            }
        }

        mutating func expect(_ key: (name: String, start: JSONPosition)) {
            pendingKey = key.name
            pendingKeyStart = key.start
        }
    }

    /// RFC 8259 §3–§5: one value, containers included.
    mutating func parseValue() throws(JSONReadError) -> (JSONValue, JSONNodePositions) {
        var stack: [OpenContainer] = []
        var context = ValueContext.document
        while true {
            skipWhitespace()
            guard index < bytes.count else {
                throw syntaxError("\(context.expectation), found end of input", at: index)
            }
            var value: JSONValue
            // Offsets only grow here, so the tracker's work stays linear in the text.
            let valueStart = tracker.position(at: index)
            var positions = JSONNodePositions(start: valueStart)
            switch bytes[index] {
            case JSONByte.openBrace, JSONByte.openBracket:
                let isObject = bytes[index] == JSONByte.openBrace
                guard stack.count < maxDepth else {
                    throw JSONReadError(
                        kind: .depthLimit, position: tracker.position(at: index),
                        message: "arrays and objects nest deeper than the limit of \(maxDepth) levels (limit json-depth)")
                }
                index += 1
                skipWhitespace()
                let container = OpenContainer(isObject: isObject, start: valueStart)
                if index < bytes.count && bytes[index] == container.closer {
                    index += 1
                    value = container.value
                } else {
                    stack.append(container)
                    if isObject {
                        stack[stack.count - 1].expect(try parseMemberName(expectation: "expected a string key or '}' after '{'"))
                        context = .afterColon
                    } else {
                        context = .afterOpenBracket
                    }
                    continue
                }
            case JSONByte.quote:
                value = .string(try parseString())
            case JSONByte.minus, JSONByte.zero...JSONByte.nine:
                value = .number(try parseNumber())
            default:
                value = try parseLiteral(context)
            }

            // Add the value to its container; close every container it completes.
            while !stack.isEmpty {
                let last = stack.count - 1
                stack[last].add(value, at: positions)
                let isObject = stack[last].isObject
                let closer = stack[last].closer
                let valueEnd = index
                let sawLineBreak = skipWhitespace()
                if index < bytes.count && bytes[index] == JSONByte.comma {
                    let comma = index
                    index += 1
                    skipWhitespace()
                    if index < bytes.count && bytes[index] == closer {
                        try forgiveTrailingComma(at: comma, isObject: isObject)
                        index += 1
                        let closed = stack.removeLast()
                        (value, positions) = (closed.value, closed.positions)
                        continue
                    }
                } else if index < bytes.count && bytes[index] == closer {
                    index += 1
                    let closed = stack.removeLast()
                    (value, positions) = (closed.value, closed.positions)
                    continue
                } else {
                    try forgiveMissingComma(
                        after: value, endingAt: valueEnd, sawLineBreak: sawLineBreak,
                        in: stack[last].itemName, isObject: isObject)
                }
                // Another element or member follows.
                if isObject {
                    stack[last].expect(try parseMemberName(expectation: "expected a string key after ','"))
                    context = .afterColon
                } else {
                    context = .afterComma
                }
                break
            }
            if stack.isEmpty { return (value, positions) }
        }
    }

    /// RFC 8259 §4: `member = string name-separator value`, up to the value.
    private mutating func parseMemberName(expectation: String) throws(JSONReadError) -> (name: String, start: JSONPosition) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == JSONByte.quote else {
            throw syntaxError("\(expectation), found \(found(at: index))", at: index)
        }
        let start = tracker.position(at: index)
        let name = try parseString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == JSONByte.colon else {
            throw syntaxError("expected ':' after an object key, found \(found(at: index))", at: index)
        }
        index += 1
        return (name, start)
    }

    /// RFC 8259 §3: `false`, `null`, `true` (lowercase only).
    private mutating func parseLiteral(_ context: ValueContext) throws(JSONReadError) -> JSONValue {
        let value: JSONValue
        let length: Int
        switch bytes[index] {
        case UInt8(ascii: "t") where matches("true"): (value, length) = (.bool(true), 4)
        case UInt8(ascii: "f") where matches("false"): (value, length) = (.bool(false), 5)
        case UInt8(ascii: "n") where matches("null"): (value, length) = (.null, 4)
        default: throw syntaxError("\(context.expectation), found \(found(at: index))", at: index)
        }
        index += length
        return value
    }

    private func matches(_ word: StaticString) -> Bool {
        guard bytes.count - index >= word.utf8CodeUnitCount else { return false }
        let pointer = word.utf8Start
        for offset in 0..<word.utf8CodeUnitCount where bytes[index + offset] != pointer[offset] {
            return false
        }
        return true
    }
}
