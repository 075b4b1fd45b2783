@testable import DNS

/// A name as it is written into a hand-built packet.
enum WireName {
    /// Uncompressed labels, `a.b.example` → 1 a 1 b 7 example 0.
    case text(String)
    /// Only a compression pointer to `offset`.
    case pointer(Int)
    /// Labels, then a pointer to `offset` for the rest of the name.
    case labels(String, then: Int)

    var bytes: [UInt8] {
        switch self {
        case .text(let text): Self.labelBytes(text) + [0]
        case .pointer(let offset): Self.pointerBytes(offset)
        case .labels(let text, let offset): Self.labelBytes(text) + Self.pointerBytes(offset)
        }
    }

    private static func labelBytes(_ text: String) -> [UInt8] {
        text.split(separator: ".").flatMap { [UInt8($0.utf8.count)] + Array($0.utf8) }
    }

    private static func pointerBytes(_ offset: Int) -> [UInt8] {
        [0xC0 | UInt8(offset >> 8), UInt8(offset & 0xFF)]
    }
}

/// One resource record for `response(…)`.
struct WireRecord {
    var owner: WireName
    var type: UInt16
    var `class`: UInt16 = 1
    var ttl: UInt32 = 300
    var data: [UInt8]
    /// Written instead of `data.count` when set, to build lying lengths.
    var claimedLength: Int?

    static func txt(_ owner: WireName, _ strings: [String]) -> WireRecord {
        WireRecord(owner: owner, type: 16, data: strings.flatMap { [UInt8($0.utf8.count)] + Array($0.utf8) })
    }

    static func cname(_ owner: WireName, _ target: WireName) -> WireRecord {
        WireRecord(owner: owner, type: 5, data: target.bytes)
    }

    static func a(_ owner: WireName) -> WireRecord {
        WireRecord(owner: owner, type: 1, data: [127, 0, 0, 2])
    }

    var bytes: [UInt8] {
        let length = claimedLength ?? data.count
        return owner.bytes + be16(type) + be16(`class`) + be16(UInt16(ttl >> 16)) + be16(UInt16(ttl & 0xFFFF))
            + be16(UInt16(length)) + data
    }
}

func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

/// The name every hand-built response asks about; it starts at byte 12 of the packet.
let askedName = "sel._domainkey.example.com"
let questionOffset = 12

/// A response packet: header (QR and RA set, RD echoed), one TXT/IN question for
/// `question`, then `answers`. Counts are the real ones unless overridden.
func response(
    rcode: UInt8 = 0, truncated: Bool = false, isResponse: Bool = true,
    question: String = askedName, questionType: UInt16 = 16,
    answers: [WireRecord] = [], questionCount: Int? = nil, answerCount: Int? = nil
) -> [UInt8] {
    var flags: UInt16 = 0x0180 | UInt16(rcode)
    if isResponse { flags |= 0x8000 }
    if truncated { flags |= 0x0200 }
    var bytes = be16(0x1234) + be16(flags)
    bytes += be16(UInt16(questionCount ?? 1)) + be16(UInt16(answerCount ?? answers.count)) + be16(0) + be16(0)
    bytes += WireName.text(question).bytes + be16(questionType) + be16(1)
    for answer in answers { bytes += answer.bytes }
    return bytes
}

/// Runs the TXT interpretation the resolver runs on a response to `askedName`.
func interpret(_ bytes: [UInt8], budget: Int = DNSResolver.maxCNAMEHops) throws(DNSError) -> TXTAnswer {
    var budget = budget
    return try DNSMessage.txtAnswer(
        from: bytes, question: try DNSName(validating: askedName), cnameBudget: &budget, reportedName: askedName)
}

/// The error `interpret` throws, or nil when it returns.
func interpretError(_ bytes: [UInt8], budget: Int = DNSResolver.maxCNAMEHops) -> DNSError? {
    do {
        _ = try interpret(bytes, budget: budget)
        return nil
    } catch {
        return error
    }
}

