/// A generic iCalendar component (RFC 5545 §3.4, §3.6): a name, properties in order, and
/// child components. Typed setters in `ICSProperty` do the escaping.
public struct ICSComponent: Sendable, Hashable {
    public var name: String
    public var properties: [ICSProperty]
    public var components: [ICSComponent]

    public init(name: String, properties: [ICSProperty] = [], components: [ICSComponent] = []) {
        self.name = name.uppercased()
        self.properties = properties
        self.components = components
    }

    /// The first property with this name.
    public func property(_ name: String) -> ICSProperty? {
        let wanted = name.uppercased()
        return properties.first { $0.name == wanted }
    }

    public func properties(named name: String) -> [ICSProperty] {
        let wanted = name.uppercased()
        return properties.filter { $0.name == wanted }
    }

    /// Replaces every property of this name with `property` (or removes them when nil).
    public mutating func set(_ name: String, _ property: ICSProperty?) {
        let wanted = name.uppercased()
        if let index = properties.firstIndex(where: { $0.name == wanted }) {
            properties.removeAll { $0.name == wanted }
            if let property { properties.insert(property, at: min(index, properties.count)) }
        } else if let property {
            properties.append(property)
        }
    }
}

/// One content line's worth: name, parameters, and the value as it appears on the line
/// (already escaped for its value type).
public struct ICSProperty: Sendable, Hashable {
    public var name: String
    public var parameters: [ICSParameter]
    /// The value as written in the file: TEXT escaped, dates formatted.
    public var rawValue: String

    public init(name: String, parameters: [ICSParameter] = [], rawValue: String) {
        self.name = name.uppercased()
        self.parameters = parameters
        self.rawValue = rawValue
    }

    /// A TEXT property (RFC 5545 §3.3.11): backslash, `;`, `,` and newlines escaped,
    /// other control characters removed.
    public static func text(_ name: String, _ value: String, parameters: [ICSParameter] = []) -> ICSProperty {
        ICSProperty(name: name, parameters: parameters, rawValue: ICSText.escape(value))
    }

    /// A URI or another value type that is written as is (control characters removed).
    public static func raw(_ name: String, _ value: String, parameters: [ICSParameter] = []) -> ICSProperty {
        ICSProperty(name: name, parameters: parameters, rawValue: ICSText.removingControlCharacters(value))
    }

    public static func integer(_ name: String, _ value: Int) -> ICSProperty {
        ICSProperty(name: name, rawValue: String(value))
    }

    /// The TEXT value unescaped.
    public var textValue: String { ICSText.unescape(rawValue) }

    public func parameter(_ name: String) -> String? {
        let wanted = name.uppercased()
        return parameters.first { $0.name == wanted }?.value
    }
}

public struct ICSParameter: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name.uppercased()
        self.value = value
    }
}
