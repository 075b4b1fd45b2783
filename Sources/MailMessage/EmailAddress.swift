/// One mailbox of an address header (RFC 5322 §3.4): an optional display name and an address.
public struct EmailAddress: Sendable, Hashable {
    /// The display name with encoded words decoded, or nil when there is none.
    public var displayName: String?
    /// The local part as it stands in the address (unquoted text).
    public var localPart: String
    /// The domain in lowercase; an internationalized domain is kept as written (U-labels or A-labels).
    public var domain: String

    public init(displayName: String?, localPart: String, domain: String) {
        self.displayName = displayName
        self.localPart = localPart
        self.domain = domain
    }

    /// `local@domain`, the local part quoted only when it is not a dot-atom (RFC 5322 §3.4.1).
    public var address: String {
        let isDotAtom = !localPart.isEmpty && !localPart.hasPrefix(".") && !localPart.hasSuffix(".")
            && !localPart.contains("..")
            && localPart.unicodeScalars.allSatisfy { $0 == "." || AddressParser.isAtomText($0) }
        let local = isDotAtom ? localPart
            : "\"" + localPart.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        return local + "@" + domain
    }
}
