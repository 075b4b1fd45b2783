import Findings

/// The codes of the policy's decisions (`PolicyDecision.code`). The header rule's codes
/// are the findings' own (`FindingCode.headerAddedAfterSigning`, `.contentTypeNotSigned`).
extension FindingCode {
    public static let trusted = FindingCode(
        "trusted", .note, help: "an aligned passing DKIM signature of a registered domain: the markup is read")
    public static let notVerified = FindingCode(
        "not-verified", .warning, help: "no passing DKIM signature aligned with the From domain: the markup is not read")
    public static let notRegistered = FindingCode(
        "not-registered", .warning, help: "the signing domain is not on the registered-domains list: the markup is not read")
    public static let noSingleAuthor = FindingCode(
        "no-single-author", .warning, help: "From: does not name exactly one author to align the signature with")
    /// The only aligned passing signature's key has `t=y` (RFC 6376 §3.6.1).
    public static let keyInTestingMode = FindingCode(
        "key-in-testing-mode", .warning, help: "the only aligned passing signature's key has t=y (RFC 6376 §3.6.1): testing, not trusted")

    /// Every code of this part, for the catalogue.
    public static let senderPolicyCodes: [FindingCode] = [trusted, notVerified, notRegistered, noSingleAuthor, keyInTestingMode]
}
