import EventSuggest
import Findings
import Mailbox
import Milter

/// One message through the milter: the header fields and body as the MTA sends them,
/// rebuilt into the message's bytes, and at its end `filter`'s own analysis
/// (``Pipeline/filter(_:limits:authservID:)``), whose edits go back to the MTA as header
/// changes. Never rejects; touches the body only with `--attach-event`. With
/// ``MilterSettings/calendars`` the one analysis is recorded into each envelope
/// recipient's calendar (``RecipientCalendars``).
///
/// The bytes are rebuilt as they were sent: `name:value` with the value's leading space
/// (libmilter's SMFIP_HDR_LEADSPC), CRLF line endings (RFC 5322 §2.1; the MTA may hand
/// folded values over with bare LF), the empty line, the body. A body that takes the
/// message past `message-bytes` is no longer kept: the message is passed on unexamined with
/// our fields saying so, forged ones removed, as `filter` does.
public final class MilterSession: MilterMessage {
    private let settings: MilterSettings
    private var recipients: [String] = []
    private var bytes: [UInt8] = []
    /// The size of the header block, empty line included, once it has ended.
    private var headerLength: Int?
    /// The message's size as sent, counted also after the body stopped being kept.
    private var size = 0
    private var overLimit = false
    /// `--attach-event`: the events also travel in the message as a calendar part.
    private let attachesEvents: Bool

    public init(settings: MilterSettings, attachesEvents: Bool = false) {
        self.settings = settings
        self.attachesEvents = attachesEvents
    }

    public func envelopeRecipient(_ address: String) { recipients.append(address) }

    public func headerField(name: [UInt8], value: [UInt8]) {
        bytes += name
        bytes.append(UInt8(ascii: ":"))
        Self.appendWithCRLF(value, to: &bytes)
        bytes += [0x0D, 0x0A]
        size = bytes.count
    }

    public func endOfHeader() {
        bytes += [0x0D, 0x0A]
        size = bytes.count
        headerLength = bytes.count
    }

    public func bodyChunk(_ chunk: UnsafeRawBufferPointer) {
        size += chunk.count
        if overLimit { return }
        if size > settings.maxMessageBytes {
            // Only the head is needed from here on: the header, for its signatures and forged fields.
            overLimit = true
            bytes = Array(bytes[..<(headerLength ?? bytes.count)])
            return
        }
        bytes.append(contentsOf: chunk)
    }

    public func endOfMessage(queueID: String?) -> MilterDecision {
        let pipeline = settings.pipeline.current
        let verdict: FilterVerdict
        var calendars: [RecipientCalendars.Written] = []
        if overLimit {
            let tooLarge = Finding(
                code: .messageTooLarge,
                message: "message of more than \(settings.maxMessageBytes) bytes (limit message-bytes)")
            verdict = pipeline.filterUnexamined(head: bytes, parsedBytes: bytes.count, because: tooLarge,
                                                limits: settings.parseLimits, authservID: settings.authservID)
        } else if let recipientCalendars = settings.calendars {
            // One analysis, recorded into each recipient's calendar.
            verdict = pipeline.filter(bytes, limits: settings.parseLimits, authservID: settings.authservID) { report in
                let recorded = recipientCalendars.record(report, for: recipients, pipeline: pipeline)
                calendars = recorded.calendars
                return recorded.recording
            }
        } else {
            verdict = pipeline.filter(bytes, limits: settings.parseLimits, authservID: settings.authservID)
        }
        settings.log(MilterLogLine(queueID: queueID, recipients: recipients, size: size, verdict: verdict,
                                   calendars: calendars).text)
        // DESIGN: DESIGN.md says the milter never changes the body; --attach-event (issue 22,
        // off by default) does, as filter's does: a departure the issue asks for.
        if attachesEvents && !overLimit {
            return MilterAttachmentEdits.decision(for: verdict, authservID: settings.authservID,
                                                  maximumMessageBytes: settings.maxMessageBytes)
        }
        return .edit(Self.edits(verdict))
    }

    /// The verdict in the MTA's terms: filter's removed fields by name and occurrence, our
    /// fields to insert at the top.
    static func edits(_ verdict: FilterVerdict) -> MilterHeaderEdits {
        MilterHeaderEdits(
            deletions: verdict.edit.removedFields.map { HeaderFieldReference(name: $0.name, index: $0.index) },
            insertions: verdict.insertedFields.map { HeaderFieldText(name: $0.name, value: $0.value) })
    }

    /// Appends `value` with every bare LF written as CRLF.
    static func appendWithCRLF(_ value: [UInt8], to bytes: inout [UInt8]) {
        var previous: UInt8 = 0
        for byte in value {
            if byte == 0x0A && previous != 0x0D { bytes.append(0x0D) }
            bytes.append(byte)
            previous = byte
        }
    }
}
