import DKIM
import Findings
import MailMessage

/// Whether a message's markup may be trusted (DESIGN.md "What it is"): a DKIM signature
/// passes over the whole body with a key not in testing mode, its d= is aligned with the From
/// domain by organizational domain, it covers every field the pipeline reads
/// (``SignedHeaderView``), and that domain is registered. Two switches relax it for development.
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
            return PolicyDecision(trusted: false, domain: nil, signature: nil, notes: notes, code: FindingCode.noSingleAuthor.id,
                                  reason: count == 0 ? "the message has no From address" : count > 1
                                      ? "the message has \(count) From fields" : "the From field holds no address")
        }
        let fromOrganization = publicSuffixes.organizationalDomain(of: author.domain) ?? author.domain
        // Passing signatures over the whole body whose d= shares the From domain's organizational domain.
        let aligned = dkim.filter { result in
            guard result.outcome == .pass, result.coversWholeBody, let domain = result.domain else { return false }
            return publicSuffixes.isAligned(domain, with: author.domain)
        }
        // RFC 6376 §3.6.1: t=y "Verifiers MUST NOT treat messages from Signers in testing mode
        // differently from unsigned email": the result stays `pass`, the policy does not count it.
        let counted = aligned.filter { !$0.keyIsTesting }
        let views = counted.map { result in
            let view = SignedHeaderView(header: message.header, signedFieldIndices: result.signedFieldIndices,
                                        signer: "d=\(result.domain ?? "") s=\(result.selector ?? "")")
            return (signature: result, view: view, problems: view.problems)
        }
        // Of several signatures, one that vouches for every decisive field decides.
        let chosen = views.first { $0.problems.isEmpty } ?? views.first
        var attributedDomain: String
        let view: SignedHeaderView
        let problems: [Finding]
        if let chosen, let domain = chosen.signature.domain {
            attributedDomain = domain
            view = chosen.view
            problems = chosen.problems
        } else if allowUnverified {
            attributedDomain = author.domain
            view = .assumingSigned(message.header)
            problems = view.problems
        } else if let testing = aligned.first(where: \.keyIsTesting) {
            return PolicyDecision(
                trusted: false, domain: nil, signature: nil, notes: notes, code: FindingCode.keyInTestingMode.id,
                reason: "the key of d=\(testing.domain ?? "") s=\(testing.selector ?? "") is in testing mode (t=y), "
                    + "so the message counts as unsigned (RFC 6376 §3.6.1); the sender must remove t=y from the key "
                    + "record once its signatures verify")
        } else {
            return PolicyDecision(trusted: false, domain: nil, signature: nil, notes: notes, code: FindingCode.notVerified.id,
                                  reason: Self.whyNotVerified(dkim, author: author.domain, organization: fromOrganization,
                                                              suffixes: publicSuffixes))
        }
        let signature = chosen?.signature
        if let first = problems.first {
            return PolicyDecision(trusted: false, domain: nil, signature: signature, notes: notes, code: first.code,
                                  reason: first.message, headerView: view, findings: problems)
        }
        if !allowAnyDomain {
            guard let registered, registered.covers(author.domain) else {
                return PolicyDecision(trusted: false, domain: nil, signature: signature, notes: notes,
                                      code: FindingCode.notRegistered.id,
                                      reason: "\(author.domain) is not on the registered-domains list"
                                          + (registered == nil ? " (none was given: --registered FILE)" : ""),
                                      headerView: view)
            }
        }
        attributedDomain = attributedDomain.lowercased()
        let how = signature.map { "dkim=pass d=\($0.domain ?? "") s=\($0.selector ?? "") aligned with From \(author.domain)" }
            ?? "unverified From \(author.domain)"
        return PolicyDecision(trusted: true, domain: attributedDomain, signature: signature, notes: notes,
                              code: FindingCode.trusted.id, reason: how, headerView: view)
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
