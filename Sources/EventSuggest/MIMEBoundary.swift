import CryptoOpenSSL

/// A multipart boundary that cannot occur in the message it is put into.
///
/// RFC 2046 §5.1.1: the boundary must not appear inside the encapsulated parts. Each
/// candidate is `=_eventsuggest_` and 32 hex digits of a hash of a seed (the calendar text)
/// and the attempt: `=_` never occurs in base64 or quoted-printable text, and the candidate
/// is checked against every byte of the message anyway, not only line starts, so neither a
/// body that happens to hold it nor a sender who guessed it can cut a part short.
enum MIMEBoundary {
    static let prefix = "=_eventsuggest_"
    static let attempts = 16

    /// The `attempt`-th candidate for `seed`; deterministic, so a re-run writes the same bytes.
    static func candidate(_ attempt: Int, seed: String) -> String {
        prefix + SHA256.hash(Array("\(seed)#\(attempt)".utf8)).hexString.prefix(32)
    }

    /// The first candidate that occurs nowhere in `bytes`, or nil when all of them do
    /// (a message built to hold them all: it gets no part).
    static func choose(avoiding bytes: [UInt8], seed: String) -> String? {
        (0..<attempts).lazy.map { candidate($0, seed: seed) }.first { !occurs(Array($0.utf8), in: bytes) }
    }

    static func occurs(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= bytes.count else { return false }
        var index = bytes.startIndex
        let last = bytes.count - needle.count
        while index <= last {
            guard let found = bytes[index...last].firstIndex(of: first) else { return false }
            if bytes[found..<(found + needle.count)].elementsEqual(needle) { return true }
            index = found + 1
        }
        return false
    }
}
