import EventSuggest
import ICalendar

/// Each envelope recipient's calendar (DESIGN.md "Beyond one machine"): the `--calendar`
/// or `--caldav` template filled in for the recipient, and the one analysis of a message
/// recorded into every distinct one of them.
///
/// Several recipients with the same calendar (a fixed template, `a+x@` and `a+y@` under
/// `{user}`) get it written once. A recipient whose calendar cannot be had or written gets
/// no event; the mail still passes (also with `--on-error tempfail`, which is for failures
/// of the milter itself). The verdict shows the first calendar written, in envelope order
/// (``CalendarRecording``).
public struct RecipientCalendars: Sendable {
    /// The recipient's calendar collection: `CalendarDestination.collection(for:)`.
    public let collection: @Sendable (String) -> any CalendarCollection

    public init(collection: @escaping @Sendable (String) -> any CalendarCollection) {
        self.collection = collection
    }

    /// What writing one message did for one calendar, for the log line.
    public struct Written: Sendable {
        /// The recipients (brackets stripped) this calendar was written for.
        public var recipients: [String]
        public var report: MessageReport

        /// Whether the calendar took the message: usable, and not every part failed.
        public var isWritten: Bool {
            report.calendarError == nil && !report.outcomes.allSatisfy { $0.action == .failed }
        }
    }

    /// The analysed `report` recorded into the calendar of each of `recipients` (as
    /// libmilter hands them over, `<a@b>`), by `pipeline` (its clock, mapping, options:
    /// its own store is the prototype). Nothing is written when the pipeline writes
    /// nothing for the report (no calendar, untrusted, no reservations).
    public func record(_ report: MessageReport, for recipients: [String], pipeline: Pipeline)
        -> (recording: CalendarRecording, calendars: [Written]) {
        guard let prototype = pipeline.store, pipeline.writesEvents(for: report), !recipients.isEmpty else {
            var report = report
            pipeline.record(&report)
            return (CalendarRecording(report: report), [])
        }
        var order: [String] = []
        var calendars: [String: (store: CalendarStore, recipients: [String])] = [:]
        for recipient in recipients.map(Self.address) {
            var store = prototype
            store.collection = collection(recipient)
            let location = store.collection.location
            if calendars[location] == nil {
                order.append(location)
                calendars[location] = (store, [])
            }
            calendars[location]?.recipients.append(recipient)
        }
        let written = order.compactMap { location in calendars[location] }.map { calendar in
            Written(recipients: calendar.recipients, report: pipeline.record(report, into: calendar.store))
        }
        let unwritten = written.filter { !$0.isWritten }.map(\.recipients.count).reduce(0, +)
        // The contract with the verdict's users (the log, --attach-event): the outcomes of
        // the first recipient whose calendar was written; none written, the first one's.
        let shown = written.first(where: \.isWritten)?.report ?? written[0].report
        return (CalendarRecording(report: shown, recipients: recipients.count, calendars: written.count,
                                  unwritten: unwritten), written)
    }

    /// The address without the angle brackets of the SMTP path (RFC 5321 §4.1.2) and
    /// surrounding space: `<Alice@Example.org>` is `Alice@Example.org`.
    static func address(_ recipient: String) -> String {
        var text = Substring(recipient).drop { $0 == " " || $0 == "\t" }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        if text.first == "<" && text.last == ">" && text.count >= 2 { text = text.dropFirst().dropLast() }
        return String(text)
    }
}
