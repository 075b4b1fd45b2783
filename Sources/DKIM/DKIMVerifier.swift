import CivilTime
import CryptoOpenSSL
import Findings
import MailMessage

/// Verifies every DKIM-Signature of a message (RFC 6376 §6, RFC 8463, RFC 8301).
///
/// Each signature gets its own result; nothing is thrown for a problem in the message.
/// The key resolver and the clock are injected.
public struct DKIMVerifier: Sendable {
    public var resolver: any DKIMKeyResolver
    /// The current time in seconds since 1970, for `x=` (expiry).
    public var now: Int64
    public var limits: DKIMLimits
    /// Keys parsed so far in this run (shared by copies of the verifier, so by scan's workers).
    public var keyCache: ParsedKeyCache

    public init(resolver: any DKIMKeyResolver, now: Int64, limits: DKIMLimits = .default,
                keyCache: ParsedKeyCache = ParsedKeyCache()) {
        self.resolver = resolver
        self.now = now
        self.limits = limits
        self.keyCache = keyCache
    }

    /// One result per DKIM-Signature field, top first; empty for an unsigned message.
    public func verify(_ message: MailMessage) -> [DKIMResult] {
        verify(header: message.header, body: message.body)
    }

    /// The same, from the header fields and the raw body alone (``MailMessage/header(of:limits:)``).
    public func verify(header: MessageHeader, body: ArraySlice<UInt8>) -> [DKIMResult] {
        let fields = header.fields(named: "DKIM-Signature")
        let fromCount = header.fields(named: "From").count
        var bodyHashes: [BodyHashKey: (hash: [UInt8], canonicalLength: Int)] = [:]
        var lookups = 0
        return fields.enumerated().map { index, field in
            guard index < limits.maxSignatures else {
                var skipped = DKIMResult(outcome: .neutral, reason: "not evaluated: more than \(limits.maxSignatures) "
                    + "signatures on one message (limit dkim-signatures)", line: field.line)
                skipped.limitCode = .tooManySignatures
                return skipped
            }
            let signature: DKIMSignature
            do throws(DKIMSignature.ParseFailure) {
                signature = try DKIMSignature(field: field)
            } catch {
                return DKIMResult(outcome: error.outcome, reason: error.reason, domain: error.domain,
                                  selector: error.selector, algorithm: error.algorithm, line: field.line)
            }
            var result = DKIMResult(outcome: .pass, domain: signature.domain, selector: signature.selector,
                                    algorithm: signature.algorithm.rawValue, line: field.line)
            result.identity = signature.identity
            result.signaturePrefix = String(signature.signatureText.prefix(12))
            result.signedBodyLength = signature.bodyLength

            // RFC 8601 §2.7.1: a required header field that is absent is a permerror; RFC 6376
            // §5.4 requires From to be signed, and a message without one cannot be.
            guard fromCount > 0 else { return result.with(.permerror, "the message has no From field") }
            // RFC 6376 §8.15: several From fields let a signed one hide behind a displayed one.
            guard fromCount == 1 else {
                return result.with(.fail, "the message has \(fromCount) From fields; a signature cannot vouch for one author")
            }
            if let expiration = signature.expiration, expiration < now {
                return result.with(.permerror, "signature expired at \(Self.timestampText(expiration))")
            }

            guard lookups < limits.maxKeyLookups else {
                result.limitCode = .dnsQueryLimit
                return result.with(.neutral, "not evaluated: key lookup budget of \(limits.maxKeyLookups) "
                    + "per message used up (limit dns-queries)")
            }
            lookups += 1
            let keyRecord: DKIMKeyRecord
            switch keyRecordFor(signature) {
            case .failure(let failure): return result.with(failure.outcome, failure.reason)
            case .success(let record): keyRecord = record
            }
            result.keyBits = keyRecord.key.bits
            result.keyIsTesting = keyRecord.isTesting

            if let problem = keyMismatch(keyRecord, signature) { return result.with(.permerror, problem) }
            if keyRecord.key.kind == .rsa && keyRecord.key.bits > limits.maxRSABits {
                result.limitCode = .rsaKeyTooLarge
                return result.with(.permerror, "RSA key of \(keyRecord.key.bits) bits exceeds the limit "
                    + "of \(limits.maxRSABits) (limit rsa-bits)")
            }

            // RFC 6376 §6.1.3: the body hash, then the header signature — only now that the key
            // is known and usable (§6.1.2 fetches it first). So a changed body with no key is
            // "no key for signature" (permerror), and with a failed lookup a temperror the MTA
            // may retry (--defer-on-tempfail), as the RFC's order gives. A forged body costs a
            // lookup (cached per run) but never the public-key operation. The hash is one
            // streaming pass, shared by signatures with the same c=, a= and l=.
            let key = BodyHashKey(mode: signature.bodyCanonicalization, digest: signature.algorithm.digest,
                                  limit: signature.bodyLength)
            let bodyHash = bodyHashes[key] ?? BodyHasher.hash(
                body, mode: key.mode, digest: key.digest, limit: key.limit)
            bodyHashes[key] = bodyHash
            if let length = signature.bodyLength {
                if length > bodyHash.canonicalLength {
                    return result.with(.permerror, "l=\(length) is longer than the body (\(bodyHash.canonicalLength) "
                        + "canonical bytes); the body was cut")
                }
                result.unsignedBodyBytes = bodyHash.canonicalLength - length
            }
            guard bodyHash.hash == signature.bodyHash else {
                return result.with(.fail, "body hash mismatch: computed \(Self.base64(bodyHash.hash)), "
                    + "signed \(Self.base64(signature.bodyHash)); the body was changed after signing")
            }

            result.signedFieldIndices = Self.signedFieldIndices(header, signedHeaders: signature.signedHeaders)
            let headerData = Self.signedHeaderData(header, selected: result.signedFieldIndices, signature: signature,
                                                   field: field)
            let verified: Bool
            switch signature.algorithm {
            case .ed25519SHA256:
                verified = keyRecord.key.verify(signature: signature.signature,
                                                data: Digest.hash(.sha256, headerData), digest: .sha256)
            case .rsaSHA256, .rsaSHA1:
                verified = keyRecord.key.verify(signature: signature.signature, data: headerData,
                                                digest: signature.algorithm.digest)
            }
            guard verified else {
                return result.with(.fail, "signature did not verify: the signed header fields were changed, "
                    + "or the key at \(signature.selector)._domainkey.\(signature.domain) is not the signing key")
            }
            // Verified. Now the rules that keep a verified signature from counting.
            if signature.algorithm == .rsaSHA1 {
                return result.with(.policy, "rsa-sha1 is no longer acceptable (RFC 8301); the signature is valid")
            }
            if keyRecord.key.kind == .rsa && keyRecord.key.bits < limits.minRSABits {
                return result.with(.policy, "RSA key of \(keyRecord.key.bits) bits is below \(limits.minRSABits) "
                    + "(RFC 8301 §3.2); the signature is valid")
            }
            var notes: [String] = []
            if result.unsignedBodyBytes > 0 {
                notes.append("l=\(signature.bodyLength!) leaves \(result.unsignedBodyBytes) body bytes unsigned")
            }
            if keyRecord.isTesting { notes.append("key in testing mode (t=y)") }
            result.reason = notes.isEmpty ? nil : notes.joined(separator: "; ")
            return result
        }
    }

    private struct Failure: Error {
        let outcome: DKIMOutcome
        let reason: String
    }

    private func keyRecordFor(_ signature: DKIMSignature) -> Result<DKIMKeyRecord, Failure> {
        let name = "\(signature.selector)._domainkey.\(signature.domain)"
        switch resolver.lookUpKey(selector: signature.selector, domain: signature.domain) {
        case .temporaryFailure(let why):
            return .failure(Failure(outcome: .temperror, reason: "key lookup for \(name) failed: \(why)"))
        case .notFound(let why):
            return .failure(Failure(outcome: .permerror, reason: "no key for selector \(signature.selector): \(why)"))
        case .records(let records):
            var firstProblem: DKIMKeyRecord.Problem?
            for record in records {
                switch keyCache.record(for: record) {
                case .success(let parsed): return .success(parsed)
                case .failure(let problem): firstProblem = firstProblem ?? problem
                }
            }
            let problem = firstProblem.map { "\($0)" } ?? "no TXT record"
            return .failure(Failure(outcome: .permerror, reason: "\(problem) (at \(name))"))
        }
    }

    private func keyMismatch(_ record: DKIMKeyRecord, _ signature: DKIMSignature) -> String? {
        if record.key.kind != signature.algorithm.keyKind {
            return "the key is \(record.key.kind.rawValue) but the signature is \(signature.algorithm.rawValue)"
        }
        if let hashes = record.acceptableHashes, !hashes.contains(signature.algorithm.hashName) {
            return "the key allows h=\(hashes.joined(separator: ":")) only, not \(signature.algorithm.hashName)"
        }
        if record.isStrict, let at = signature.identity.lastIndex(of: "@"),
           signature.identity[signature.identity.index(after: at)...].lowercased() != signature.domain {
            return "the key has t=s, so i= must be in \(signature.domain) itself, not a subdomain"
        }
        return nil
    }

    /// The data the header signature covers (RFC 6376 §3.7, §5.4.2): the fields named in `h=`,
    /// each taking the next instance from the bottom, then the DKIM-Signature field with its
    /// `b=` value blanked and no final CRLF. A name with no instance left adds nothing.
    static func signedHeaderData(_ header: MessageHeader, signature: DKIMSignature, field: HeaderField) -> [UInt8] {
        signedHeaderData(header, selected: signedFieldIndices(header, signedHeaders: signature.signedHeaders),
                         signature: signature, field: field)
    }

    /// The same, with the instances already selected (``signedFieldIndices(_:signedHeaders:)``).
    static func signedHeaderData(_ header: MessageHeader, selected: [Int], signature: DKIMSignature,
                                 field: HeaderField) -> [UInt8] {
        var data: [UInt8] = []
        data.reserveCapacity(2048)
        for index in selected {
            HeaderCanonicalization.append(header.fields[index].raw, signature.headerCanonicalization, to: &data)
        }
        var blanked = Array(field.raw[field.raw.startIndex..<signature.signatureValueRegion.lowerBound])
        blanked += field.raw[signature.signatureValueRegion.upperBound...]
        HeaderCanonicalization.append(blanked, signature.headerCanonicalization, withLineEnding: false, to: &data)
        return data
    }

    /// The indices into `header.fields` of the instances `h=` selects, in `h=` order (RFC 6376
    /// §5.4.2): each name takes the next instance from the bottom; a name with no instance
    /// left selects nothing. The same selection decides what the pipeline may read
    /// (`SignedHeaderView`), so what is hashed and what is believed cannot differ.
    public static func signedFieldIndices(_ header: MessageHeader, signedHeaders: [String]) -> [Int] {
        let fields = header.fields
        var taken = [Bool](repeating: false, count: fields.count)
        var selected: [Int] = []
        selected.reserveCapacity(signedHeaders.count)
        for name in signedHeaders {
            let lowered = name.lowercased()
            // The bottom-most instance not taken yet: the n-th `From` in h= takes the n-th from the bottom.
            guard let index = fields.indices.last(where: { !taken[$0] && fields[$0].lowercasedName == lowered }) else {
                continue
            }
            taken[index] = true
            selected.append(index)
        }
        return selected
    }

    static func base64(_ bytes: [UInt8]) -> String { Base64Encoder.encode(bytes) }

    /// RFC 3339 in UTC ("2020-06-26T10:00:00Z"): CivilTime's text, not Foundation's
    /// ISO 8601 formatter, which loads ICU at filter start.
    static func timestampText(_ seconds: Int64) -> String {
        Instant(secondsSinceEpoch: seconds).iso8601Text
    }
}

private struct BodyHashKey: Hashable {
    let mode: Canonicalization
    let digest: DigestAlgorithm
    let limit: Int?
}

extension DKIMResult {
    func with(_ outcome: DKIMOutcome, _ reason: String) -> DKIMResult {
        var copy = self
        copy.outcome = outcome
        copy.reason = reason
        return copy
    }
}
