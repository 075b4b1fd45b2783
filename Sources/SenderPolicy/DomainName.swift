/// A domain name in the one form every comparison of this target uses: lowercase A-labels
/// (`xn--55qx5d.cn`, never `公司.cn`), without the root's trailing dot. Made from either form,
/// or a mix, by `IDNA.aLabels(of:)`; a name that cannot be converted has no `DomainName`.
public struct DomainName: Sendable, Hashable, CustomStringConvertible {
    /// The labels, leftmost first, each an LDH label or an `xn--` A-label.
    public let labels: [String]

    /// Converts `text` (U-labels, A-labels or both; any case; one trailing dot allowed).
    public init(_ text: String) throws(IDNAError) {
        labels = try IDNA.aLabels(of: text)
    }

    init(labels: [String]) { self.labels = labels }

    /// The name in A-label form, e.g. `victim.xn--55qx5d.cn`.
    public var description: String { labels.joined(separator: ".") }

    /// The last `count` labels.
    func suffix(_ count: Int) -> DomainName { DomainName(labels: Array(labels.suffix(count))) }
}
