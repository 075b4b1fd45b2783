import DKIM
import Findings
import MailMessage

/// The policy's answer for one message, with its reason.
public struct PolicyDecision: Sendable {
    public var trusted: Bool
    /// The domain events are attributed to: the aligned signing domain (or the From domain
    /// when unverified sources are allowed). nil when not trusted.
    public var domain: String?
    /// The signature the decision rests on.
    public var signature: DKIMResult?
    /// Development switches that affected the decision.
    public var notes: [String]
    /// The id of one of ``FindingCode/senderPolicyCodes``, or the code of the first of `findings`.
    public var code: String
    public var reason: String
    /// The header as the deciding signature vouches for it: what the pipeline reads (the
    /// signed Date, Message-ID). nil when no signature counts and unverified mail is not allowed.
    public var headerView: SignedHeaderView?
    /// Why the signed header keeps the message from being trusted (`header-added-after-signing`,
    /// `content-type-not-signed`), one per field; empty otherwise.
    public var findings: [Finding]

    public init(trusted: Bool, domain: String?, signature: DKIMResult?, notes: [String], code: String, reason: String,
                headerView: SignedHeaderView? = nil, findings: [Finding] = []) {
        self.trusted = trusted
        self.domain = domain
        self.signature = signature
        self.notes = notes
        self.code = code
        self.reason = reason
        self.headerView = headerView
        self.findings = findings
    }
}
