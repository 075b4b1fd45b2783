import Findings

/// The codes a ``DKIMResult`` carries in `limitCode` when a ``DKIMLimits`` bound, not the
/// signature itself, decided its outcome.
extension FindingCode {
    public static let tooManySignatures = FindingCode(
        "too-many-signatures", .warning, help: "more DKIM signatures than the dkim-signatures limit; later ones are neutral")
    public static let dnsQueryLimit = FindingCode(
        "dns-query-limit", .warning, help: "more key lookups than the dns-queries limit; signatures past it are neutral")
    public static let rsaKeyTooLarge = FindingCode(
        "rsa-key-too-large", .warning, help: "an RSA key larger than the rsa-bits limit; the signature is a permerror")

    /// Every code of this part, for the catalogue.
    public static let dkimCodes: [FindingCode] = [tooManySignatures, dnsQueryLimit, rsaKeyTooLarge]
}
