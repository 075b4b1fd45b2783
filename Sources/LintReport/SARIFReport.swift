import Findings
import JSON

/// SARIF 2.1.0 (OASIS): what GitHub code scanning and CI dashboards read.
///
/// One run per invocation; `tool.driver.rules` has every code that was reported, with its
/// help line; each finding is a result with `ruleId`, `level`, `message.text` and one
/// physical location (the file, the rendered start line and column). An input that could
/// not be read is a tool execution notification, and the invocation is not successful.
public enum SARIFReport {
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

    public static func document(_ files: [LintedFile], help: CodeHelp, toolVersion: String? = nil) -> String {
        let codes = orderedCodes(files)
        let ruleIndex = Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($0.element, $0.offset) })
        let rules: [JSONValue] = codes.map { code in
            let text = help.help(for: code) ?? code
            return .members([
                ("id", .string(code)),
                ("shortDescription", .members([("text", .string(text))])),
                ("help", .members([("text", .string(text))])),
            ])
        }
        var results: [JSONValue] = []
        for file in files {
            for finding in file.findings {
                results.append(result(finding, in: file, ruleIndex: ruleIndex[finding.code] ?? 0))
            }
        }
        let notifications: [JSONValue] = files.compactMap { file in
            file.unreadable.map { reason in
                .members([
                    ("level", .string("error")),
                    ("message", .members([("text", .string(reason))])),
                    ("locations", .array([.members([("physicalLocation", .members([
                        ("artifactLocation", .members([("uri", .string(uri(file.path)))])),
                    ]))])])),
                ])
            }
        }
        let run: JSONValue = .members([
            ("tool", .members([("driver", .members([
                ("name", .string("eventsuggest")),
                ("version", toolVersion.map(JSONValue.string)),
                ("rules", .array(rules)),
            ]))])),
            ("invocations", .array([.members([
                ("executionSuccessful", .bool(notifications.isEmpty)),
                ("toolExecutionNotifications", notifications.isEmpty ? nil : .array(notifications)),
            ])])),
            ("results", .array(results)),
        ])
        return JSONValue.members([
            ("$schema", .string(schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).serialized + "\n"
    }

    private static func result(_ finding: Finding, in file: LintedFile, ruleIndex: Int) -> JSONValue {
        let rendered = finding.location?.rendered(messageStartLine: file.messageStartLine)
        var region: JSONValue?
        if let line = rendered?.line ?? file.messageStartLine {
            region = .members([("startLine", .integer(line)), ("startColumn", rendered?.column.map(JSONValue.integer))])
        }
        return .members([
            ("ruleId", .string(finding.code)),
            ("ruleIndex", .integer(ruleIndex)),
            ("level", .string(level(finding.severity))),
            ("message", .members([("text", .string(FindingLine.message(finding)))])),
            ("locations", .array([.members([("physicalLocation", .members([
                ("artifactLocation", .members([("uri", .string(uri(file.path)))])),
                ("region", region),
            ]))])])),
        ])
    }

    /// SARIF §3.27.10: error, warning, note.
    static func level(_ severity: Finding.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// Every code reported, in first-seen order.
    static func orderedCodes(_ files: [LintedFile]) -> [String] {
        var seen: Set<String> = []
        return files.flatMap(\.findings).map(\.code).filter { seen.insert($0).inserted }
    }

    /// A path as a URI reference (SARIF §3.10, RFC 3986 §4.1): relative paths stay relative,
    /// an absolute one becomes `file://`; anything but unreserved characters and `/` is
    /// percent-encoded.
    static func uri(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
