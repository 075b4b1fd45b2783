import Findings

/// The outcome of one signature, in RFC 8601 §2.7.1's words.
public enum DKIMOutcome: String, Sendable, Hashable, Codable {
    case pass, fail, neutral, policy, temperror, permerror
}

/// The verdict on one DKIM-Signature field: one word plus the detail a person can act on.
public struct DKIMResult: Sendable {
    public var outcome: DKIMOutcome
    /// Why, in words ("body hash mismatch: computed …, signed …"); nil for a plain pass.
    public var reason: String?
    public var domain: String?
    public var selector: String?
    /// `a=` as written, or nil when the field is too broken to say.
    public var algorithm: String?
    public var identity: String?
    /// The start of `b=`, enough to tell signatures apart (`header.b`, RFC 6008).
    public var signaturePrefix: String?
    /// 1-based line of the DKIM-Signature field in the message.
    public var line: Int
    /// For `l=` signatures: how many canonical body bytes the signature does not cover.
    /// Content past the signed length must not be trusted.
    public var unsignedBodyBytes: Int = 0
    /// The signed body length (`l=`) when given.
    public var signedBodyLength: Int?
    /// Indices into the message's `header.fields` of the instances the signature's `h=`
    /// covers (RFC 6376 §5.4.2), set once the header hash is computed; what the pipeline may
    /// read of a passing signature's message (`SignedHeaderView`).
    public var signedFieldIndices: [Int] = []
    /// The key's record carries `t=y` (testing): RFC 6376 §3.6.1 says to treat the message as
    /// unsigned, so the policy does not count it (the result itself stays as verified).
    public var keyIsTesting = false
    public var keyBits: Int?
    /// Set when a limit (one of ``FindingCode/dkimCodes``), not the signature, decided the outcome.
    public var limitCode: FindingCode?

    public init(outcome: DKIMOutcome, reason: String? = nil, domain: String? = nil, selector: String? = nil,
                algorithm: String? = nil, line: Int) {
        self.outcome = outcome
        self.reason = reason
        self.domain = domain
        self.selector = selector
        self.algorithm = algorithm
        self.line = line
    }

    /// `pass` whose signature covers the whole body.
    public var coversWholeBody: Bool { unsignedBodyBytes == 0 }

    /// `fail (body hash mismatch: …)`, the one-word-plus-detail form.
    public var summary: String {
        reason.map { "\(outcome.rawValue) (\($0))" } ?? outcome.rawValue
    }
}
