/// The stable codes of the findings `lint` itself reports (beside the parts' own).
enum LintFindingCode {
    /// An e-mail without schema.org markup in any text/html part.
    static let noMarkup = "no-markup"
    /// --require-dkim: no passing DKIM signature aligned with From.
    static let dkimRequired = "dkim-required"
    /// --require-dkim on a bare .html file: there is no signature to check.
    static let dkimNotCheckable = "dkim-not-checkable"
}
