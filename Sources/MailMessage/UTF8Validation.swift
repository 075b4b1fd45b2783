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
            // ASCII eight bytes at a time (most of HTML is ASCII). A word with a non-ASCII
            // byte skips straight to it: its lowest high bit is the first such byte in memory
            // (read as little-endian). In mail the non-ASCII characters come one by one between
            // short ASCII runs (é, ñ, ü, £, NBSP): stepping byte by byte to each one took half
            // of this function's time (issue 21).
            if index &+ 8 <= count {
                let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    & 0x8080_8080_8080_8080
                if high == 0 {
                    index &+= 8
                    continue
                }
                index &+= high.trailingZeroBitCount &>> 3
            } else if base[index] < 0x80 {
                index &+= 1
                continue
            }
            isASCII = false
            let lead = base[index]
            if lead < 0xE0 {
                // C2–DF and one continuation byte; 80–C1 lead nothing (a lone continuation
                // byte, or an overlong two-byte form).
                guard lead >= 0xC2, index &+ 2 <= count, base[index &+ 1] & 0xC0 == 0x80 else { return .invalid }
                index &+= 2
            } else if lead < 0xF0 {
                // E0 A0–BF (no overlong form), ED 80–9F (no surrogate), else 80–BF.
                guard index &+ 3 <= count else { return .invalid }
                let second = base[index &+ 1]
                let lowest: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
                let highest: UInt8 = lead == 0xED ? 0x9F : 0xBF
                guard second >= lowest, second <= highest, base[index &+ 2] & 0xC0 == 0x80 else { return .invalid }
                index &+= 3
            } else {
                // F0 90–BF (no overlong form), F4 80–8F (nothing above U+10FFFF), F5–FF never.
                guard lead <= 0xF4, index &+ 4 <= count else { return .invalid }
                let second = base[index &+ 1]
                let lowest: UInt8 = lead == 0xF0 ? 0x90 : 0x80
                let highest: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
                guard second >= lowest, second <= highest, base[index &+ 2] & 0xC0 == 0x80,
                      base[index &+ 3] & 0xC0 == 0x80 else { return .invalid }
                index &+= 4
            }
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
