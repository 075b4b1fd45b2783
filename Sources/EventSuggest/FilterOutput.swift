import DKIM
import Findings
import ICalendar
import MailMessage
import SchemaMarkup

/// The message as filter mode hands it back: our `Authentication-Results` and
/// `X-Event-Suggestion` fields inserted at the top (after an mbox envelope line), earlier
/// fields that claim to be ours left out (``FilterHeaderEdit``), every other byte unchanged.
public enum FilterOutput {
    /// The whole output as one array (tests, small messages). Filter mode writes
    /// ``pieces(of:report:authservID:)`` instead, so a large message is never copied.
    public static func rewrite(_ message: MailMessage, report: MessageReport, authservID: String) -> [UInt8] {
        Array(pieces(of: message.bytes[...], report: report, authservID: authservID).joined())
    }

    /// The output in pieces: slices of `bytes` and our fields between them.
    /// - Parameter notExamined: why the message was not examined (over a size limit), said in
    ///   `X-Event-Suggestion: none (not examined: …)`.
    public static func pieces(of bytes: ArraySlice<UInt8>, report: MessageReport, authservID: String,
                              notExamined: String? = nil) -> [ArraySlice<UInt8>] {
        let edit = FilterHeaderEdit(scanning: bytes, authservID: authservID)
        return edit.pieces(of: bytes, inserting: fields(report: report, authservID: authservID, lineEnding: edit.lineEnding,
                                                        notExamined: notExamined))
    }

    /// Our fields for a message the pipeline analysed (or, with `notExamined`, did not).
    public static func fields(report: MessageReport, authservID: String, lineEnding: [UInt8],
                              notExamined: String? = nil) -> [UInt8] {
        var output = authenticationResults(AuthenticationResults.fieldValue(authservID: authservID, results: report.dkim),
                                           lineEnding: lineEnding)
        if let notExamined {
            return output + SuggestionField([.plain("none ("), .text("not examined: \(notExamined)"), .plain(")")])
                .fieldBytes(lineEnding: lineEnding)
        }
        for suggestion in suggestions(report) {
            output += suggestion.fieldBytes(lineEnding: lineEnding)
        }
        return output
    }

    /// Our fields when nothing could be analysed because eventsuggest itself is not set up
    /// (a usage or configuration error, a missing file): RFC 8601 §2.7.1 `dkim=temperror`
    /// for a signed message (verifying it again once the setup is fixed may give another
    /// answer), `dkim=none` for an unsigned one, each with the problem as a comment; and
    /// `X-Event-Suggestion: error (…)`.
    public static func setupFailureFields(problem: String, isSigned: Bool, authservID: String,
                                          lineEnding: [UInt8]) -> [UInt8] {
        let results = isSigned
            ? [DKIMResult(outcome: .temperror, reason: "not verified: eventsuggest is not set up: \(problem)", line: 0)] : []
        var value = AuthenticationResults.fieldValue(authservID: authservID, results: results)
        if !isSigned { value += " (not verified: eventsuggest is not set up: \(commentSafe(problem)))" }
        return authenticationResults(value, lineEnding: lineEnding)
            + SuggestionField([.plain("error ("), .text("not examined: \(problem)"), .plain(")")])
                .fieldBytes(lineEnding: lineEnding)
    }

    /// What was found and done, one field per event, e.g.
    /// `created "EPIC Steak — table for 2" 2020-06-26T19:30:00-07:00; id=IWDSCA`.
    public static func suggestions(_ report: MessageReport) -> [SuggestionField] {
        if let error = report.calendarError {
            return [SuggestionField([.plain("error ("), .text("calendar not written: \(error)"), .plain(")")])]
        }
        // A missing libxml2 is eventsuggest's own setup failing, not a message without
        // markup: say so, as for any other part of the setup that is missing.
        if report.reservations.isEmpty, let unread = report.findings.first(where: { $0.has(.markupLibraryUnavailable) }) {
            return [SuggestionField([.plain("error ("), .text("markup not read: \(unread.message)"), .plain(")")])]
        }
        guard report.decision.trusted else {
            return report.reservations.isEmpty
                ? [SuggestionField([.plain("none (no trusted reservation markup)")])]
                : [SuggestionField([.plain("ignored (\(report.reservations.count) reservation(s) from an untrusted sender: "),
                                    .text(report.decision.reason), .plain(")")])]
        }
        if report.reservations.isEmpty { return [SuggestionField([.plain("none (no reservation markup)")])] }
        if report.outcomes.isEmpty {
            return [SuggestionField([.plain("found \(report.reservations.count) reservation(s); no calendar folder given")])]
        }
        return report.outcomes.map { outcome in
            var pieces: [SuggestionField.Piece] = [.plain(outcome.action.rawValue)]
            if let summary = outcome.summary { pieces += [.plain(" \""), .text(summary), .plain("\"")] }
            if let start = outcome.start { pieces.append(.plain(" \(start)")) }
            if let id = outcome.reservationID { pieces.append(.plain("; id=\(id)")) }
            if outcome.action == .skipped, let code = outcome.code { pieces.append(.plain("; \(code)")) }
            if outcome.action == .failed { pieces += [.plain("; not written: "), .text(outcome.reason ?? "unknown error")] }
            return SuggestionField(pieces)
        }
    }

    /// The texts of ``suggestions(_:)`` as a reader sees them after decoding.
    public static func suggestionLines(_ report: MessageReport) -> [String] { suggestions(report).map(\.text) }

    /// `Authentication-Results: value` with the value's own folding (`\r\n\t` between results)
    /// in the message's line ending. The value is ASCII: DKIM's comments are made safe there.
    static func authenticationResults(_ value: String, lineEnding: [UInt8]) -> [UInt8] {
        let lines = value.split(separator: "\r\n\t", omittingEmptySubsequences: false).enumerated().map { index, line in
            Array(((index == 0 ? "Authentication-Results: " : "\t") + SuggestionField.asciiSafe(String(line))).utf8)
        }
        return Array(lines.joined(separator: lineEnding)) + lineEnding
    }

    /// Text that never breaks out of an RFC 5322 comment (nested comments kept, §3.2.2).
    static func commentSafe(_ text: String) -> String {
        AuthenticationResults.commentSafe(SuggestionField.singleLine(text))
    }
}
