import DKIM
import Findings
import MailMessage

/// What filter mode does to one message — the report, our fields, the forged fields to
/// leave out — computed once for both hosts of that analysis: `filter` writes it as bytes
/// (``pieces(of:)``), the milter hands it to the MTA as header edits (``insertedFields``
/// and ``FilterHeaderEdit/removedFields``). One code path, so the two never disagree.
public struct FilterVerdict: Sendable {
    /// The message the verdict was made on (for a message over the size limit, its head).
    public let message: MailMessage
    public let report: MessageReport
    /// Where our fields go and which fields are left out.
    public let edit: FilterHeaderEdit
    /// Our fields, in the message's line ending, in the order they go at the top.
    public let fields: [UInt8]
    /// What the calendar part did (for a milter, across its recipients): the fields are made
    /// from it, and again from it when a calendar part is attached (``attaching(_:authservID:)``).
    public let recording: CalendarRecording

    /// The message as filter mode writes it: slices of `bytes` (the ones the verdict was
    /// made from) and our fields between them.
    public func pieces(of bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] { edit.pieces(of: bytes, inserting: fields) }

    /// Our fields one by one, as an MTA inserts them: the name, and the value after the
    /// colon (its leading space kept) with each line break inside it written as LF, the
    /// MTA's own line ending.
    public var insertedFields: [(name: String, value: [UInt8])] {
        var result: [(name: String, value: [UInt8])] = []
        let lines = fields.split(separator: 0x0A).map { $0.last == 0x0D ? $0.dropLast() : $0 }.filter { !$0.isEmpty }
        for line in lines {
            // RFC 5322 §2.2.3: a line starting with WSP continues the field above it.
            if line.first == 0x20 || line.first == 0x09, !result.isEmpty {
                result[result.count - 1].value += [0x0A] + line
            } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
                result.append((String(decoding: line[..<colon], as: UTF8.self), Array(line[(colon + 1)...])))
            }
        }
        return result
    }
}

extension Pipeline {
    /// Filter mode's analysis of a whole message: the pipeline (events written when
    /// trusted), then our fields and the edit.
    public func filter(_ bytes: [UInt8], limits: ParseLimits, authservID: String) -> FilterVerdict {
        filter(bytes, limits: limits, authservID: authservID) { report in
            var report = report
            record(&report)
            return CalendarRecording(report: report)
        }
    }

    /// ``filter(_:limits:authservID:)`` with the calendar part given by the caller: the
    /// milter records the one analysis into each envelope recipient's calendar. `recording`
    /// gets the analysed report (nothing written yet) and says what was written.
    public func filter(_ bytes: [UInt8], limits: ParseLimits, authservID: String,
                       recording: (MessageReport) -> CalendarRecording) -> FilterVerdict {
        let message = MailMessage(bytes: bytes, limits: limits)
        let recorded = recording(analyze(message))
        let edit = FilterHeaderEdit(scanning: bytes[...], authservID: authservID)
        return FilterVerdict(message: message, report: recorded.report, edit: edit,
                             fields: recorded.fields(authservID: authservID, lineEnding: edit.lineEnding), recording: recorded)
    }

    /// A message over a size limit: only its head is looked at (the first `parsedBytes` of
    /// it parsed, for its DKIM-Signature fields, which become neutral verdicts; all of
    /// `head` scanned for forged fields), nothing is trusted or written, and our
    /// X-Event-Suggestion says why (`none (not examined: …)`).
    public func filterUnexamined(head: [UInt8], parsedBytes: Int, because finding: Finding, limits: ParseLimits,
                                 authservID: String) -> FilterVerdict {
        let message = MailMessage(bytes: Array(head.prefix(parsedBytes)), limits: limits)
        let report = unexamined(message, because: finding)
        let edit = FilterHeaderEdit(scanning: head[...], authservID: authservID)
        return FilterVerdict(message: message, report: report, edit: edit,
                             fields: FilterOutput.fields(report: report, authservID: authservID, lineEnding: edit.lineEnding,
                                                         notExamined: finding.message),
                             recording: CalendarRecording(report: report))
    }
}

/// What the calendar part of filter's analysis did with one message: the report (with the
/// outcomes of the calendar it shows) and, for a milter's several envelope recipients, how
/// many recipients and distinct calendars there were and how many recipients got no event.
///
/// One copy of the message, with one set of our fields, goes to every recipient, so with
/// several recipients the fields must not tell one recipient about another's calendar
/// (DESIGN.md "Beyond one machine"). One recipient, or several sharing one calendar that
/// was written (a fixed `--calendar`): filter's own fields. Otherwise the fields show the
/// outcomes of the first calendar written (what the message yields: the events'
/// summaries, times and ids), no calendar's location, address or error text, and, when
/// some recipients got no event, one more field `error (not written for N of M
/// recipients)`; the log line names them and says why.
public struct CalendarRecording: Sendable {
    public var report: MessageReport
    /// Envelope recipients the message's reservations were recorded for: 1 for filter.
    public var recipients: Int
    /// Distinct calendars among them (recipients sharing one get it written once).
    public var calendars: Int
    /// Recipients whose calendar could not be had or written (wholly, or one of its parts).
    public var unwritten: Int

    public init(report: MessageReport, recipients: Int = 1, calendars: Int = 1, unwritten: Int = 0) {
        self.report = report
        self.recipients = recipients
        self.calendars = calendars
        self.unwritten = unwritten
    }

    /// Our fields: filter's own, or for several recipients the ones described above; with
    /// `attachment` (`--attach-event`), the lines of the events name the part or say why it
    /// was left out, as filter's do.
    func fields(authservID: String, lineEnding: [UInt8], attachment: CalendarPartAttachment.Result? = nil) -> [UInt8] {
        guard recipients > 1, calendars > 1 || unwritten > 0 else {
            guard let attachment else { return FilterOutput.fields(report: report, authservID: authservID, lineEnding: lineEnding) }
            return FilterOutput.fields(report: report, authservID: authservID, lineEnding: lineEnding, attachment: attachment)
        }
        var shown = report
        shown.calendarError = nil
        // A part's failure reason names the calendar: the count below says it instead.
        shown.outcomes = shown.outcomes.filter { $0.action != .failed }
        var output = FilterOutput.authenticationResults(
            AuthenticationResults.fieldValue(authservID: authservID, results: report.dkim), lineEnding: lineEnding)
        if !shown.outcomes.isEmpty {
            let suggestions = attachment.map { FilterOutput.suggestions(shown, attachment: $0) } ?? FilterOutput.suggestions(shown)
            for suggestion in suggestions { output += suggestion.fieldBytes(lineEnding: lineEnding) }
        }
        if unwritten > 0 {
            output += SuggestionField([.plain("error (not written for \(unwritten) of \(recipients) recipients)")])
                .fieldBytes(lineEnding: lineEnding)
        }
        return output
    }
}
