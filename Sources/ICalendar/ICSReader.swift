/// Reads iCalendar text back into components: unfolds lines (CRLF or LF followed by a
/// space or tab), splits name, parameters and value (respecting DQUOTEs). Enough for the
/// files this tool writes and for what other well-behaved writers produce.
public enum ICSReader {
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public let line: Int
        public let reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    public static func parse(_ text: String) throws(ParseError) -> ICSComponent {
        var stack: [ICSComponent] = []
        var root: ICSComponent?
        for (number, line) in unfold(text) where !line.isEmpty {
            guard let property = parseLine(line) else {
                throw ParseError(line: number, reason: "not a content line (name[;param=value]:value)")
            }
            switch property.name {
            case "BEGIN":
                stack.append(ICSComponent(name: property.rawValue))
            case "END":
                guard let component = stack.popLast(), component.name == property.rawValue.uppercased() else {
                    throw ParseError(line: number, reason: "END:\(property.rawValue) without a matching BEGIN")
                }
                if stack.isEmpty {
                    guard root == nil else { throw ParseError(line: number, reason: "a second top-level component") }
                    root = component
                } else {
                    stack[stack.count - 1].components.append(component)
                }
            default:
                guard !stack.isEmpty else { throw ParseError(line: number, reason: "a property outside any component") }
                stack[stack.count - 1].properties.append(property)
            }
        }
        guard stack.isEmpty, let root else {
            throw ParseError(line: 0, reason: stack.isEmpty ? "no component" : "BEGIN:\(stack.last!.name) is never ended")
        }
        return root
    }

    /// Logical lines with the number of the physical line each starts on. Works on Unicode
    /// scalars: a fold may put a combining mark first on a continuation line, and as Swift
    /// Characters " \u{301}" or ":\u{301}" would be one grapheme.
    static func unfold(_ text: String) -> [(Int, String)] {
        var lines: [(Int, String.UnicodeScalarView)] = []
        var current = String.UnicodeScalarView()
        var number = 0
        func finish() {
            number += 1
            if current.last == "\r" { current.removeLast() }
            if let first = current.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].1.append(contentsOf: current.dropFirst())
            } else {
                lines.append((number, current))
            }
            current = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if scalar == "\n" { finish() } else { current.append(scalar) }
        }
        finish()
        return lines.map { ($0.0, String($0.1)) }
    }

    static func parseLine(_ line: String) -> ICSProperty? {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        while index < scalars.count, scalars[index] != ";" && scalars[index] != ":" { index += 1 }
        guard index > 0, index < scalars.count else { return nil }
        let name = text(0..<index)
        var parameters: [ICSParameter] = []
        while scalars[index] == ";" {
            index += 1
            let nameStart = index
            while index < scalars.count, scalars[index] != "=" { index += 1 }
            guard index < scalars.count else { return nil }
            let parameterName = text(nameStart..<index)
            index += 1
            var value = String.UnicodeScalarView()
            var quoted = false
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\"" { quoted.toggle() } else if !quoted && (scalar == ";" || scalar == ":") { break } else { value.append(scalar) }
                index += 1
            }
            guard index < scalars.count else { return nil }
            parameters.append(ICSParameter(name: parameterName, value: String(value)))
        }
        guard scalars[index] == ":" else { return nil }
        return ICSProperty(name: name, parameters: parameters, rawValue: text((index + 1)..<scalars.count))
    }
}
