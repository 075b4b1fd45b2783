import Findings

/// JUnit XML for CI test reports: one `<testcase>` per finding, as eslint's and ruff's
/// JUnit reporters do (Jenkins and GitLab show one failure per test case).
///
/// A failing finding (an error; a warning with warnings-as-errors) is a `<failure>`; other
/// findings are passing cases with the text in `<system-out>`; a file with no findings is
/// one passing case; an input that could not be read is a case with an `<error>`. Every
/// case has `classname` and `file` = the path, and `line` when there is one.
public enum JUnitReport {
    public static func document(_ files: [LintedFile], failing: (Finding) -> Bool) -> String {
        var cases: [String] = []
        var failures = 0, errors = 0
        for file in files {
            let path = escape(file.path)
            if let reason = file.unreadable {
                errors += 1
                cases.append("    <testcase classname=\"\(path)\" name=\"\(escape(file.name)): unreadable\" file=\"\(path)\">\n"
                    + "      <error type=\"unreadable\" message=\"\(escape(reason))\">\(escape(reason))</error>\n    </testcase>\n")
                continue
            }
            if file.findings.isEmpty {
                cases.append("    <testcase classname=\"\(path)\" name=\"\(escape(file.name))\" file=\"\(path)\"/>\n")
                continue
            }
            for finding in file.findings {
                let rendered = finding.location?.rendered(messageStartLine: file.messageStartLine)
                let place = rendered.flatMap { $0.line == nil ? nil : $0.lineAndColumn }
                let name = "\(finding.code)" + (place.map { " at \(file.name):\($0)" } ?? " in \(file.name)")
                let line = rendered?.line.map { " line=\"\($0)\"" } ?? ""
                let text = escape(FindingLine.text(finding, path: file.path, messageStartLine: file.messageStartLine))
                var testcase = "    <testcase classname=\"\(path)\" name=\"\(escape(name))\" file=\"\(path)\"\(line)>\n"
                if failing(finding) {
                    failures += 1
                    testcase += "      <failure type=\"\(escape(finding.code))\" message=\"\(escape(FindingLine.message(finding)))\">"
                        + text + "</failure>\n"
                } else {
                    testcase += "      <system-out>\(text)</system-out>\n"
                }
                cases.append(testcase + "    </testcase>\n")
            }
        }
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites \(counts)>\n"
            + "  <testsuite name=\"eventsuggest lint\" \(counts) skipped=\"0\">\n" + cases.joined()
            + "  </testsuite>\n</testsuites>\n"
    }

    /// XML 1.0 character data and attribute values: the five entities, and no control
    /// characters but tab, LF and CR (XML 1.0 §2.2).
    public static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r": output += " "
            case "\u{FFFE}", "\u{FFFF}": output += " "
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
