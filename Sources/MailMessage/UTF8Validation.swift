/// Whether bytes are well-formed UTF-8, without building a string: the check that lets
/// valid text (nearly all mail) skip the repairing decode, and lets a part be judged on
/// its bytes before any text is made of it (issue 21).
enum UTF8Validation {
    /// RFC 3629 §4's UTF8-octets: no overlong form (C0, C1, E0 80–9F, F0 80–8F), no
    /// surrogate (ED A0–BF), nothing above U+10FFFF (F4 90–BF, F5–FF), no lone or missing
    /// continuation byte.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        verdict(bytes) != .invalid
    }

    /// What the bytes are: all ASCII, well-formed UTF-8 with some non-ASCII, or neither.
    enum Verdict: Equatable { case ascii, utf8, invalid }

    /// ``isValid(_:)``, telling ASCII apart (it is what a string made of the bytes is told).
    static func verdict(_ bytes: UnsafeBufferPointer<UInt8>) -> Verdict {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return .ascii }
        let raw = UnsafeRawPointer(base)
        var index = 0
        var isASCII = true
        while index < count {
            // ASCII eight bytes at a time (most of HTML is ASCII).
            while index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { break }
            let lead = base[index]
            if lead < 0x80 { index += 1; continue }
            isASCII = false
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; secondRange = 0x80...0x9F
            case 0xF0: length = 4; secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondRange = 0x80...0x8F
            default: return .invalid
            }
            guard index + length <= count, secondRange.contains(base[index + 1]) else { return .invalid }
            for offset in 2..<max(2, length) where base[index + offset] & 0xC0 != 0x80 { return .invalid }
            index += length
        }
        return isASCII ? .ascii : .utf8
    }

    /// The string the bytes spell when they are well-formed UTF-8, else nil: what
    /// `String(validating:as:)` gives, but checked by ``verdict(_:)`` (eight ASCII bytes at a
    /// time), and the string then made without the standard library checking them again
    /// (its own check goes byte by byte once a text has any non-ASCII character: 4.5 % of
    /// `extract`'s instructions went to it, issue 21).
    static func string(ifValid bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let verdict = verdict(bytes)
        guard verdict != .invalid else { return nil }
        return string(wellFormed: bytes, verdict: verdict)
    }

    /// The string of bytes that ``verdict(_:)`` has just judged (`.ascii` or `.utf8`, never
    /// `.invalid`), made without checking them again.
    static func string(wellFormed bytes: UnsafeBufferPointer<UInt8>, verdict: Verdict) -> String {
        precondition(verdict != .invalid, "only well-formed bytes are made into a string unchecked")
        // Sound: the bytes are well-formed (RFC 3629 §4), which is all UTF8Span's unchecked
        // initializer assumes.
        return String(copying: UTF8Span(unchecked: Span(_unsafeElements: bytes), isKnownASCII: verdict == .ascii))
    }

    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }
}
