import CommandLineOptions
import DKIM
import Findings
import Mailbox
import MailMessage
import SchemaMarkup

/// Every bound the parts put on hostile input, in one value the commands pass down.
struct InputLimits: Sendable {
    var mailbox = MailboxLimits.default
    var message = ParseLimits.default
    var dkim = DKIMLimits.default
    var markup = MarkupLimits()

    static let `default` = InputLimits()
}

/// One limit a user may change with `--limit NAME=N`.
struct NamedLimit: Sendable {
    let name: String
    /// What it bounds and what happens past it, for `eventsuggest help limits`.
    let summary: String
    /// The finding code (or DKIM reason) that reports it being hit.
    let reportedAs: String
    let keyPath: WritableKeyPath<InputLimits, Int> & Sendable
    let minimum: Int
}

/// `--limit NAME=N` (repeatable, also in the configuration file): the input limits of
/// the parts, named as in `eventsuggest help limits`.
struct LimitOptions: OptionGroup {
    static let limit = OptionDeclaration.value(
        "limit", "NAME=N", "Change an input limit, e.g. --limit header-fields=5000 (see 'eventsuggest help limits').",
        collected: true, completion: .suggestions(all.map { $0.name + "=" }))
    static let options = [limit]

    /// The defaults with every `--limit` applied in order (a later one for the same name wins).
    var limits: InputLimits

    init(parsing values: ParsedValues) throws(UsageError) {
        limits = try Self.limits(values.strings(Self.limit), command: values.command)
    }

    static let all: [NamedLimit] = [
        NamedLimit(name: "message-bytes", summary: "largest message read; a larger one is skipped (filter passes it on unexamined)",
                   reportedAs: FindingCode.messageTooLarge.id, keyPath: \.mailbox.maxMessageBytes, minimum: 1),
        NamedLimit(name: "header-bytes", summary: "bytes of one header block; the fields past it are ignored",
                   reportedAs: FindingCode.headerTooLarge.id, keyPath: \.message.maxHeaderBytes, minimum: 1),
        NamedLimit(name: "header-fields", summary: "fields of one header block; the rest are ignored",
                   reportedAs: FindingCode.tooManyHeaderFields.id, keyPath: \.message.maxHeaderFields, minimum: 1),
        NamedLimit(name: "mime-depth", summary: "nesting of multiparts; a deeper one is kept as one part",
                   reportedAs: FindingCode.mimeDepthExceeded.id, keyPath: \.message.maxMIMEDepth, minimum: 1),
        NamedLimit(name: "mime-parts", summary: "MIME parts of one message; the rest are ignored",
                   reportedAs: FindingCode.tooManyParts.id, keyPath: \.message.maxParts, minimum: 1),
        NamedLimit(name: "decoded-bytes", summary: "bytes one part decodes to; the rest is ignored",
                   reportedAs: FindingCode.decodedSizeExceeded.id, keyPath: \.message.maxDecodedBytes, minimum: 1),
        NamedLimit(name: "dkim-signatures", summary: "DKIM signatures evaluated per message; later ones are neutral",
                   reportedAs: FindingCode.tooManySignatures.id, keyPath: \.dkim.maxSignatures, minimum: 1),
        NamedLimit(name: "dns-queries", summary: "DKIM key lookups per message; signatures past it are neutral",
                   reportedAs: FindingCode.dnsQueryLimit.id, keyPath: \.dkim.maxKeyLookups, minimum: 1),
        NamedLimit(name: "rsa-bits", summary: "largest RSA key accepted; a larger one is a permerror",
                   reportedAs: FindingCode.rsaKeyTooLarge.id, keyPath: \.dkim.maxRSABits, minimum: 1024),
        NamedLimit(name: "html-bytes", summary: "largest HTML part parsed for markup; a larger one is not read",
                   reportedAs: FindingCode.htmlTooLarge.id, keyPath: \.markup.html.maxBytes, minimum: 1),
        NamedLimit(name: "html-depth", summary: "element nesting kept from one HTML part; deeper content is ignored",
                   reportedAs: FindingCode.htmlDepthExceeded.id, keyPath: \.markup.html.maxDepth, minimum: 1),
        NamedLimit(name: "json-bytes", summary: "bytes of one JSON-LD script; a larger one is not read",
                   reportedAs: FindingCode.jsonTooLarge.id, keyPath: \.markup.maxJSONBytes, minimum: 1),
        NamedLimit(name: "json-depth", summary: "nesting of one JSON-LD script (at most 512); a deeper one is not read",
                   reportedAs: FindingCode.jsonTooDeep.id, keyPath: \.markup.maxJSONDepth, minimum: 1),
        NamedLimit(name: "microdata-items", summary: "Microdata items of one HTML part; the rest are ignored",
                   reportedAs: FindingCode.tooManyItems.id, keyPath: \.markup.maxItems, minimum: 1),
        NamedLimit(name: "item-depth", summary: "nesting of Microdata items, itemref chains included; inner items are ignored",
                   reportedAs: FindingCode.itemTooDeep.id, keyPath: \.markup.maxItemDepth, minimum: 1),
        NamedLimit(name: "events", summary: "reservation parts (events) taken from one message; the rest are ignored",
                   reportedAs: FindingCode.tooManyReservations.id, keyPath: \.markup.maxReservations, minimum: 1),
    ]

    /// The defaults with every `--limit` applied in order (a later one for the same name wins).
    static func limits(_ settings: [String], command: String) throws(UsageError) -> InputLimits {
        var limits = InputLimits.default
        for setting in settings {
            guard let equals = setting.firstIndex(of: "="),
                  let limit = all.first(where: { $0.name == setting[..<equals] }) else {
                throw UsageError(message: "--limit wants NAME=N with NAME one of "
                    + all.map(\.name).joined(separator: ", ") + "; not '\(setting)'", command: command)
            }
            let text = setting[setting.index(after: equals)...]
            guard let value = parseAmount(text), value >= limit.minimum else {
                throw UsageError(message: "--limit \(limit.name) wants a whole number of at least \(limit.minimum) "
                    + "(K, M, G for ×1024), not '\(text)'", command: command)
            }
            limits[keyPath: limit.keyPath] = value
        }
        return limits
    }

    /// `250`, `64K`, `16M`, `1G` (powers of 1024). nil for anything else or a value that overflows.
    static func parseAmount(_ text: Substring) -> Int? {
        var digits = text
        var scale = 1
        if let last = text.last, let power = ["k": 10, "m": 20, "g": 30][last.lowercased()] {
            scale = 1 << power
            digits = text.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else { return nil }
        let (product, overflow) = number.multipliedReportingOverflow(by: scale)
        return overflow ? nil : product
    }

    /// `eventsuggest help limits`.
    static var helpText: String {
        var text = """
            usage: eventsuggest COMMAND --limit NAME=N [--limit NAME=N ...]

            Input limits. Mail from anyone meets these bounds. Hitting one is a finding with
            the code in brackets (a DKIM limit also gives the signature its verdict), and the
            rest of the message is still handled. N may end in K, M or G (×1024). In a
            configuration file: 'limit NAME=N', one per line.


            """
        for limit in all {
            text += "  \(limit.name)=\(amountText(InputLimits.default[keyPath: limit.keyPath]))\n"
                + "      \(limit.summary) [\(limit.reportedAs)]\n"
        }
        return text
    }

    /// 64M for 67108864: the shortest spelling ``parseAmount`` reads back.
    static func amountText(_ value: Int) -> String {
        for (suffix, power) in [("G", 30), ("M", 20), ("K", 10)] where value >= 1 << power && value % (1 << power) == 0 {
            return "\(value >> power)\(suffix)"
        }
        return String(value)
    }
}
