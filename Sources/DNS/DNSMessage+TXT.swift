/// What a response to a TXT query says, once the CNAMEs in it are followed.
enum TXTAnswer: Sendable, Equatable {
    /// The TXT records at the end of the chain, each record's strings joined.
    case records([String])
    /// The chain ends at `target`, for which the response has no TXT records: ask again.
    case alias(DNSName)
}

extension DNSMessage {
    /// RFC 6376 §3.6.2.2 lookup: reads `bytes`, the response to a TXT query for `question`,
    /// following CNAMEs in the answer section while `cnameBudget` lasts.
    ///
    /// Errors name `reportedName`, the name the caller asked for, even when the failure is
    /// at the end of a CNAME chain. The rcode is read before the rest of the packet, so a
    /// SERVFAIL with an odd body is still a server failure.
    static func txtAnswer(
        from bytes: [UInt8], question: DNSName, cnameBudget: inout Int, reportedName: String
    ) throws(DNSError) -> TXTAnswer {
        let header: Header
        let message: DNSMessage
        do throws(DNSParseError) {
            header = try Header(parsing: bytes)
        } catch {
            throw .unreadableResponse(name: reportedName, reason: error.reason)
        }
        if header.isResponse, header.rcode != 0, header.rcode != 3 {
            throw .serverFailure(name: reportedName, code: Int(header.rcode))
        }
        do throws(DNSParseError) {
            message = try DNSMessage(parsing: bytes)
        } catch {
            throw .unreadableResponse(name: reportedName, reason: error.reason)
        }
        return try message.txtAnswer(question: question, cnameBudget: &cnameBudget, reportedName: reportedName)
    }

    func txtAnswer(question: DNSName, cnameBudget: inout Int, reportedName: String) throws(DNSError) -> TXTAnswer {
        func malformed(_ reason: String) -> DNSError {
            .malformedResponse(name: reportedName, reason: reason)
        }
        guard header.isResponse, header.opcode == 0 else { throw malformed("the packet is not a response to a query") }
        guard questions == [Question(name: question, type: Self.typeTXT, class: Self.classIN)] else {
            throw malformed("the response does not answer the question (TXT \(question))")
        }
        switch header.rcode {
        case 0: break
        case 3: throw .nameNotFound(name: reportedName)
        default: throw .serverFailure(name: reportedName, code: Int(header.rcode))
        }
        // libresolv repeats a truncated UDP answer over TCP; a TC bit that survives means
        // the records may be incomplete, and a partial key must not be used.
        guard !header.isTruncated else {
            throw .unreadableResponse(name: reportedName, reason: "the answer is still truncated (TC) after the TCP retry")
        }

        var owner = question
        let inAnswer = answers.filter { $0.class == Self.classIN }
        // RFC 1034 §3.6.2: a CNAME owner has no other data; follow it. Its target's records
        // follow in the same answer when the server knows them.
        while let alias = inAnswer.first(where: { $0.name == owner && $0.type == Self.typeCNAME }),
            case .cname(let target) = alias.data
        {
            guard cnameBudget > 0 else { throw malformed("the CNAME chain is longer than the resolver follows") }
            cnameBudget -= 1
            owner = target
        }
        let records = inAnswer.compactMap { record -> String? in
            guard record.name == owner, case .txt(let strings) = record.data else { return nil }
            // RFC 6376 §3.6.2.2: the strings of one record are joined without separator.
            // QUIRK: invalid UTF-8 becomes U+FFFD; key records are ASCII, so such a record
            // fails to parse as one rather than being cut short.
            return String(decoding: strings.joined(), as: UTF8.self)
        }
        if !records.isEmpty { return .records(records) }
        if owner != question { return .alias(owner) }
        throw .noRecords(name: reportedName)
    }
}
