import CommandLineOptions
import DKIM
import EventSuggest
import Findings
import Foundation
import JSON
import Mailbox
import MailMessage
import SchemaMarkup
import SenderPolicy

/// `eventsuggest lint`: a sender's CI check of confirmation mails or HTML templates.
struct LintCommand: ParsableCommand {
    static let summary = "Check confirmation mails or HTML templates for valid markup (for a sender's CI)."
    static let synopsis = "lint FILE... [--profile apple|gmail]... [--format FORMAT] [--disable CODE]... [--require-dkim] [options]"
    static let discussion = """
        Checks the schema.org markup of each e-mail (its HTML parts) or .html file against
        the rules of Siri Event Suggestions (apple) and Gmail (gmail), strictly: JSON that
        real mail gets away with (a missing comma) is an error here. The files are also
        checked as a set: a confirmation, its modification and its cancellation must share
        the reservationId and differ in status or time.

        --require-dkim also requires a passing DKIM signature aligned with the From domain
        (keys from DNS, --dns or --keys).

        Formats: text (file:line:col: error: message [code]), json (one object per file),
        github (workflow annotations), junit (XML for CI test reports). Positions point into
        the file, or into the decoded HTML part for quoted-printable/base64 parts
        (file(part 2):line:col).

        Exit status: 1 when there is an error (or a warning with --warnings-as-errors),
        0 otherwise, 2 on usage errors.
        """
    static let profile = OptionDeclaration.value(
        "profile", "PROFILE", "Rules to check: apple or gmail (default: both); repeat the option for more than one.",
        collected: true, completion: .suggestions(["apple", "gmail"]))
    static let format = OptionDeclaration.choice(
        "format", Format.allCases.map(\.rawValue), "Output: text (default), json, github, junit, sarif or html.")
    static let disable = OptionDeclaration.value(
        "disable", "CODE", "Do not report findings with this code (see 'eventsuggest help codes').", collected: true)
    static let requireDKIM = OptionDeclaration.switch("require-dkim", "Also require a passing DKIM signature aligned with From.")
    static let warningsAsErrors = OptionDeclaration.switch("warnings-as-errors", "Fail on warnings too.")
    static let command = CommandDescription(
        name: "lint", summary: summary, synopsis: synopsis, discussion: discussion,
        options: [profile, format, disable, requireDKIM, warningsAsErrors] + PublicSuffixOptions.options
            + KeyLookupOptions.options + ClockOptions.options + LimitOptions.options,
        operands: .paths("FILE"))

    enum Format: String, CaseIterable { case text, json, github, junit, sarif, html }

    var files: [String]
    var profiles: [MarkupProfile]
    var format: Format
    var disabledCodes: [String]
    var requiresDKIM: Bool
    var warningsFail: Bool
    var suffixes: PublicSuffixOptions
    var keys: KeyLookupOptions
    var clock: ClockOptions
    var limits: LimitOptions

    init(parsing values: ParsedValues) throws(UsageError) {
        files = try values.requireOperands("FILE (an e-mail or an .html file)")
        var profiles: [MarkupProfile] = []
        for word in values.strings(Self.profile) {
            // `google` was the name before `gmail`; a list with commas is the older spelling too.
            for name in word.split(separator: ",", omittingEmptySubsequences: false) {
                switch name.trimmingCharacters(in: .whitespaces).lowercased() {
                case "apple": profiles.append(.apple)
                case "gmail", "google": profiles.append(.google)
                default: throw values.invalid(Self.profile, String(name), wants: "apple or gmail")
                }
            }
        }
        self.profiles = profiles.isEmpty ? MarkupProfile.allCases : profiles
        format = try values.choice(Self.format, as: Format.self) ?? .text
        disabledCodes = values.strings(Self.disable)
        if let empty = disabledCodes.first(where: { $0.isEmpty }) { throw values.invalid(Self.disable, empty, wants: "a finding code") }
        requiresDKIM = values.isOn(Self.requireDKIM)
        warningsFail = values.isOn(Self.warningsAsErrors)
        suffixes = try PublicSuffixOptions(parsing: values)
        keys = try KeyLookupOptions(parsing: values)
        clock = try ClockOptions(parsing: values)
        limits = try LimitOptions(parsing: values)
    }

    /// One file's reservations and findings (an .html template, or an e-mail's HTML parts).
    static func lintFile(_ path: String, limits: InputLimits, extractor: MarkupExtractor,
                         dkimCheck: DKIMRequirement?) throws(MailboxError) -> FileResult {
        let input = try MessageSource.readWhole(path, limits: limits.mailbox)
        if input.bytes.isEmpty && !input.findings.isEmpty {   // not read (over the size limit)
            return FileResult(location: input.location, reservations: [], findings: input.findings)
        }
        if ExtractCommand.isHTMLFile(path) {
            let html = CharsetDecoder.decode(input.bytes, charset: "utf-8").text
            let extraction = MessageMarkup.extract(html: html, using: extractor)
            // A template is not a mail: there is no signature to require. Said, not failed.
            let dkimNote = dkimCheck == nil ? [] : [Finding(
                code: LintFindingCode.dkimNotCheckable, severity: .note,
                message: "--require-dkim: an .html file has no DKIM signature to check; lint a signed e-mail for that")]
            return FileResult(location: input.location, reservations: extraction.reservations,
                              findings: input.findings + extraction.findings + dkimNote)
        }
        let message = MailMessage(bytes: input.bytes, limits: limits.message)
        let extraction = MessageMarkup.extract(from: message, using: extractor)
        var findings = input.findings + message.findings + extraction.findings
        if extraction.items.isEmpty {
            findings.append(Finding(code: LintFindingCode.noMarkup, severity: .error,
                                    message: "no schema.org markup in any text/html part of this message"))
        }
        findings += dkimCheck?.check(message) ?? []
        return FileResult(location: input.location, reservations: extraction.reservations, findings: findings)
    }

    /// `--require-dkim`: a passing signature aligned with From (no registered-domains list).
    struct DKIMRequirement {
        let verifier: DKIMVerifier
        let policy: SenderPolicy

        init(keys: KeyLookupOptions, clock: ClockOptions, suffixes: PublicSuffixOptions, limits: DKIMLimits) throws {
            verifier = DKIMVerifier(resolver: try keys.resolver(), now: clock.instant(), limits: limits)
            policy = SenderPolicy(publicSuffixes: try suffixes.publicSuffixes(), registered: nil, allowAnyDomain: true)
        }

        func check(_ message: MailMessage) -> [Finding] {
            let dkim = verifier.verify(message)
            let decision = policy.decide(message, dkim: dkim)
            guard !decision.trusted else { return dkim.limitFindings }
            // What verify would say of each signature that did not pass: the actionable part
            // (a body hash mismatch, an expired signature, a missing key).
            let verdicts = dkim.filter { $0.outcome != .pass }.map { result in
                "d=\(result.domain ?? "?") s=\(result.selector ?? "?"): \(result.outcome.rawValue)"
                    + (result.reason.map { " (\($0))" } ?? "")
            }
            let detail = verdicts.isEmpty ? "" : "; " + verdicts.joined(separator: "; ")
            return dkim.limitFindings + [
                Finding(code: LintFindingCode.dkimRequired, severity: .error, message: "DKIM check failed: \(decision.reason)\(detail)")]
        }
    }

    struct FileResult {
        let location: MessageLocation
        var reservations: [Reservation]
        var findings: [Finding]
    }

    func run(streams: StandardStreams) throws -> ExitStatus {
        if format == .sarif || format == .html {
            throw UsageError(message: "--format \(format.rawValue) is not built into this version yet", command: "lint")
        }
        let limits = limits.limits
        let extractor = MarkupExtractor(limits: limits.markup, recoversJSON: false, profiles: profiles)
        let dkimCheck = requiresDKIM
            ? try DKIMRequirement(keys: keys, clock: clock, suffixes: suffixes, limits: limits.dkim) : nil

        var results: [FileResult] = []
        var unreadable = false
        for path in files {
            do {
                var result = try Self.lintFile(path, limits: limits, extractor: extractor, dkimCheck: dkimCheck)
                result.findings.removeAll { disabledCodes.contains($0.code) }
                results.append(result)
            } catch {
                streams.error("eventsuggest: \(error)")
                unreadable = true
            }
        }
        for (index, findings) in ReservationSetCheck.check(results.map(\.reservations)) {
            results[index].findings += findings
        }

        let warningsFail = warningsFail
        let failing: (Finding) -> Bool = { $0.severity == .error || ($0.severity == .warning && warningsFail) }
        switch format {
        case .text:
            for result in results { for finding in result.findings { streams.writeLine(TerminalText.logSafe(FindingText.line(finding, in: result.location))) } }
            let errors = results.flatMap(\.findings).filter { $0.severity == .error }.count
            let warnings = results.flatMap(\.findings).filter { $0.severity == .warning }.count
            streams.writeLine("\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s") in \(results.count) file\(results.count == 1 ? "" : "s")")
        case .json:
            for result in results {
                streams.writeLine(JSONValue.object([
                    ("file", .string(result.location.path)),
                    ("reservations", .array(result.reservations.map(ReservationText.json))),
                    ("diagnostics", .array(result.findings.map { FindingText.json($0, in: result.location) })),
                ]).serialized)
            }
        case .github:
            for result in results {
                for finding in result.findings { streams.writeLine(LintFormats.githubAnnotation(finding, in: result.location)) }
            }
        case .junit:
            streams.write(LintFormats.junit(results.map { ($0.location, $0.findings) }, failing: failing))
        case .sarif, .html:
            break   // refused at the start of run until connected
        }
        let failed = unreadable || results.contains { $0.findings.contains(where: failing) }
        return failed ? .findings : .success
    }
}

/// CI output formats.
enum LintFormats {
    /// A GitHub Actions workflow command (`::error file=…,line=…,col=…,title=…::message`).
    static func githubAnnotation(_ finding: Finding, in location: MessageLocation) -> String {
        let level = finding.severity == .error ? "error" : finding.severity == .warning ? "warning" : "notice"
        var properties = ["file=\(escapeProperty(location.path))"]
        // A position in a decoded part (quoted-printable, base64) is no line of the file; a
        // position in a bare HTML file (decoded text, no part) is.
        if let position = finding.location, !position.inDecodedText || position.part == nil {
            properties.append("line=\(position.inDecodedText ? position.line : location.fileLine(position.line))")
            if let column = position.column { properties.append("col=\(column)") }
        }
        properties.append("title=\(escapeProperty(finding.code))")
        var message = finding.message
        if let position = finding.location, position.inDecodedText, position.part != nil {
            message += " (part \(position.part ?? "?"), line \(position.line)\(position.column.map { ", column \($0)" } ?? ""))"
        }
        return "::\(level) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// JUnit XML: one test case per file, a failure per failing finding.
    static func junit(_ files: [(MessageLocation, [Finding])], failing: (Finding) -> Bool) -> String {
        let failures = files.filter { $0.1.contains(where: failing) }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites>\n<testsuite name=\"eventsuggest lint\" tests=\"\(files.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        for (location, findings) in files {
            xml += "  <testcase classname=\"eventsuggest.lint\" name=\"\(escapeXML(location.description))\">\n"
            for finding in findings where failing(finding) {
                xml += "    <failure type=\"\(escapeXML(finding.code))\" message=\"\(escapeXML(finding.message))\">"
                xml += escapeXML(FindingText.line(finding, in: location)) + "</failure>\n"
            }
            let others = findings.filter { !failing($0) }
            if !others.isEmpty {
                xml += "    <system-out>" + escapeXML(others.map { FindingText.line($0, in: location) }.joined(separator: "\n"))
                    + "</system-out>\n"
            }
            xml += "  </testcase>\n"
        }
        return xml + "</testsuite>\n</testsuites>\n"
    }

    static func escapeXML(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            // XML 1.0 allows no control characters but tab, LF and CR.
            case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r": output += " "
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
