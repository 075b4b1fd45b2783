import POSIXFiles

/// The keys file of DESIGN.md: one record per line, `selector._domainkey.domain`, whitespace,
/// the TXT text. `#` starts a comment. An absent name is answered as NXDOMAIN would be.
public struct KeysFileResolver: DKIMKeyResolver {
    public let path: String
    private let table: StaticKeyResolver

    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let line: Int?
        public let reason: String
        public var description: String { line.map { "\(path):\($0): \(reason)" } ?? "\(path): \(reason)" }
    }

    public init(path: String) throws(LoadError) {
        let data: [UInt8]
        do {
            data = try FileSystem.wholeContents(of: path)
        } catch {
            throw LoadError(path: path, line: nil, reason: "cannot read the keys file: \(error.reason)")
        }
        try self.init(bytes: data, path: path)
    }

    public init(text: String, path: String = "<keys>") throws(LoadError) {
        try self.init(bytes: Array(text.utf8), path: path)
    }

    /// Lines end in LF or CRLF (a file written on Windows): split at the LF byte, as "\r\n" is
    /// one Character, and a CR left at a line's end is whitespace, trimmed below. Each line is
    /// decoded as UTF-8 on its own, which reads as decoding the whole file would: UTF-8 puts no
    /// ASCII byte inside another scalar, and an invalid sequence cut by an LF is replaced the
    /// same way. (A split by Characters cost ~400 instructions a byte; by Unicode scalars, with
    /// the "#" search, still ~1.4 million instructions for the bench's 12 keys, 9 % of a
    /// `filter --keys`.)
    private init(bytes: [UInt8], path: String) throws(LoadError) {
        self.path = path
        var records: [String: [String]] = [:]
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, rawLine) in lines.enumerated() {
            let text = String(decoding: rawLine, as: UTF8.self)
            var line = text[...]
            // A "#" Character starts with the byte "#": a line without that byte is walked no further.
            if rawLine.contains(UInt8(ascii: "#")), let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let trimmed = Self.trimming(line) { $0.isWhitespace }
            guard !trimmed.isEmpty else { continue }
            guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
                throw LoadError(path: path, line: index + 1, reason: "expected 'selector._domainkey.domain TXT-TEXT'")
            }
            let name = String(Self.trimming(Substring(trimmed[..<space].lowercased())) { $0 == "." })
            guard Self.isKeyName(name) else {
                throw LoadError(path: path, line: index + 1, reason: "'\(name)' is not a selector._domainkey.domain name")
            }
            var value = String(Self.trimming(trimmed[space...]) { $0.isWhitespace })
            // Accept a zone-file style quoted TXT ("v=DKIM1; " "p=…") as well as bare text.
            if value.hasPrefix("\"") {
                value = value.split(separator: "\"", omittingEmptySubsequences: true)
                    .filter { !$0.allSatisfy(\.isWhitespace) }.joined()
            }
            records[name, default: []].append(value)
        }
        table = StaticKeyResolver(records: records)
    }

    /// Whether `name` holds "._domainkey.": by bytes when it is ASCII (its Characters are then
    /// its bytes: a line holds no LF, so no CRLF pair), else by Characters (a Character search
    /// costs ~50,000 instructions a name, a tenth of a filter's start with a keys file).
    private static func isKeyName(_ name: String) -> Bool {
        let marker = "._domainkey."
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return name.contains(marker) }
        let bytes = Array(name.utf8), needle = Array(marker.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...bytes.count - needle.count).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    /// `text` without the leading and trailing characters `drop` names (Foundation's
    /// trimmingCharacters bridges through NSString, a noticeable part of a filter start).
    private static func trimming(_ text: Substring, _ drop: (Character) -> Bool) -> Substring {
        guard let first = text.firstIndex(where: { !drop($0) }), let last = text.lastIndex(where: { !drop($0) }) else {
            return text[text.endIndex...]
        }
        return text[first...last]
    }

    public func lookUpKey(selector: String, domain: String) -> KeyLookupResult {
        table.lookUpKey(selector: selector, domain: domain)
    }
}
