import CommandLineOptions
import JSON
import EventSuggest
import Findings
import Mailbox
import MailMessage

/// `eventsuggest inspect`: headers and MIME tree of each message, decoded.
struct InspectCommand: ParsableCommand {
    static let summary = "Show the headers and MIME tree of messages, decoded."
    static let synopsis = "inspect PATH... [--json] [--recursive] [--mbox-format mboxrd|mboxo]"
    static let discussion = """
        Prints, for each message, the decoded From, Subject, Date and Message-ID and its
        MIME tree: part numbers as in IMAP ("1", "2.1"), types, charsets, file names,
        sizes after transfer decoding. Problems found while reading (limits hit,
        malformed encodings) are listed as findings with file and line.

        With --json, one JSON object per message:
          {"file", "line" (mbox only), "from": {"name", "address", "domain"}, "subject",
           "date", "messageId", "parts": [{"path", "type", "charset", "filename", "bytes",
           "textSHA256"}], "findings": [{"severity", "code", "message", "line", "part"}]}

        Exit status: 0 when every input was read, 1 when one could not be, 2 on usage errors.
        """
    static let command = CommandDescription(
        name: "inspect", summary: summary, synopsis: synopsis, discussion: discussion,
        options: OutputOptions.options + MailboxReadingOptions.options + LimitOptions.options, operands: .paths("PATH"))

    var paths: [String]
    var output: OutputOptions
    var reading: MailboxReadingOptions
    var limits: LimitOptions

    init(parsing values: ParsedValues) throws(UsageError) {
        paths = try values.requireOperands("PATH (a file, Maildir, mbox, or -)")
        output = try OutputOptions(parsing: values)
        reading = try MailboxReadingOptions(parsing: values)
        limits = try LimitOptions(parsing: values)
    }

    func run(streams: StandardStreams) throws -> ExitStatus {
        let format = reading.mboxFormat
        let limits = limits.limits
        let json = output.json
        var status = ExitStatus.success
        for path in paths {
            do {
                let source = try MessageSource.open(path, recursive: reading.recursive)
                try source.forEachMessage(format: format, limits: limits.mailbox) { mailboxMessage in
                    let message = MailMessage(bytes: mailboxMessage.bytes, limits: limits.message)
                    var inspection = MessageInspection(message: message)
                    inspection.findings = mailboxMessage.findings + inspection.findings
                    if json {
                        streams.writeLine(Self.jsonObject(inspection, at: mailboxMessage.location).serialized)
                    } else {
                        streams.write(Self.text(inspection, at: mailboxMessage.location))
                    }
                }
            } catch let error as MailboxError {
                streams.error("eventsuggest: \(error)")
                status = .findings
            }
        }
        return status
    }

    static func jsonObject(_ inspection: MessageInspection, at location: MessageLocation) -> JSONValue {
        var members: [(String, JSONValue)] = [("file", .string(location.path))]
        if let line = location.line { members.append(("line", .number(line))) }
        members += [
            ("from", inspection.from.map { from in
                .object([
                    ("name", .optional(from.displayName)),
                    ("address", .string(from.address)),
                    ("domain", .string(from.domain)),
                ])
            } ?? .null),
            ("subject", .optional(inspection.subject)),
            ("date", .optional(inspection.date)),
            ("messageId", .optional(inspection.messageID)),
            ("parts", .array(inspection.leafParts.map { part in
                .object([
                    ("path", .string(part.path)),
                    ("type", .string(part.type)),
                    ("charset", .optional(part.charset)),
                    ("filename", .optional(part.filename)),
                    ("bytes", .optional(part.bytes)),
                    ("textSHA256", .optional(part.textSHA256)),
                ])
            })),
            ("findings", .array(inspection.findings.map { FindingText.json($0, in: location) })),
        ]
        return .object(members)
    }

    static func text(_ inspection: MessageInspection, at location: MessageLocation) -> String {
        var lines = [location.description]
        func field(_ label: String, _ value: String?) {
            lines.append("  " + (label + ":").padding(toLength: 12) + (value ?? "(none)"))
        }
        field("From", inspection.from.map { from in
            (from.displayName.map { "\($0) " } ?? "") + "<\(from.address)>"
        })
        field("Subject", inspection.subject)
        field("Date", inspection.date)
        field("Message-ID", inspection.messageID)
        lines.append("  MIME:")
        for part in inspection.tree {
            var line = "    " + String(repeating: "  ", count: part.depth)
            if !part.path.isEmpty { line += part.path + "  " }
            line += part.type
            if let charset = part.charset { line += "; charset=\(charset)" }
            if let decoded = part.decodedCharset { line += " (read as \(decoded))" }
            if let filename = part.filename { line += "  \"\(filename)\"" }
            if let bytes = part.bytes { line += "  \(bytes) bytes" }
            lines.append(line)
        }
        if !inspection.findings.isEmpty {
            lines.append("  Findings:")
            lines += inspection.findings.map { "    " + FindingText.line($0, in: location) }
        }
        return lines.map(TerminalText.escaped).joined(separator: "\n") + "\n\n"
    }
}
