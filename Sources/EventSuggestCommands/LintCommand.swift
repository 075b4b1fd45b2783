import CommandLineOptions
import DKIM
import EventSuggest
import Findings
import JSON
import LintReport
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

        FILE may be an mbox file or a Maildir folder: each message in it is linted, named by
        the mbox and the line its header starts on (samples.mbox:41, positions then count in
        the mbox file) or by its own path in the Maildir.

        --disable CODE turns one rule off (repeatable, or comma-separated; 'disable a, b' in
        the configuration file); 'eventsuggest help codes' lists the codes. An unknown code is
        a usage error.

        Formats: text (file:line:col: error: message [code]), json (one object per file),
        github (workflow annotations), junit (XML for CI test reports: one testcase per
        finding, as eslint and ruff do; an unreadable input is an <error>), sarif (SARIF
        2.1.0, for code scanning), html (one self-contained page: findings beside the
        source, a calendar card per reservation). A position inside a quoted-printable or
        base64 part is given at the part's first line in the file, and the message ends
        with the place in the decoded text: (part 2, line 14:36 of its decoded text).

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
        do {
            profiles = try MarkupProfile.selection(values.strings(Self.profile))
        } catch {
            throw values.invalid(Self.profile, error.value, wants: "apple or gmail")
        }
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

    /// Every message of `path`: an .html template or a message file is one; an mbox file or a
    /// Maildir folder is split and each of its messages linted.
    static func lintPath(_ path: String, limits: InputLimits, extractor: MarkupExtractor,
                         dkimCheck: DKIMRequirement?) throws -> [FileResult] {
        if ExtractCommand.isHTMLFile(path) {
            return [lint(try MessageSource.readWhole(path, limits: limits.mailbox), isHTML: true, limits: limits,
                         extractor: extractor, dkimCheck: dkimCheck)]
        }
        var results: [FileResult] = []
        try MessageSource.open(path).forEachMessage(limits: limits.mailbox) { input in
            results.append(lint(input, isHTML: false, limits: limits, extractor: extractor, dkimCheck: dkimCheck))
        }
        return results
    }

    static func lint(_ input: MailboxMessage, isHTML: Bool, limits: InputLimits, extractor: MarkupExtractor,
                     dkimCheck: DKIMRequirement?) -> FileResult {
        if input.bytes.isEmpty && !input.findings.isEmpty {   // not read (over the size limit)
            return FileResult(location: input.location, reservations: [], findings: input.findings)
        }
        if isHTML {
            let html = CharsetDecoder.decode(input.bytes, charset: "utf-8").text
            let extraction = MessageMarkup.extract(html: html, using: extractor)
            var findings = input.findings + extraction.findings
            if extraction.items.isEmpty {
                findings.append(Finding(code: .noMarkup,
                                        message: "no schema.org markup (no JSON-LD script, no Microdata item) in this HTML file"))
            }
            // A template is not a mail: there is no signature to require. Said, not failed.
            if dkimCheck != nil {
                findings.append(Finding(
                    code: .dkimNotCheckable,
                    message: "--require-dkim: an .html file has no DKIM signature to check; lint a signed e-mail for that"))
            }
            return FileResult(location: input.location, reservations: extraction.reservations, findings: findings,
                              texts: [.document: html])
        }
        let message = MailMessage(bytes: input.bytes, limits: limits.message)
        let extraction = MessageMarkup.extract(from: message, using: extractor)
        var findings = input.findings + message.findings + extraction.findings
        if extraction.items.isEmpty {
            findings.append(Finding(code: .noMarkup,
                                    message: "no schema.org markup in any text/html part of this message"))
        }
        findings += dkimCheck?.check(message) ?? []
        return FileResult(location: input.location, reservations: extraction.reservations, findings: findings,
                          texts: MessageTexts.texts(of: message, bytes: input.bytes))
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
                Finding(code: .dkimRequired, message: "DKIM check failed: \(decision.reason)\(detail)")]
        }
    }

    struct FileResult {
        let location: MessageLocation
        var reservations: [Reservation]
        var findings: [Finding]
        /// The texts positions count in (for the HTML report's excerpts).
        var texts: [LocationText: String] = [:]

        var linted: LintedFile {
            LintedFile(path: location.path, messageStartLine: location.line, reservations: reservations,
                       findings: findings, texts: texts)
        }
    }

    func run(streams: StandardStreams) throws -> ExitStatus {
        let filter: FindingFilter
        do {
            filter = try FindingFilter(disabling: disabledCodes)
        } catch {
            throw UsageError(message: "--disable: \(error)", command: "lint")
        }
        let limits = limits.limits
        let extractor = MarkupExtractor(limits: limits.markup, recoversJSON: false, profiles: profiles, zones: PlaceZoneDirectory())
        let dkimCheck = requiresDKIM
            ? try DKIMRequirement(keys: keys, clock: clock, suffixes: suffixes, limits: limits.dkim) : nil

        var results: [FileResult] = []
        var unreadable = false
        var order: [(result: Int?, path: String, reason: String)] = []   // inputs in order, for the reports
        for path in files {
            do {
                for result in try Self.lintPath(path, limits: limits, extractor: extractor, dkimCheck: dkimCheck) {
                    results.append(result)
                    order.append((results.count - 1, path, ""))
                }
            } catch {
                streams.error("eventsuggest: \(error)")
                unreadable = true
                order.append((nil, path, "\(error)"))
            }
        }
        for (index, findings) in ReservationSetCheck.check(results.map { ReservationSetCheck.Member(name: $0.location.description, reservations: $0.reservations) }) {
            results[index].findings += findings
        }
        for index in results.indices { results[index].findings = filter.apply(results[index].findings) }

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
        case .junit, .sarif, .html:
            let files = order.map { entry in
                entry.result.map { results[$0].linted } ?? LintedFile(path: entry.path, unreadable: entry.reason)
            }
            // The help line of each code, from the finding-code catalogue.
            let help = CodeHelp { FindingCatalogue.code($0)?.help }
            streams.write(format == .junit ? JUnitReport.document(files, failing: failing)
                : format == .sarif ? SARIFReport.document(files, help: help) : HTMLReport.page(files, help: help))
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
        let rendered = finding.location?.rendered(messageStartLine: location.line)
        if let line = rendered?.line {
            properties.append("line=\(line)")
            if let column = rendered?.column { properties.append("col=\(column)") }
        }
        properties.append("title=\(escapeProperty(finding.code))")
        var message = finding.message
        if let note = rendered?.note { message += " " + note }
        return "::\(level) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    static func escapeData(_ text: String) -> String {
        percentEscaping(text, ["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    static func escapeProperty(_ text: String) -> String {
        percentEscaping(text, ["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }

    /// Each scalar `escapes` names replaced: by scalars, so the CR and the LF of a line break
    /// (one Character in Swift) are each escaped, as the workflow commands want.
    private static func percentEscaping(_ text: String, _ escapes: [Unicode.Scalar: String]) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let escaped = escapes[scalar] { result += escaped } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

}
