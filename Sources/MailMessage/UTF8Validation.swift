/// Whether bytes are well-formed UTF-8, without building a string: the check that lets
/// valid text (nearly all mail) skip the repairing decode, and lets a part be judged on
/// its bytes before any text is made of it (issue 21).
enum UTF8Validation {
    /// RFC 3629 §4's UTF8-octets: no overlong form (C0, C1, E0 80–9F, F0 80–8F), no
    /// surrogate (ED A0–BF), nothing above U+10FFFF (F4 90–BF, F5–FF), no lone or missing
    /// continuation byte.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index < count {
            // ASCII eight bytes at a time (most of HTML is ASCII).
            while index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { break }
            let lead = base[index]
            if lead < 0x80 { index += 1; continue }
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
            default: return false
            }
            guard index + length <= count, secondRange.contains(base[index + 1]) else { return false }
            for offset in 2..<max(2, length) where base[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }

    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }

    /// Whether every byte is ASCII (below 0x80), eight at a time.
    static func isASCII(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return true }
            let raw = UnsafeRawPointer(base)
            var index = 0
            while index + 8 <= buffer.count {
                if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                index += 8
            }
            while index < buffer.count {
                if base[index] >= 0x80 { return false }
                index += 1
            }
            return true
        }
    }
}
