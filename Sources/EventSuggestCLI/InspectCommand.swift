import JSON
import EventSuggest
import Findings
import Mailbox
import MailMessage

/// `eventsuggest inspect`: headers and MIME tree of each message, decoded.
enum InspectCommand: Command {
    static let name = "inspect"
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
    static let options: [OptionSpec] = [
        .flag("json", "One JSON object per message (the format in DESIGN.md)."),
        .flag("recursive", "Also read Maildir++ subfolders (.Folder) of a Maildir."),
        .value("mbox-format", "FORMAT", "How mbox files quote 'From ' lines: mboxrd (default) or mboxo."),
        LimitOptions.spec,
    ]

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws -> ExitStatus {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(message: "inspect needs at least one PATH (a file, Maildir, mbox, or -)", command: name)
        }
        let format = try MailboxOptions.mboxFormat(arguments, command: name)
        let limits = try LimitOptions.limits(arguments, command: name)
        let json = arguments.has("json")
        var status = ExitStatus.success
        for path in arguments.positionals {
            do {
                let source = try MessageSource.open(path, recursive: arguments.has("recursive"))
                try source.forEachMessage(format: format, limits: limits.mailbox) { mailboxMessage in
                    let message = MailMessage(bytes: mailboxMessage.bytes, limits: limits.message)
                    var inspection = MessageInspection(message: message)
                    inspection.findings = mailboxMessage.findings + inspection.findings
                    if json {
                        streams.writeLine(jsonObject(inspection, at: mailboxMessage.location).serialized)
                    } else {
                        streams.write(text(inspection, at: mailboxMessage.location))
                    }
                }
            } catch let error as MailboxError {
                status = CommandLineTool.report(error, streams: streams)
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
        return lines.joined(separator: "\n") + "\n\n"
    }
}

/// Options shared by the commands that read mailboxes.
enum MailboxOptions {
    static func mboxFormat(_ arguments: ParsedArguments, command: String) throws(UsageError) -> MboxFormat {
        guard let value = arguments.value("mbox-format") else { return .mboxrd }
        guard let format = MboxFormat(rawValue: value) else {
            throw UsageError(message: "--mbox-format must be mboxrd or mboxo, not '\(value)'", command: command)
        }
        return format
    }
}
