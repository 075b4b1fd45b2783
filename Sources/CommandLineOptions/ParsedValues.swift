/// What one layer (a configuration file, the command line) or all layers merged said:
/// values by option name, switches on or off, and the operands.
public struct ParsedValues: Sendable, Equatable {
    /// The command these values are for, named in errors.
    public let command: String
    public private(set) var values: [String: [String]] = [:]
    public private(set) var switches: [String: Bool] = [:]
    public var operands: [String] = []
    /// The process environment the command runs in, injected by the tool's entry point
    /// (tests give their own): commands read variables from here, never with getenv.
    public var environment: [String: String] = [:]
    /// Where each value came from (`--calendar`, or `config:3`), for errors found when the
    /// value is read.
    private var origins: [String: String] = [:]

    public init(command: String) { self.command = command }

    mutating func add(_ value: String, for option: OptionDeclaration, from origin: String) {
        values[option.name, default: []].append(value)
        origins[option.name] = origin
    }

    mutating func set(_ on: Bool, for option: OptionDeclaration, from origin: String) {
        switches[option.name] = on
        origins[option.name] = origin
    }

    /// Whether this layer gave `option` already (a value or either spelling of a switch).
    func has(_ option: OptionDeclaration) -> Bool { values[option.name] != nil || switches[option.name] != nil }

    /// `later` over these values: a later layer replaces a single value or a switch and
    /// adds to a collected option.
    public func merged(with later: ParsedValues, declarations: [OptionDeclaration]) -> ParsedValues {
        var result = self
        for option in declarations {
            if let given = later.values[option.name] {
                result.values[option.name] = option.isCollected ? (values[option.name] ?? []) + given : given
                result.origins[option.name] = later.origins[option.name]
            }
            if let on = later.switches[option.name] {
                result.switches[option.name] = on
                result.origins[option.name] = later.origins[option.name]
            }
        }
        result.operands = later.operands.isEmpty ? operands : later.operands
        return result
    }

    // MARK: - Typed reading

    /// The value of a single-valued option, or nil when not given.
    public func string(_ option: OptionDeclaration) -> String? { values[option.name]?.last }

    /// Every value of a collected option, in the order given.
    public func strings(_ option: OptionDeclaration) -> [String] { values[option.name] ?? [] }

    /// A switch: on when the last layer that named it said so.
    public func isOn(_ option: OptionDeclaration) -> Bool { switches[option.name] ?? false }

    /// A value that must be one of an enumeration's raw values.
    public func choice<Value: RawRepresentable>(_ option: OptionDeclaration, as type: Value.Type) throws(UsageError) -> Value?
    where Value.RawValue == String {
        guard let text = string(option) else { return nil }
        guard let value = Value(rawValue: text) else { throw invalid(option, text, wants: Self.wording(option)) }
        return value
    }

    /// A whole number in `range`.
    public func integer(_ option: OptionDeclaration, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = string(option) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw invalid(option, text, wants: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// The error for a value that is not what `option` wants: "--jobs wants a whole number
    /// from 1 to 256, not 'x'", with the file and line when it came from a configuration file.
    public func invalid(_ option: OptionDeclaration, _ value: String, wants: String) -> UsageError {
        let origin = origins[option.name].map { $0.hasPrefix("--") ? "" : "\($0): " } ?? ""
        return UsageError(message: "\(origin)--\(option.name) wants \(wants), not '\(value)'", command: command)
    }

    /// "mboxrd or mboxo", "text, json or junit".
    static func wording(_ option: OptionDeclaration) -> String {
        guard let choices = option.choices, let last = choices.last else { return option.valueName ?? "a value" }
        return choices.count == 1 ? last : choices.dropLast().joined(separator: ", ") + " or " + last
    }
}
