import CommandLineOptions
import JSON
import EventSuggest
import Findings
import Mailbox
import MailMessage
import SchemaMarkup

/// `eventsuggest extract`: the schema.org markup of e-mails or bare HTML, no DKIM, no policy.
struct ExtractCommand: ParsableCommand {
    static let summary = "Show the schema.org reservations in e-mails or HTML files (markup only, no DKIM)."
    static let synopsis = "extract FILE... [--json] [--strict-json]"
    static let discussion = """
        Reads JSON-LD and Microdata from the text/html parts of each e-mail (never from a
        forwarded message inside it), or from a bare .html file, and shows the
        reservations they describe and what is wrong with them. Positions point into the
        decoded HTML part. This command checks no signature: anyone can write markup.

        With --json, one object per input:
          {"file", "reservations": [{"type", "reservationId", "status", "name", "start",
           "end", "partySize", "url", "underName", "address", "telephone", "item"}],
           "items": [raw schema.org items], "diagnostics": [{"severity", "code",
           "message", "line", "column", "part"}]}

        Exit status: 0 when every input was read (whatever the markup says), 1 when an
        input could not be read, 2 on usage errors. For a pass/fail check use 'lint'.
        """
    static let strictJSON = OptionDeclaration.switch(
        "strict-json", "Report JSON that real mail gets away with (a missing comma) as an error instead of recovering.")
    static let command = CommandDescription(
        name: "extract", summary: summary, synopsis: synopsis, discussion: discussion,
        options: OutputOptions.options + [strictJSON] + MailboxReadingOptions.options + LimitOptions.options,
        operands: .paths("FILE"))

    var files: [String]
    var output: OutputOptions
    var strictJSON: Bool
    var reading: MailboxReadingOptions
    var limits: LimitOptions

    init(parsing values: ParsedValues) throws(UsageError) {
        files = try values.requireOperands("FILE (an e-mail, an .html file, or -)")
        output = try OutputOptions(parsing: values)
        strictJSON = values.isOn(Self.strictJSON)
        reading = try MailboxReadingOptions(parsing: values)
        limits = try LimitOptions(parsing: values)
    }

    func run(streams: StandardStreams) throws -> ExitStatus {
        let limits = limits.limits
        let extractor = MarkupExtractor(limits: limits.markup, recoversJSON: !strictJSON, zones: PlaceZoneDirectory())
        let format = reading.mboxFormat
        let json = output.json
        var status = ExitStatus.success
        for path in files {
            do {
                if Self.isHTMLFile(path) {
                    let input = try MessageSource.readWhole(path, limits: limits.mailbox)
                    let text = CharsetDecoder.decode(input.bytes, charset: "utf-8").text
                    Self.emit(MessageMarkup.extract(html: text, using: extractor), at: input.location,
                         json: json, streams: streams)
                    continue
                }
                let source = try MessageSource.open(path, recursive: reading.recursive)
                try source.forEachMessage(format: format, limits: limits.mailbox) { mailboxMessage in
                    let message = MailMessage(bytes: mailboxMessage.bytes, limits: limits.message)
                    var extraction = MessageMarkup.extract(from: message, using: extractor)
                    extraction.findings = mailboxMessage.findings + message.findings + extraction.findings
                    Self.emit(extraction, at: mailboxMessage.location, json: json, streams: streams)
                }
            } catch let error as MailboxError {
                streams.error("eventsuggest: \(error)")
                status = .findings
            }
        }
        return status
    }

    /// `.html`/`.htm` files are HTML; anything else is an e-mail.
    static func isHTMLFile(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".html") || lower.hasSuffix(".htm") || lower.hasSuffix(".xhtml")
    }

    static func emit(_ extraction: MarkupExtraction, at location: MessageLocation, json: Bool, streams: StandardStreams) {
        if json {
            streams.writeLine(jsonObject(extraction, at: location).serialized)
            return
        }
        var lines = [location.description]
        if extraction.reservations.isEmpty { lines.append("  no reservations") }
        for reservation in extraction.reservations {
            lines.append("  " + ReservationText.summary(reservation))
        }
        lines += extraction.findings.map { "  " + FindingText.line($0, in: location) }
        streams.write(lines.map(TerminalText.escaped).joined(separator: "\n") + "\n\n")
    }

    static func jsonObject(_ extraction: MarkupExtraction, at location: MessageLocation) -> JSONValue {
        var members: [(String, JSONValue)] = [("file", .string(location.path))]
        if let line = location.line { members.append(("line", .number(line))) }
        members += [
            ("reservations", .array(extraction.reservations.map(ReservationText.json))),
            ("items", .array(extraction.items.map(\.value))),
            ("diagnostics", .array(extraction.findings.map { FindingText.json($0, in: location) })),
        ]
        return .object(members)
    }
}
