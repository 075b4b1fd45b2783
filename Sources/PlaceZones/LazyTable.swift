import Synchronization

/// A table parsed from its text on first use and kept: the directory's tables cost nothing
/// for a message that never asks (most mail), and once each per directory otherwise.
///
/// Owned by the directory that the caller creates and injects — no global state. The lock
/// is held only while the table is parsed or its reference copied out.
final class LazyTable<Table: Sendable>: Sendable {
    private let state: Mutex<Table?>
    private let parse: @Sendable () -> Table

    init(_ parse: @escaping @Sendable () -> Table) {
        self.state = Mutex(nil)
        self.parse = parse
    }

    var table: Table {
        state.withLock { stored in
            if let stored { return stored }
            let parsed = parse()
            stored = parsed
            return parsed
        }
    }
}

/// The lines of a table text that hold data (not empty, not a `#` comment), each split at
/// tabs — read over the UTF-8 bytes, since splitting by `Character` would cost a filter
/// process more than the rest of its work. With `kinds`, only the lines whose first byte is
/// one of them (the country table's `C`, `R`, `L` sections): the others are skipped unread.
func tableRows(_ text: String, kinds: [UInt8]? = nil) -> [[String]] {
    var text = text
    return text.withUTF8 { bytes in
        var rows: [[String]] = []
        var fields: [String] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "#") || bytes[index] == UInt8(ascii: "\n")
                || kinds.map({ !$0.contains(bytes[index]) }) ?? false {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                index += 1
                continue
            }
            var fieldStart = index
            while true {
                let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "\n")
                if byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") {
                    fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[fieldStart..<index]), as: UTF8.self))
                    fieldStart = index + 1
                }
                index += 1
                if byte == UInt8(ascii: "\n") { break }
            }
            rows.append(fields)
            fields.removeAll(keepingCapacity: true)
        }
        return rows
    }
}
