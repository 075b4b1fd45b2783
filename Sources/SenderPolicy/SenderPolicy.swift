import DKIM
import MailMessage

/// Whether a message's markup may be trusted (DESIGN.md "What it is"): a DKIM signature
/// passes over the whole body, its d= is aligned with the From domain by organizational
/// domain, and that domain is registered. Two switches relax it for development.
public struct SenderPolicy: Sendable {
    public var publicSuffixes: PublicSuffixList
    /// nil: no list was given, so no domain is registered (unless `allowAnyDomain`).
    public var registered: RegisteredDomains?
    /// Skip the registered-domains check (Apple's SuggestionsAllowAnyDomainForMarkup).
    public var allowAnyDomain: Bool
    /// Skip the DKIM requirement (Apple's SuggestionsAllowUnverifiedSourceForMarkup).
    public var allowUnverified: Bool

    public init(publicSuffixes: PublicSuffixList, registered: RegisteredDomains?, allowAnyDomain: Bool = false,
                allowUnverified: Bool = false) {
        self.publicSuffixes = publicSuffixes
        self.registered = registered
        self.allowAnyDomain = allowAnyDomain
        self.allowUnverified = allowUnverified
    }

    public func decide(_ message: MailMessage, dkim: [DKIMResult]) -> PolicyDecision {
        var notes: [String] = []
        if allowUnverified { notes.append("--allow-unverified: DKIM not required") }
        if allowAnyDomain { notes.append("--allow-any-domain: registered-domains list not checked") }
        guard let author = message.author else {
            let count = message.header.fields(named: "From").count
            return PolicyDecision(trusted: false, domain: nil, signature: nil, notes: notes, code: "no-single-author",
                                  reason: count == 0 ? "the message has no From address" : count > 1
                                      ? "the message has \(count) From fields" : "the From field holds no address")
        }
        let fromOrganization = publicSuffixes.organizationalDomain(of: author.domain) ?? author.domain
        // A passing signature over the whole body whose d= shares the From domain's organizational domain.
        let aligned = dkim.first { result in
            guard result.outcome == .pass, result.coversWholeBody, let domain = result.domain else { return false }
            return publicSuffixes.isAligned(domain, with: author.domain)
        }
        var attributedDomain: String
        if let aligned, let domain = aligned.domain {
            attributedDomain = domain
        } else if allowUnverified {
            attributedDomain = author.domain
        } else {
            return PolicyDecision(trusted: false, domain: nil, signature: nil, notes: notes, code: "not-verified",
                                  reason: Self.whyNotVerified(dkim, author: author.domain, organization: fromOrganization,
                                                              suffixes: publicSuffixes))
        }
        if !allowAnyDomain {
            guard let registered, registered.covers(author.domain) else {
                return PolicyDecision(trusted: false, domain: nil, signature: aligned, notes: notes, code: "not-registered",
                                      reason: "\(author.domain) is not on the registered-domains list"
                                          + (registered == nil ? " (none was given: --registered FILE)" : ""))
            }
        }
        attributedDomain = attributedDomain.lowercased()
        let how = aligned.map { "dkim=pass d=\($0.domain ?? "") s=\($0.selector ?? "") aligned with From \(author.domain)" }
            ?? "unverified From \(author.domain)"
        return PolicyDecision(trusted: true, domain: attributedDomain, signature: aligned, notes: notes, code: "trusted", reason: how)
    }

    private static func whyNotVerified(_ dkim: [DKIMResult], author: String, organization: String,
                                       suffixes: PublicSuffixList) -> String {
        if dkim.isEmpty { return "the message is not DKIM-signed" }
        if let partial = dkim.first(where: { $0.outcome == .pass && !$0.coversWholeBody }) {
            return "the passing signature (d=\(partial.domain ?? "")) leaves \(partial.unsignedBodyBytes) body bytes unsigned (l=)"
        }
        if let pass = dkim.first(where: { $0.outcome == .pass }) {
            return "the passing signature's d=\(pass.domain ?? "") is not aligned with From \(author) "
                + "(organizational domain \(organization))"
        }
        let summary = dkim.map { "\($0.outcome.rawValue)\($0.domain.map { " d=\($0)" } ?? "")" }.joined(separator: ", ")
        return "no DKIM signature passes (\(summary))"
    }
}

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
    /// `trusted`, `not-verified`, `not-registered`, `no-single-author`.
    public var code: String
    public var reason: String
}
