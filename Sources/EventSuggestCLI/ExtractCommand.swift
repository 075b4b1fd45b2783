import JSON
import EventSuggest
import Findings
import Foundation
import Mailbox
import MailMessage
import SchemaMarkup

/// `eventsuggest extract`: the schema.org markup of e-mails or bare HTML, no DKIM, no policy.
enum ExtractCommand: Command {
    static let name = "extract"
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
    static let options: [OptionSpec] = [
        .flag("json", "One JSON object per input (the format in DESIGN.md)."),
        .flag("strict-json", "Report JSON that real mail gets away with (a missing comma) as an error instead of recovering."),
        .flag("recursive", "Also read Maildir++ subfolders (.Folder) of a Maildir."),
        .value("mbox-format", "FORMAT", "How mbox files quote 'From ' lines: mboxrd (default) or mboxo."),
        LimitOptions.spec,
    ]

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws -> ExitStatus {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(message: "extract needs at least one FILE (an e-mail, an .html file, or -)", command: name)
        }
        let limits = try LimitOptions.limits(arguments, command: name)
        let extractor = MarkupExtractor(limits: limits.markup, recoversJSON: !arguments.has("strict-json"), zones: PlaceZoneDirectory())
        let format = try MailboxOptions.mboxFormat(arguments, command: name)
        var status = ExitStatus.success
        for path in arguments.positionals {
            do {
                if Self.isHTMLFile(path) {
                    let input = try MessageSource.readWhole(path, limits: limits.mailbox)
                    let text = CharsetDecoder.decode(input.bytes, charset: "utf-8").text
                    emit(MessageMarkup.extract(html: text, using: extractor), at: input.location,
                         json: arguments.has("json"), streams: streams)
                    continue
                }
                let source = try MessageSource.open(path, recursive: arguments.has("recursive"))
                try source.forEachMessage(format: format, limits: limits.mailbox) { mailboxMessage in
                    let message = MailMessage(bytes: mailboxMessage.bytes, limits: limits.message)
                    var extraction = MessageMarkup.extract(from: message, using: extractor)
                    extraction.findings = mailboxMessage.findings + message.findings + extraction.findings
                    emit(extraction, at: mailboxMessage.location, json: arguments.has("json"), streams: streams)
                }
            } catch let error as MailboxError {
                status = CommandLineTool.report(error, streams: streams)
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
        streams.write(lines.joined(separator: "\n") + "\n\n")
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
