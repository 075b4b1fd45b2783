/// Turns byte offsets into ``JSONPosition``s, lazily.
///
/// The parser never counts lines or columns on its hot path; it asks for a position only
/// for a recovery or an error. Those come in increasing offset order, so the tracker
/// resumes from the last answer and the total work stays linear in the text's length.
struct JSONPositionTracker {
    private let bytes: [UInt8]
    private let start: Int
    private var offset: Int
    private var line = 1
    private var column = 1
    /// Whether the byte before `offset` was a CR, so that a following LF is not a second
    /// line break.
    private var afterCarriageReturn = false

    /// - Parameter start: the offset of line 1, column 1 (after a byte order mark).
    init(bytes: [UInt8], start: Int) {
        self.bytes = bytes
        self.start = start
        self.offset = start
    }

    /// The position of the byte at `target` (or of the end, for `bytes.count`).
    mutating func position(at target: Int) -> JSONPosition {
        if target < offset {
            offset = start
            line = 1
            column = 1
            afterCarriageReturn = false
        }
        while offset < target {
            let byte = bytes[offset]
            switch byte {
            case JSONByte.lineFeed where afterCarriageReturn:
                afterCarriageReturn = false
            case JSONByte.lineFeed, JSONByte.carriageReturn:
                line += 1
                column = 1
                afterCarriageReturn = byte == JSONByte.carriageReturn
            default:
                if JSONByte.startsScalar(byte) { column += 1 }
                afterCarriageReturn = false
            }
            offset += 1
        }
        return JSONPosition(line: line, column: column)
    }
}
