/// The `dkim` method of an Authentication-Results field (RFC 8601 §2.7.1, RFC 6008).
public enum AuthenticationResults {
    /// `dkim=pass header.d=example.com header.s=sel header.a=rsa-sha256 header.b=abcdEFGH1234`,
    /// one per signature, with the reason as a comment; `dkim=none` for an unsigned message.
    public static func dkimResults(_ results: [DKIMResult]) -> [String] {
        guard !results.isEmpty else { return ["dkim=none"] }
        return results.map { result in
            var text = "dkim=\(result.outcome.rawValue)"
            if let reason = result.reason { text += " (\(commentSafe(reason)))" }
            if let domain = result.domain { text += " header.d=\(valueSafe(domain))" }
            if let identity = result.identity, result.domain != nil, identity != "@" + (result.domain ?? "") {
                text += " header.i=\(valueSafe(identity))"
            }
            if let selector = result.selector { text += " header.s=\(valueSafe(selector))" }
            if let algorithm = result.algorithm { text += " header.a=\(valueSafe(algorithm))" }
            if let prefix = result.signaturePrefix { text += " header.b=\(valueSafe(prefix))" }
            return text
        }
    }

    /// A complete field value: `authserv-id; dkim=…; dkim=…`, folded one result per line.
    public static func fieldValue(authservID: String, results: [DKIMResult]) -> String {
        ([valueSafe(authservID)] + dkimResults(results)).joined(separator: ";\r\n\t")
    }

    /// The inside of a comment that never breaks out of it. RFC 5322 §3.2.2: comments nest
    /// (`ccontent = ctext / quoted-pair / comment`), so balanced parentheses are kept as
    /// written (`does not exist (NXDOMAIN)`); a parenthesis without its partner and a
    /// backslash become quoted-pairs (`\)`, `\\`), control characters spaces. Whatever the
    /// text, the comment ends at our closing parenthesis.
    public static func commentSafe(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        // The parentheses that pair up, found with a stack of the open ones.
        var paired = Set<Int>()
        var open: [Int] = []
        for (index, scalar) in scalars.enumerated() {
            if scalar == "(" { open.append(index) }
            if scalar == ")", let start = open.popLast() { paired.formUnion([start, index]) }
        }
        var output = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "(" where !paired.contains(index), ")" where !paired.contains(index):
                output.append("\\")
                output.append(scalar)
            case "\\": output.append(contentsOf: "\\\\".unicodeScalars)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: output.append(" ")
            default: output.append(scalar)
            }
        }
        return String(output)
    }

    /// A property value as an RFC 2045 token, or quoted when it is not one.
    static func valueSafe(_ text: String) -> String {
        let isToken = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x20 && scalar.value < 0x7F && !"()<>,;:\\\"/[]?= ".unicodeScalars.contains(scalar)
                || scalar == "/" || scalar == "=" || scalar == ":"
        }
        if isToken && !text.contains(";") { return text }
        let escaped = text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"", "\\": return "\\" + String(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: return " "
            default: return String(scalar)
            }
        }.joined()
        return "\"" + escaped + "\""
    }
}
