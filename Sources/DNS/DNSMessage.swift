/// A DNS response, read far enough for a TXT lookup: the header, the question section and
/// the answer section (RFC 1035 §4.1). The authority and additional sections are not read;
/// nothing in them changes a TXT answer.
///
/// Reading is bounds-checked throughout and never trusts a count or a length to allocate:
/// a hostile or damaged packet gives `DNSParseError`, never a crash or a hang.
struct DNSMessage: Sendable, Equatable {
    struct Header: Sendable, Equatable {
        var id: UInt16
        var isResponse: Bool
        var opcode: UInt8
        var isAuthoritative: Bool
        var isTruncated: Bool
        var recursionDesired: Bool
        var recursionAvailable: Bool
        var rcode: UInt8
        var questionCount: Int
        var answerCount: Int
        var authorityCount: Int
        var additionalCount: Int

        static let length = 12

        /// RFC 1035 §4.1.1.
        init(parsing bytes: [UInt8]) throws(DNSParseError) {
            guard bytes.count >= Self.length else {
                throw DNSParseError("the response is \(bytes.count) bytes, shorter than a DNS header")
            }
            func word(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
            id = UInt16(word(0))
            isResponse = bytes[2] & 0x80 != 0
            opcode = (bytes[2] >> 3) & 0x0F
            isAuthoritative = bytes[2] & 0x04 != 0
            isTruncated = bytes[2] & 0x02 != 0
            recursionDesired = bytes[2] & 0x01 != 0
            recursionAvailable = bytes[3] & 0x80 != 0
            rcode = bytes[3] & 0x0F
            questionCount = word(4)
            answerCount = word(6)
            authorityCount = word(8)
            additionalCount = word(10)
        }
    }

    struct Question: Sendable, Equatable {
        var name: DNSName
        var type: UInt16
        var `class`: UInt16
    }

    struct Record: Sendable, Equatable {
        var name: DNSName
        var type: UInt16
        var `class`: UInt16
        var ttl: UInt32
        var data: RecordData
    }

    enum RecordData: Sendable, Equatable {
        /// RFC 1035 §3.3.14: the character-strings, each 0 to 255 octets.
        case txt([[UInt8]])
        /// RFC 1035 §3.3.1.
        case cname(DNSName)
        /// Any other type, RDATA uninterpreted.
        case other([UInt8])
    }

    /// RFC 1035 §3.2.2 and §3.2.4.
    static let typeCNAME: UInt16 = 5
    static let typeTXT: UInt16 = 16
    static let classIN: UInt16 = 1

    var header: Header
    var questions: [Question]
    var answers: [Record]

    init(parsing bytes: [UInt8]) throws(DNSParseError) {
        header = try Header(parsing: bytes)
        var reader = DNSMessageReader(bytes: bytes, offset: Header.length)
        questions = []
        for index in 0..<header.questionCount {
            let name = try reader.readName(in: "question \(index + 1)")
            let type = try reader.readUInt16(in: "question \(index + 1)")
            let `class` = try reader.readUInt16(in: "question \(index + 1)")
            questions.append(Question(name: name, type: type, class: `class`))
        }
        answers = []
        for index in 0..<header.answerCount {
            answers.append(try reader.readRecord(in: "answer \(index + 1)"))
        }
    }
}

/// Why a DNS response could not be read, for `DNSError.malformedResponse`.
struct DNSParseError: Error, Sendable, Equatable, CustomStringConvertible {
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    var description: String { reason }
}
