/// Why a JSON text could not be read: what was expected, what was found, and where.
public struct JSONReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The text is not JSON (and not one of the forgiven departures, when recovering).
        case syntax
        /// Arrays and objects nest deeper than ``JSONReaderLimits/maxDepth``.
        case depthLimit
        /// The text is longer than ``JSONReaderLimits/maxBytes``.
        case sizeLimit
    }

    public var kind: Kind
    public var position: JSONPosition
    /// For example `expected ',' or '}' after an object member, found '"'`.
    public var message: String

    public init(kind: Kind, position: JSONPosition, message: String) {
        self.kind = kind
        self.position = position
        self.message = message
    }

    /// `line:column: message`.
    public var description: String { "\(position): \(message)" }
}
