/// Reads the JSON text of a `<script type="application/ld+json">` element.
///
/// Strict RFC 8259, plus — when `recovers` is true — the few departures real
/// confirmation mail is known to have (``JSONRecovery/Kind``), each reported with its
/// position. Reading the same text with `recovers: false` reports each of those places as
/// a ``JSONReadError`` at the same position, which is what lint uses.
///
/// The reader scans UTF-8 bytes with an explicit stack (no recursion), stops at the
/// limits in ``JSONReaderLimits``, and never traps on any input.
public struct LenientJSONReader: Sendable {
    public var limits: JSONReaderLimits
    public var recovers: Bool

    public init(limits: JSONReaderLimits = .init(), recovers: Bool = true) {
        self.limits = limits
        self.recovers = recovers
    }

    /// The value of `text` and the departures from RFC 8259 that were forgiven, or why
    /// the text could not be read.
    public func read(_ text: String) -> Result<(value: JSONValue, recoveries: [JSONRecovery]), JSONReadError> {
        readDocument(text).map { (value: $0.value, recoveries: $0.recoveries) }
    }

    /// As ``read(_:)``, with where every node of the value starts (for lint's positions).
    public func readDocument(_ text: String) -> Result<JSONDocument, JSONReadError> {
        let size = text.utf8.count
        guard size <= limits.maxBytes else {
            return .failure(JSONReadError(
                kind: .sizeLimit, position: JSONPosition(line: 1, column: 1),
                message: "the JSON text is \(size) bytes, more than the limit of \(limits.maxBytes) bytes (limit json-bytes)"))
        }
        let bytes = Array(text.utf8)
        // RFC 8259 §8.1: a reader may ignore a byte order mark rather than reject it.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var parser = JSONParser(bytes: bytes, start: start, recovers: recovers, maxDepth: limits.effectiveMaxDepth)
        do throws(JSONReadError) {
            let (value, positions) = try parser.parseDocument()
            return .success(JSONDocument(value: value, positions: positions, recoveries: parser.recoveries))
        } catch {
            return .failure(error)
        }
    }
}

/// A JSON text as read: its value, where its nodes start, and the departures forgiven.
public struct JSONDocument: Sendable, Hashable {
    public var value: JSONValue
    public var positions: JSONNodePositions
    public var recoveries: [JSONRecovery]
}
