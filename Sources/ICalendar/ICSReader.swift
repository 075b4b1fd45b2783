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

    /// Logical lines with the number of the physical line each starts on.
    static func unfold(_ text: String) -> [(Int, String)] {
        var lines: [(Int, String)] = []
        var number = 0
        // "\r\n" is one Character in Swift: split on it and on a bare "\n".
        for physical in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r\n" || $0 == "\n" }) {
            number += 1
            let line = Substring(physical)
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].1 += line.dropFirst()
            } else {
                lines.append((number, String(line)))
            }
        }
        return lines
    }

    static func parseLine(_ line: String) -> ICSProperty? {
        var name = ""
        var parameters: [ICSParameter] = []
        var index = line.startIndex
        while index < line.endIndex, line[index] != ";" && line[index] != ":" {
            name.append(line[index])
            index = line.index(after: index)
        }
        guard !name.isEmpty, index < line.endIndex else { return nil }
        while line[index] == ";" {
            index = line.index(after: index)
            var parameterName = ""
            while index < line.endIndex, line[index] != "=" {
                parameterName.append(line[index])
                index = line.index(after: index)
            }
            guard index < line.endIndex else { return nil }
            index = line.index(after: index)
            var value = ""
            var quoted = false
            while index < line.endIndex {
                let character = line[index]
                if character == "\"" { quoted.toggle() } else if !quoted && (character == ";" || character == ":") { break } else { value.append(character) }
                index = line.index(after: index)
            }
            guard index < line.endIndex else { return nil }
            parameters.append(ICSParameter(name: parameterName, value: value))
        }
        guard line[index] == ":" else { return nil }
        return ICSProperty(name: name, parameters: parameters, rawValue: String(line[line.index(after: index)...]))
    }
}
