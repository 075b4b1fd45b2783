import Findings

/// The header of a message as a passing DKIM signature vouches for it: for each
/// ``DecisiveHeaderField``, the instance the signature covers, and what keeps the
/// message from being trusted.
///
/// The rule (RFC 6376 §5.4.2, §8.15; RFC 5322 §3.6; RFC 2045 §4–6): the pipeline reads a
/// decisive field only from the instance the signature covers; a message with more instances
/// of such a field than the RFCs allow has one added after signing and is not trusted
/// (`header-added-after-signing`); a Content-Type or Content-Transfer-Encoding the
/// signature does not cover lets a relay change how the signed body is read, so the message
/// is not trusted either (`content-type-not-signed`). DKIM computes which instances a
/// signature covers (`DKIMResult.signedFieldIndices`); this type only applies the rule.
public struct SignedHeaderView: Sendable {
    public let header: MessageHeader
    /// Indices into `header.fields` of the instances the signature covers.
    public let signedFieldIndices: Set<Int>
    /// The signature in words (`d=epicsteak.example s=2020`), for the findings; nil when no
    /// signature vouches (``assumingSigned(_:)``).
    public let signer: String?

    public init(header: MessageHeader, signedFieldIndices: some Sequence<Int>, signer: String?) {
        self.header = header
        self.signedFieldIndices = Set(signedFieldIndices)
        self.signer = signer
    }

    /// Every field counted as covered: for `--allow-unverified`, where the user has chosen
    /// to take an unsigned message at its word. The count rule still holds.
    public static func assumingSigned(_ header: MessageHeader) -> SignedHeaderView {
        SignedHeaderView(header: header, signedFieldIndices: header.fields.indices, signer: nil)
    }

    /// The instances of a field, top first, with their indices.
    public func instances(of field: DecisiveHeaderField) -> [(index: Int, field: HeaderField)] {
        header.fields.enumerated().filter { $0.element.lowercasedName == field.name }.map { ($0.offset, $0.element) }
    }

    /// The value the pipeline may read: the one instance, when the signature covers it; nil
    /// when the field is missing, unsigned, or present more often than allowed.
    public func signedInstance(of field: DecisiveHeaderField) -> HeaderField? {
        let found = instances(of: field)
        guard found.count == 1, let only = found.first, signedFieldIndices.contains(only.index) else { return nil }
        return only.field
    }

    /// Why the message cannot be trusted, one finding per field; empty when it can.
    public var problems: [Finding] {
        var findings: [Finding] = []
        for field in DecisiveHeaderField.allCases {
            let found = instances(of: field)
            if found.count > field.maximumCount {
                findings.append(addedAfterSigning(field, found))
            }
        }
        for field in [DecisiveHeaderField.contentType, .contentTransferEncoding] {
            let found = instances(of: field)
            guard found.count == 1, let only = found.first, !signedFieldIndices.contains(only.index) else { continue }
            findings.append(notSigned(field, only.field))
        }
        return findings
    }

    private var signerText: String { signer.map { "the passing DKIM signature (\($0))" } ?? "the signature" }

    private func addedAfterSigning(_ field: DecisiveHeaderField, _ found: [(index: Int, field: HeaderField)]) -> Finding {
        let lines = found.map { String($0.field.line) }.joined(separator: ", ")
        let signed = found.last { signedFieldIndices.contains($0.index) }
        let which = signed.map { "the signed one is on line \($0.field.line), so the others were added after signing" }
            ?? "none of them is signed"
        return Finding(
            code: .headerAddedAfterSigning,
            message: "the message has \(found.count) \(field.displayName) fields (lines \(lines)); \(field.countRule) "
                + "allows one and \(which): not trusted. A sender that writes \(field.displayName) more than once "
                + "must write it once",
            location: SourceLocation(line: found[0].field.line))
    }

    private func notSigned(_ field: DecisiveHeaderField, _ instance: HeaderField) -> Finding {
        Finding(
            code: .contentTypeNotSigned,
            message: "\(signerText) does not cover \(field.displayName) (line \(instance.line)), so anyone who relays "
                + "the message can change how its signed body is read: not trusted. The sender must add "
                + "\(field.name) to the signature's h= tag (DKIM signers list content-type and "
                + "content-transfer-encoding by default)",
            location: SourceLocation(line: instance.line))
    }
}
