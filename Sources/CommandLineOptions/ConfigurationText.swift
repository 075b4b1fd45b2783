/// A configuration file read against the same declarations as the command line: one
/// `option value` per line (a switch alone, or with yes/no), `#` comments, the long
/// options' names (a leading `--` is allowed), LF or CRLF line ends. In the values of
/// options that take a path a leading `~` or `~user` and `$HOME` / `${HOME}` are expanded,
/// as a shell would on a command line.
public struct ConfigurationText {
    /// Every option any command declares: a name no command knows is an error, a name only
    /// other commands know is skipped (one file serves filter and scan).
    public let known: [OptionDeclaration]
    /// The options of the command being run.
    public let accepted: [OptionDeclaration]
    public let environment: [String: String]
    /// `~user` to that user's home folder (getpwnam in the tool, a table in tests).
    public let homeOfUser: (String) -> String?

    public init(known: [OptionDeclaration], accepted: [OptionDeclaration], environment: [String: String],
                homeOfUser: @escaping (String) -> String?) {
        self.known = known
        self.accepted = accepted
        self.environment = environment
        self.homeOfUser = homeOfUser
    }

    /// One layer of values from the text of the file at `path`.
    public func parse(_ text: String, path: String, command: String) throws(UsageError) -> ParsedValues {
        var parsed = ParsedValues(command: command)
        let knownByName = Dictionary(known.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let acceptedNames = Set(accepted.map(\.name))
        var firstLine: [String: Int] = [:]
        // Swift takes "\r\n" for one Character, so a split at "\n" alone would read a CRLF file as one line.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, rawLine) in lines.enumerated() {
            let place = "\(path):\(index + 1)"
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let words = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = words.first else { continue }
            let name = first.hasPrefix("--") ? String(first.dropFirst(2)) : String(first)
            var value = words.count > 1 ? String(words[1]).trimmingWhitespace : nil
            // `name = value` reads as `name value`, as many tools write their files.
            if let written = value, written.hasPrefix("=") { value = String(written.dropFirst()).trimmingWhitespace }
            guard let option = knownByName[name] else {
                throw UsageError(message: "\(place): unknown option '\(name)'", command: command)
            }
            if let valueName = option.valueName, (value ?? "").isEmpty {
                throw UsageError(message: "\(place): option '\(name)' needs a value (\(valueName))", command: command)
            }
            guard acceptedNames.contains(name) else { continue }
            if let earlier = firstLine[name], !option.isCollected {
                throw UsageError(message: "\(place): '\(name)' given twice in this file (first on line \(earlier))",
                                 command: command)
            }
            firstLine[name] = firstLine[name] ?? index + 1
            if option.isSwitch {
                switch value?.lowercased() {
                case nil, "yes", "true", "on", "1": parsed.set(true, for: option, from: place)
                case "no", "false", "off", "0": parsed.set(false, for: option, from: place)
                default:
                    throw UsageError(message: "\(place): '\(name)' is a switch: give yes or no, not '\(value!)'", command: command)
                }
                continue
            }
            let given = option.takesPath ? try expandingHome(value!, at: place, command: command) : value!
            try ArgumentParser.check(given, for: option, in: parsed, origin: place)
            parsed.add(given, for: option, from: place)
        }
        return parsed
    }

    /// `~/x`, `~user/x`, `$HOME/x`, `${HOME}/x` with the home folder put in.
    func expandingHome(_ value: String, at place: String, command: String) throws(UsageError) -> String {
        var text = value
        if text == "~" || text.hasPrefix("~/") || text.contains("$HOME") || text.contains("${HOME}") {
            guard let home = environment["HOME"], !home.isEmpty else {
                throw UsageError(message: "\(place): '\(value)' needs the home folder, but HOME is not set", command: command)
            }
            if text == "~" || text.hasPrefix("~/") { text = home + text.dropFirst() }
            text = text.replacing("${HOME}", with: home).replacing("$HOME", with: home)
        } else if text.hasPrefix("~") {
            let user = String(text.dropFirst().prefix { $0 != "/" })
            guard let home = homeOfUser(user) else {
                throw UsageError(message: "\(place): '\(value)': there is no user '\(user)' whose home '~\(user)' could mean",
                                 command: command)
            }
            text = home + text.dropFirst(1 + user.count)
        }
        return text
    }
}

extension String {
    var trimmingWhitespace: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
