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

    /// Text from a message never breaks out of a comment: parentheses, backslashes and
    /// control characters are replaced.
    static func commentSafe(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "(", ")", "\\": return "_"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: return " "
            default: return Character(scalar)
            }
        })
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
