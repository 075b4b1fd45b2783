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

/// The lines of a table text that hold data: not empty, not a `#` comment; each split at tabs.
func tableRows(_ text: String) -> [[Substring]] {
    text.split(separator: "\n").compactMap { line in
        line.hasPrefix("#") ? nil : line.split(separator: "\t", omittingEmptySubsequences: false)
    }
}
