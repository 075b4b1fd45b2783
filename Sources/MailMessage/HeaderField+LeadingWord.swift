extension HeaderField {
    /// The value's first word after any comments: an atom or a quoted string (RFC 5322
    /// §3.2), such as the authserv-id of an Authentication-Results field (RFC 8601 §2.2).
    public var leadingWord: String? {
        switch AddressParser.tokenize(unfoldedValueBytes).first {
        case .atom(let bytes)?, .quoted(let bytes)?: String(decoding: bytes, as: UTF8.self)
        default: nil
        }
    }
}
