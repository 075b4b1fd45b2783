import ICalendar
import MailMessage

/// `--attach-event`: the events the calendar store wrote for a message, carried inside the
/// delivered message as a `text/calendar; method=PUBLISH` part (RFC 6047, RFC 5546), so that
/// every mail reader's own banner offers them.
///
/// - A top-level `multipart/mixed` gets the part appended before its closing delimiter
///   (preamble, parts and epilogue unchanged).
/// - Any other message is wrapped: a new `multipart/mixed` whose first part is the old body,
///   byte for byte, under the old `Content-Type` and `Content-Transfer-Encoding` fields
///   (their raw bytes moved into the part), and whose second part is the calendar.
///   The top-level header keeps every field; only `Content-Type` becomes the new multipart
///   one, a `Content-Transfer-Encoding` other than 7bit/8bit/binary is removed (RFC 2045
///   §6.4: a composite is never encoded), and `MIME-Version: 1.0` is added when missing
///   (RFC 2045 §4).
///
/// Never for a message that is not trusted, never without an event, never when the result
/// would be over the `message-bytes` limit. The body changes, so a DKIM signature of the
/// delivered copy no longer verifies; our Authentication-Results keeps the verdict on the
/// message as received (RFC 8601 §5). Pure: bytes and events in, a ``MessageEdit`` out, for
/// `filter` and for a milter alike.
public struct CalendarPartAttachment: Sendable {
    /// The right side of the part's Content-ID.
    public var authservID: String
    /// The `message-bytes` limit: a message that would grow past it gets no part.
    public var maximumMessageBytes: Int

    public init(authservID: String, maximumMessageBytes: Int) {
        self.authservID = authservID
        self.maximumMessageBytes = maximumMessageBytes
    }

    /// What was done, and what `X-Event-Suggestion` says about it.
    public enum Result: Sendable, Hashable {
        case attached(Attached)
        /// Events were there, but the part was not added: the reason, for `X-Event-Suggestion`.
        case notAttached(uids: [String], reason: String)
        /// Nothing to attach: the message is not trusted, or no event was written for it.
        case nothingToAttach
    }

    public struct Attached: Sendable, Hashable {
        /// The changes, for a host that edits the message itself (a milter).
        public var edit: MessageEdit
        /// The whole delivered message (before our header fields are inserted).
        public var bytes: [UInt8]
        /// The part's Content-ID without angle brackets.
        public var contentID: String
        /// The UIDs of the events in the part, in order.
        public var uids: [String]
        /// The iCalendar text of the part (decoded).
        public var calendarText: String
        /// The multipart boundary the part is delimited by.
        public var boundary: String
    }

    /// The events a report's outcomes hold, as the calendar store wrote or kept them: created,
    /// updated, cancelled, or unchanged (a redelivery still shows its event). A part skipped
    /// because the calendar holds a newer version carries nothing: this message is older.
    public static func events(of report: MessageReport) -> [ICSComponent] {
        guard report.decision.trusted else { return [] }
        let attachable: Set<StoreOutcome.Action> = [.created, .updated, .cancelled, .unchanged]
        var seen: Set<String> = []
        return report.outcomes.compactMap { outcome in
            guard attachable.contains(outcome.action), let event = outcome.event,
                  let uid = event.property("UID")?.rawValue, seen.insert(uid).inserted else { return nil }
            return event
        }
    }

    /// The message with its calendar part, or why not.
    public func attach(to message: MailMessage, report: MessageReport) -> Result {
        let events = Self.events(of: report)
        guard report.decision.trusted, !events.isEmpty else { return .nothingToAttach }
        let uids = events.compactMap { $0.property("UID")?.rawValue }
        let organizer = report.from.map { CalendarPublication.Organizer(address: $0.address, name: $0.displayName) }
        let calendarText: String
        do {
            calendarText = try CalendarPublication(events: events, organizer: organizer).serialized()
        } catch {
            return .notAttached(uids: uids, reason: "the calendar part would be invalid: \(error)")
        }
        let part = CalendarPart(calendarText: calendarText, authservID: authservID)
        let lineEnding = FilterHeaderEdit(scanning: message.bytes[...], authservID: authservID).lineEnding
        let edit: MessageEdit
        let usedBoundary: String
        if let appended = Self.appendingEdit(message, part: part, lineEnding: lineEnding),
           let existing = message.root.contentType.boundary {
            (edit, usedBoundary) = (appended, existing)
        } else if let boundary = MIMEBoundary.choose(avoiding: message.bytes, seed: calendarText) {
            (edit, usedBoundary) = (Self.wrappingEdit(message, part: part, boundary: boundary, lineEnding: lineEnding), boundary)
        } else {
            return .notAttached(uids: uids, reason: "no multipart boundary found that the message does not contain")
        }
        let bytes = edit.applied(to: message)
        guard bytes.count <= maximumMessageBytes else {
            return .notAttached(uids: uids, reason: "with the calendar part the message would be \(bytes.count) bytes, "
                + "over the limit message-bytes=\(maximumMessageBytes)")
        }
        return .attached(Attached(edit: edit, bytes: bytes, contentID: part.contentID, uids: uids,
                                  calendarText: calendarText, boundary: usedBoundary))
    }

    // MARK: - Appending to multipart/mixed

    /// A top-level multipart/mixed with its closing delimiter: the part goes right before that
    /// delimiter line. The line ending before it (RFC 2046 §5.1.1: it belongs to the
    /// delimiter) now precedes our delimiter, so the last part keeps every byte.
    static func appendingEdit(_ message: MailMessage, part: CalendarPart, lineEnding: [UInt8]) -> MessageEdit? {
        guard message.root.contentType.mimeType == "multipart/mixed", let boundary = message.root.contentType.boundary,
              let closing = closingDelimiter(of: message) else { return nil }
        var body = Array(message.bytes[message.bodyStart..<closing])
        body += Array("--\(boundary)".utf8) + lineEnding + part.headerBytes(lineEnding: lineEnding)
            + part.contentBytes(lineEnding: lineEnding)
        body += message.bytes[closing...]
        let (changes, replacements) = mimeVersionIfMissing(message, lineEnding: lineEnding)
        return MessageEdit(headerChanges: changes, headerReplacements: replacements, body: body)
    }

    /// Where the top-level closing delimiter line `--boundary--` starts (RFC 2046 §5.1.1:
    /// at the start of a line, transport padding after it allowed), or nil.
    static func closingDelimiter(of message: MailMessage) -> Int? {
        guard let boundary = message.root.contentType.boundary, !boundary.isEmpty else { return nil }
        let closing = Array("--\(boundary)--".utf8)
        let bytes = message.bytes
        var lineStart = message.bodyStart
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            if bytes[lineStart..<lineEnd].starts(with: closing),
               bytes[(lineStart + closing.count)..<lineEnd].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                return lineStart
            }
            lineStart = lineEnd + 1
        }
        return nil
    }

    // MARK: - Wrapping

    /// Any other message: the body becomes the first part of a new multipart/mixed.
    static func wrappingEdit(_ message: MailMessage, part: CalendarPart, boundary: String,
                             lineEnding: [UInt8]) -> MessageEdit {
        let header = message.header
        let contentType = header.instance(of: .contentType)
        let encoding = header.instance(of: .contentTransferEncoding)
        var changes: [MessageEdit.HeaderChange] = []
        var replacements: [(range: Range<Int>, bytes: [UInt8])] = []

        // The wrapped part: the old Content-Type and Content-Transfer-Encoding, as they were.
        var partHeader: [UInt8] = []
        for field in [contentType, encoding].compactMap({ $0 }) {
            partHeader += field.raw
            if field.raw.last != 0x0A { partHeader += lineEnding }
        }

        let newValue = " multipart/mixed; boundary=\"\(boundary)\""
        let newField = Array("Content-Type:\(newValue)".utf8) + lineEnding
        if let contentType {
            replacements.append((contentType.raw.indices, newField))
            changes.append(.replace(name: "Content-Type", instance: header.fields(named: "Content-Type").count,
                                    value: newValue))
        } else {
            replacements.append((headerEnd(message)..<headerEnd(message), newField))
            changes.append(.add(name: "Content-Type", value: newValue))
        }
        // RFC 2045 §6.4: a multipart is 7bit, 8bit or binary; an 8bit or binary label still
        // says what the first part holds, so it stays. base64 and quoted-printable go.
        if let encoding, !Self.isIdentity(TransferEncoding(headerValue: encoding.value)) {
            replacements.append((encoding.raw.indices, []))
            changes.append(.remove(name: "Content-Transfer-Encoding",
                                   instance: header.fields(named: "Content-Transfer-Encoding").count))
        }
        let mimeVersion = mimeVersionIfMissing(message, lineEnding: lineEnding)
        changes += mimeVersion.changes
        replacements += mimeVersion.replacements

        let delimiter = Array("--\(boundary)".utf8)
        var body = delimiter + lineEnding + partHeader + lineEnding
        body += message.bytes[message.bodyStart...]
        body += lineEnding + delimiter + lineEnding + part.headerBytes(lineEnding: lineEnding)
            + part.contentBytes(lineEnding: lineEnding)
        body += delimiter + Array("--".utf8) + lineEnding
        return MessageEdit(headerChanges: changes, headerReplacements: replacements, body: body)
    }

    static func isIdentity(_ encoding: TransferEncoding) -> Bool {
        switch encoding {
        case .sevenBit, .eightBit, .binary: true
        default: false
        }
    }

    /// RFC 2045 §4: `MIME-Version: 1.0`, added at the end of the header when there is none.
    static func mimeVersionIfMissing(_ message: MailMessage, lineEnding: [UInt8])
        -> (changes: [MessageEdit.HeaderChange], replacements: [(range: Range<Int>, bytes: [UInt8])]) {
        guard message.header.first(named: "MIME-Version") == nil else { return ([], []) }
        let end = headerEnd(message)
        return ([.add(name: "MIME-Version", value: " 1.0")], [(end..<end, Array("MIME-Version: 1.0".utf8) + lineEnding)])
    }

    /// Where the last header field ends: new fields go there, above the empty line.
    static func headerEnd(_ message: MailMessage) -> Int {
        message.header.fields.last?.raw.endIndex ?? 0
    }
}
