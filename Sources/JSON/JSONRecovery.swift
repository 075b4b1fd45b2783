/// A departure from RFC 8259 that ``LenientJSONReader`` forgave, and where.
///
/// Each kind exists because real confirmation mail needs it; lint reports them by reading
/// the same text again with `recovers: false`, which turns each into a ``JSONReadError``
/// at the same position.
public struct JSONRecovery: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// Two array elements or object members on different lines with no `,` between
        /// them. Apple's published WWDC 2020 FoodEstablishmentReservation sample lacks the
        /// commas after `"telephone": …` and `"addressLocality": …`.
        case missingComma
        /// A `,` right before `]` or `}`, as in Eventbrite's mail
        /// (KItinerary `structureddata/eventbrite-broken-json.html`).
        case trailingComma
        /// Two objects in an array written `}{` on the same line, as in Eurowings' mail
        /// (KItinerary `structureddata/ew-invalid-json-array.html`); or two top-level
        /// objects one after the other with no array around them, read as a list.
        case adjacentObjects
    }

    public var kind: Kind
    /// Where the missing `,` belongs (just after the previous value), or where the stray
    /// `,` is.
    public var position: JSONPosition
    public var message: String

    public init(kind: Kind, position: JSONPosition, message: String) {
        self.kind = kind
        self.position = position
        self.message = message
    }

    /// `line:column: message`.
    public var description: String { "\(position): \(message)" }
}
