/// The Public Suffix List in libpsl's compiled form (`psl-make-dafsa --output-format=binary`,
/// Debian's `/usr/share/publicsuffix/public_suffix_list.dafsa`): a deterministic acyclic
/// finite state automaton over the rules' bytes, read in place. A look-up walks only the
/// bytes of the name asked for, so nothing is parsed at start (the text list costs 1.5–2.7 ms
/// per `filter` process to parse). Read by our own code, not libpsl.
///
/// The format (libpsl's src/psl-make-dafsa, after Chromium's make_dafsa.py): a 16-byte header
/// `.DAFSA@PSL_0   \n`, the graph, and a last byte 0x01 when the graph was made in UTF-8 mode.
/// Each rule is a word: its name (`!` and `*.` removed) and one return value, its flags.
struct CompiledPublicSuffixes: Sendable {
    static let header = Array(".DAFSA@PSL_0   \n".utf8)
    static let headerPrefix = Array(".DAFSA@PSL_".utf8)

    /// libpsl's flags (src/psl-make-dafsa, parse_psl), the return value of each word.
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt8
        static let exception = Flags(rawValue: 1 << 0)  // "!www.ck" stored as "www.ck"
        static let wildcard = Flags(rawValue: 1 << 1)   // "*.ck" stored as "ck"
        static let icann = Flags(rawValue: 1 << 2)
        static let privateSection = Flags(rawValue: 1 << 3)
    }

    enum Invalid: Error, Sendable, CustomStringConvertible {
        case header
        case truncated(at: Int)
        case backwardLink(at: Int)

        var description: String {
            switch self {
            case .header: "not a libpsl DAFSA file (its first 16 bytes are not '.DAFSA@PSL_0   \\n')"
            case .truncated(let offset): "truncated or corrupt: a node at byte \(offset + 16) runs past the end"
            case .backwardLink(let offset): "corrupt: the link at byte \(offset + 16) does not point forward"
            }
        }
    }

    /// The graph, without the header and the mode byte.
    private let graph: [UInt8]

    /// Checks the header and every node and link the graph can reach (in bounds, links only
    /// forward, so no look-up can run past the end or loop), then keeps the bytes.
    init(bytes: [UInt8]) throws(Invalid) {
        guard bytes.count > Self.header.count, bytes.starts(with: Self.header) else { throw .header }
        var graph = Array(bytes[Self.header.count...])
        // QUIRK: the UTF-8 mode byte (0x01) is not part of the graph; a 0x01 can never end a
        // valid ASCII-mode graph either (the last byte is a return value or an end character).
        if graph.last == 0x01 { graph.removeLast() }
        try Self.validate(graph)
        self.graph = graph
    }

    /// The flags of the rule written exactly `key` (lowercase A-labels, dot-separated), or nil
    /// when the list has no such word. Chromium's LookupStringInFixedSet, bounds-checked.
    func flags(of key: some Collection<UInt8>) -> Flags? {
        var key = key[...]
        var listPosition: Int? = 0 // the next link to read; nil when the node's links ended
        var target = 0             // links add up: each is the distance from the one before
        while let position = listPosition, let link = Self.link(graph, at: position) {
            target += link.distance
            listPosition = link.isLast ? nil : position + link.length
            var offset = target
            var consumed = false
            if let first = key.first, offset < graph.count, graph[offset] & 0x80 == 0 {
                // The node's label: a first byte that differs means the next child.
                guard graph[offset] == first else { continue }
                consumed = true
                key = key.dropFirst()
                offset += 1
                while offset < graph.count, graph[offset] & 0x80 == 0 {
                    guard let byte = key.first, graph[offset] == byte else { return nil }
                    key = key.dropFirst()
                    offset += 1
                }
            }
            guard offset < graph.count else { return nil }
            let last = graph[offset]
            guard let byte = key.first else {
                if last & 0xE0 == 0x80 { return Flags(rawValue: last & 0x0F) } // a return value
                if consumed { return nil }
                continue
            }
            guard last == byte | 0x80 else {
                if consumed { return nil }
                continue
            }
            // The label's end character matched: on to this node's children.
            key = key.dropFirst()
            offset += 1
            listPosition = offset
            target = offset
        }
        return nil
    }

    /// One link: its distance, its length in bytes (1–3), and whether it is the node's last.
    private static func link(_ graph: [UInt8], at position: Int) -> (distance: Int, length: Int, isLast: Bool)? {
        guard position < graph.count else { return nil }
        let first = graph[position]
        let isLast = first & 0x80 != 0
        switch first & 0x60 {
        case 0x60:
            guard position + 2 < graph.count else { return nil }
            return ((Int(first & 0x1F) << 16) | (Int(graph[position + 1]) << 8) | Int(graph[position + 2]), 3, isLast)
        case 0x40:
            guard position + 1 < graph.count else { return nil }
            return ((Int(first & 0x1F) << 8) | Int(graph[position + 1]), 2, isLast)
        default:
            return (Int(first & 0x3F), 1, isLast)
        }
    }

    /// Every node the graph reaches, each once: links in bounds and pointing forward, labels
    /// ending (in a return value or an end character followed by links) before the last byte.
    private static func validate(_ graph: [UInt8]) throws(Invalid) {
        var visited = [Bool](repeating: false, count: graph.count)
        var lists = [0] // positions of link lists still to read
        while let listStart = lists.popLast() {
            var position = listStart
            var target = listStart
            while true {
                guard let link = link(graph, at: position) else { throw .truncated(at: position) }
                guard link.distance > 0 else { throw .backwardLink(at: position) }
                target += link.distance
                guard target < graph.count else { throw .truncated(at: position) }
                if !visited[target] {
                    visited[target] = true
                    var offset = target
                    while offset < graph.count, graph[offset] & 0x80 == 0 { offset += 1 }
                    guard offset < graph.count else { throw .truncated(at: target) }
                    if graph[offset] & 0xE0 != 0x80 { // an end character: its links follow
                        guard offset + 1 < graph.count else { throw .truncated(at: offset) }
                        lists.append(offset + 1)
                    }
                }
                if link.isLast { break }
                position += link.length
            }
        }
    }
}
