import DKIM
import Findings
import ICalendar
import MailMessage
import SchemaMarkup
import SenderPolicy

/// One message through the parts of DESIGN.md, one way: DKIM verdicts → sender policy →
/// markup from the message's own HTML parts → reservations → calendar events.
public struct Pipeline: Sendable {
    public var verifier: DKIMVerifier
    public var policy: SenderPolicy
    public var extractor: MarkupExtractor
    /// nil: find and report, write nothing.
    public var store: CalendarStore?

    public init(verifier: DKIMVerifier, policy: SenderPolicy, extractor: MarkupExtractor = .init(), store: CalendarStore?) {
        self.verifier = verifier
        self.policy = policy
        self.extractor = extractor
        self.store = store
    }

    /// Everything but the calendar: pure and safe to run on many messages in parallel.
    ///
    /// The fields that decide what happens are read through the deciding signature's
    /// ``SignedHeaderView``: the Date of the report (the version rule's) is the signed Date
    /// only, nil when there is none the signature covers or it is more than a day ahead of
    /// the verifier's clock (`--now`).
    public func analyze(_ message: MailMessage) -> MessageReport {
        let dkim = verifier.verify(message)
        let decision = policy.decide(message, dkim: dkim)
        let markup = MessageMarkup.extract(from: message, using: extractor)
        var findings = message.findings + dkim.limitFindings + decision.findings
        if decision.code == FindingCode.keyInTestingMode.id {
            findings.append(Finding(code: .keyInTestingMode, message: decision.reason))
        }
        findings += markup.findings
        var date: Int64?
        if decision.trusted, let view = decision.headerView {
            let reading = view.date(now: verifier.now)
            date = reading.secondsSince1970
            if let finding = reading.finding { findings.append(finding) }
        }
        if !decision.trusted && !markup.reservations.isEmpty {
            findings.append(Finding(
                code: .senderNotTrusted,
                message: "\(markup.reservations.count) reservation(s) found but not used: \(decision.reason)"))
        }
        // The identity written into events is the signed Message-ID; an untrusted message
        // writes nothing, so its report shows the message's own, for finding it in a log.
        let messageID = decision.trusted
            ? decision.headerView.flatMap { MailMessage.messageID(in: $0.signedInstance(of: .messageID)) }
            : message.messageID
        return MessageReport(
            messageID: messageID, from: message.author, date: date, dkim: dkim,
            decision: decision, reservations: markup.reservations, outcomes: [], findings: findings)
    }

    /// Whether ``record(_:)`` would write anything for this report: a calendar folder, a
    /// trusted sender, reservations.
    public func writesEvents(for report: MessageReport) -> Bool {
        store != nil && report.decision.trusted && report.decision.domain != nil && !report.reservations.isEmpty
    }

    /// Writes the report's reservations to the calendar, when trusted. A failing calendar
    /// folder is recorded in the report, not thrown: the message must still be delivered.
    public func record(_ report: inout MessageReport) {
        guard let store else { return }
        report = record(report, into: store)
    }

    /// ``record(_:)`` into another calendar than the pipeline's own: the milter's, one per
    /// envelope recipient (made by the caller from the same `now`, mapping and options).
    /// The report comes back with that calendar's outcomes; `report` itself is the analysis,
    /// so one analysis can be recorded into several calendars.
    public func record(_ report: MessageReport, into store: CalendarStore) -> MessageReport {
        var report = report
        guard report.decision.trusted, !report.reservations.isEmpty, let domain = report.decision.domain else { return report }
        // The reservation is named by the signer's organizational domain, as alignment reads it:
        // `d=mail.sender.example` and `d=sender.example` cancel and update each other's events.
        let organization = policy.publicSuffixes.organizationalDomain(of: domain) ?? domain
        let source = ReservationSource(domain: domain, organizationalDomain: organization, messageID: report.messageID,
                                       messageDate: report.date)
        do {
            let write = try store.write(report.reservations, from: source)
            report.outcomes = write.outcomes
            // A part that could not be written (disk full) did not stop the others: its
            // `failed` outcome says so (the filter lists it, scan fails); `calendarError` is
            // kept for a calendar that could not be used at all.
            for failure in write.outcomes where failure.action == .failed {
                report.findings.append(Finding(code: .calendarUnwritable,
                                               message: failure.reason ?? "\(store.directory): cannot write the event"))
            }
            if write.removedTemporaryFiles > 0 {
                report.findings.append(Finding(
                    code: .staleTemporaryFilesRemoved,
                    message: "removed \(write.removedTemporaryFiles) temporary file(s) an interrupted writer left in "
                        + "\(store.directory) (no event was lost: a temporary file is never an event)"))
            }
        } catch {
            report.calendarError = error.description
            report.findings.append(Finding(code: .calendarUnwritable, message: error.description))
        }
        return report
    }

    /// A message the pipeline does not examine (over a size limit): each signature is
    /// reported neutral with the finding's message, nothing is trusted or extracted.
    public func unexamined(_ message: MailMessage, because finding: Finding) -> MessageReport {
        let dkim = message.header.fields(named: "DKIM-Signature").map { field in
            DKIMResult(outcome: .neutral, reason: "not evaluated: \(finding.message)", line: field.line)
        }
        // Nothing is trusted here, so no Date is used (``analyze(_:)``'s rule).
        return MessageReport(
            messageID: message.messageID, from: message.author, date: nil, dkim: dkim,
            decision: policy.decide(message, dkim: dkim), reservations: [], outcomes: [], findings: [finding])
    }

    public func process(_ message: MailMessage) -> MessageReport {
        var report = analyze(message)
        record(&report)
        return report
    }
}

extension [DKIMResult] {
    /// A limit that decided a verdict is a finding too, so it shows with its code wherever findings do.
    public var limitFindings: [Finding] {
        compactMap { result in
            result.limitCode.map { code in
                Finding(code: code, message: "DKIM-Signature: \(result.reason ?? code.id)",
                        location: SourceLocation(line: result.line))
            }
        }
    }
}
