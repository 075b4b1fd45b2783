import Findings

/// The codes of the lint rules on what the markup means (``MarkupRules``).
extension FindingCode {
    public static let missingContext = FindingCode(
        "missing-context", .error,
        help: "a JSON-LD item has no @context, so its names mean nothing: add \"@context\": \"https://schema.org\"")
    public static let unknownContext = FindingCode(
        "unknown-context", .error,
        help: "@context (or @vocab) is not schema.org (http or https, with or without a trailing slash): a typo hides the markup")
    public static let duplicateID = FindingCode(
        "duplicate-id", .error, help: "two nodes carry the same @id; a reader keeps one of them and drops the other")
    public static let unknownProperty = FindingCode(
        "unknown-property", .error,
        help: "a property schema.org does not define for the item's type (a typo, a case slip): it is never read")
    public static let invalidValue = FindingCode(
        "invalid-value", .error, help: "a value of the wrong kind (a word where a number, URL, date or enumeration belongs)")
    public static let legacyStatus = FindingCode(
        "legacy-status", .note,
        help: "a reservationStatus in the old form (http://schema.org/Confirmed); readers want ReservationConfirmed")
    public static let identifierAlias = FindingCode(
        "identifier-alias", .warning,
        help: "only one of reservationId/reservationNumber is given; the other profile reads the other: give both, same value")

    /// The codes of the meaning rules, part of ``schemaMarkupCodes``.
    static let markupRuleCodes: [FindingCode] = [
        missingContext, unknownContext, duplicateID, unknownProperty, invalidValue, legacyStatus, identifierAlias,
    ]
}
