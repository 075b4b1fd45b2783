/// Where a recipient's calendar is: a `--calendar` folder or a `--caldav` URL with
/// `{recipient}` (the whole address), `{user}` (the local part, lowercased, a `+tag`
/// dropped) and `{domain}` (lowercased) in it, e.g. `https://dav.example/{domain}/{user}/reservations/`.
///
/// The template is the administrator's; the address is the sender's to choose (an envelope
/// recipient), so every value put in is made one safe path or URL segment: bytes outside
/// RFC 3986's unreserved set (§2.3) and `@` and `+` are percent-encoded (a `/` becomes
/// `%2F`, a `%` `%25`, so `%2e%2e` stays those six characters and a server that decodes
/// once never sees `..`); a value that is empty, starts with a dot or holds a control
/// character is refused rather than encoded. The same encoding serves both: a percent
/// sign is an ordinary character in a file name.
public struct CalendarAddressTemplate: Sendable, Hashable {
    public let text: String
    /// The placeholders in the template, in order.
    public let placeholders: [Placeholder]

    public enum Placeholder: String, Sendable, CaseIterable {
        case recipient, user, domain
    }

    /// Checks the template's braces: only the three placeholders, nothing unclosed.
    public init(_ text: String) throws(CalendarAddressError) {
        var found: [Placeholder] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard !rest[..<open].contains("}") else {
                throw CalendarAddressError(address: text, reason: "the template has a '}' without '{'")
            }
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw CalendarAddressError(address: text, reason: "the template has a '{' without '}'")
            }
            let name = rest[rest.index(after: open)..<close]
            guard let placeholder = Placeholder(rawValue: String(name)) else {
                throw CalendarAddressError(address: text, reason: "'{\(name)}' is no placeholder (there are {recipient}, {user} and {domain})")
            }
            found.append(placeholder)
            rest = rest[rest.index(after: close)...]
        }
        guard !rest.contains("}") else {
            throw CalendarAddressError(address: text, reason: "the template has a '}' without '{'")
        }
        self.text = text
        placeholders = found
    }

    /// True when the address is the same for every recipient.
    public var isFixed: Bool { placeholders.isEmpty }

    /// The address for `recipient` (an RFC 5321 mailbox, with or without angle brackets).
    /// A fixed template needs no recipient.
    public func address(for recipient: String?) throws(CalendarAddressError) -> String {
        guard !isFixed else { return text }
        guard let recipient, !recipient.isEmpty else {
            throw CalendarAddressError(address: text, reason: "the calendar template needs a recipient (--recipient, or $RECIPIENT from the mail server)")
        }
        let parts = try RecipientParts(recipient)
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let value: String
            switch Placeholder(rawValue: String(rest[rest.index(after: open)..<close]))! {
            case .recipient: value = parts.address
            case .user: value = parts.user
            case .domain: value = parts.domain
            }
            result += try Self.segment(value, recipient: recipient)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// One safe segment: percent-encoded (RFC 3986 §2.1), never empty, never a dot segment
    /// (§3.3, §5.2.4: `.` and `..`; a leading dot is refused altogether, which also keeps
    /// hidden folders out), never a control character (RFC 5321 §4.1.2 allows none).
    static func segment(_ value: String, recipient: String) throws(CalendarAddressError) -> String {
        guard !value.isEmpty else {
            throw CalendarAddressError(address: recipient, reason: "the recipient leaves a part of the calendar address empty")
        }
        guard !value.hasPrefix(".") else {
            throw CalendarAddressError(address: recipient, reason: "a part of the calendar address may not start with a dot")
        }
        var encoded = ""
        for byte in value.utf8 {
            guard byte >= 0x20 && byte != 0x7F else {
                throw CalendarAddressError(address: recipient, reason: "the recipient holds a control character")
            }
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "@"), UInt8(ascii: "+"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}

/// An address split for the template: the whole (local part as written, domain lowercased),
/// the user (local part lowercased, `+tag` dropped), the domain.
struct RecipientParts {
    var address: String
    var user: String
    var domain: String

    init(_ recipient: String) throws(CalendarAddressError) {
        var text = Substring(recipient)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        if text.hasPrefix("<") && text.hasSuffix(">") { text = text.dropFirst().dropLast() }
        // RFC 5321 §4.1.2: Mailbox = Local-part "@" Domain; the local part may be a quoted string
        // holding "@", so the domain starts after the last one.
        guard let at = text.lastIndex(of: "@") else {
            throw CalendarAddressError(address: recipient, reason: "the recipient is no address (no '@')")
        }
        var local = String(text[..<at])
        let domain = String(text[text.index(after: at)...]).lowercased()
        if local.count >= 2 && local.hasPrefix("\"") && local.hasSuffix("\"") {
            // A quoted local part (RFC 5321 §4.1.2 Quoted-string): its content, quoted-pairs undone.
            var unquoted = ""
            var escaped = false
            for character in local.dropFirst().dropLast() {
                if escaped || character != "\\" { unquoted.append(character); escaped = false } else { escaped = true }
            }
            local = unquoted
        }
        // The +tag convention (Postfix recipient_delimiter): alice+travel is alice.
        let user = String(local.lowercased().prefix { $0 != "+" })
        address = local + "@" + domain
        self.user = user
        self.domain = domain
    }
}

public struct CalendarAddressError: Error, Sendable, Equatable, CustomStringConvertible {
    public var address: String
    public var reason: String
    public var description: String { "\(address): \(reason)" }
}
