import CryptoOpenSSL
import ICalendar
import MailMessage

/// The `text/calendar; method=PUBLISH` body part (RFC 6047 iMIP, RFC 5546 §3.2.1) that
/// `filter --attach-event` adds to a message: its header fields and its content, base64 in
/// lines of 76 characters (RFC 2045 §6.8), so no line of the iCalendar text, whatever its
/// length or bytes, can break the 998-octet limit or meet an 8-bit-unclean hop.
struct CalendarPart: Sendable, Hashable {
    /// The iCalendar text (CRLF line endings inside, as RFC 5545 §3.1 wants).
    var calendarText: String
    /// The part's `Content-ID` without angle brackets (RFC 2392): what `X-Event-Suggestion`
    /// names as `part=cid:…`.
    var contentID: String

    /// `Content-ID: <eventsuggest.HASH@ID>`: the hash of the calendar text makes it unique per
    /// content, the right side is our authserv-id when it is a dot-atom (RFC 5322 §3.6.4),
    /// else `eventsuggest.invalid` (RFC 2606).
    init(calendarText: String, authservID: String) {
        self.calendarText = calendarText
        let hash = SHA256.hash(Array(calendarText.utf8)).hexString.prefix(20)
        let isDotAtom = !authservID.isEmpty && !authservID.hasPrefix(".") && !authservID.hasSuffix(".")
            && !authservID.contains("..")
            && authservID.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-.".unicodeScalars.contains($0)) }
        contentID = "eventsuggest.\(hash)@\(isDotAtom ? authservID.lowercased() : "eventsuggest.invalid")"
    }

    /// The part's header fields and the empty line, in `lineEnding`.
    ///
    /// - `Content-Type: text/calendar; charset=UTF-8; method=PUBLISH; component=VEVENT`:
    ///   RFC 6047 §2.4 wants `method` to match the object's METHOD; `component` (RFC 5546
    ///   §6.2) is what Outlook and Evolution read to pick the kind of item.
    /// - `Content-Disposition: inline; filename="event.ics"`: inline is what Thunderbird's
    ///   iMIP bar and Evolution's itip formatter are given when they format the message
    ///   body; the file name is what Apple Mail, Gmail and Outlook show on the attachment
    ///   they offer to add (see the issue note for the readers' sources).
    func headerBytes(lineEnding: [UInt8]) -> [UInt8] {
        let fields = [
            "Content-Type: text/calendar; charset=UTF-8; method=PUBLISH; component=VEVENT",
            "Content-Transfer-Encoding: base64",
            "Content-Disposition: inline; filename=\"event.ics\"",
            "Content-ID: <\(contentID)>",
            "Content-Description: events found in this message by eventsuggest",
        ]
        return fields.flatMap { Array($0.utf8) + lineEnding } + lineEnding
    }

    /// The content as base64 lines, each ended by `lineEnding` — the last one too: the line
    /// ending before the next delimiter belongs to the delimiter (RFC 2046 §5.1.1).
    func contentBytes(lineEnding: [UInt8]) -> [UInt8] {
        Self.base64Lines(Array(calendarText.utf8), lineEnding: lineEnding)
    }

    /// RFC 2045 §6.8: base64 with lines of at most 76 characters.
    static func base64Lines(_ bytes: [UInt8], lineEnding: [UInt8]) -> [UInt8] {
        Base64Encoder.lines(bytes, lineEnding: lineEnding)
    }
}
