/// Header canonicalization (RFC 6376 §3.4.1, §3.4.2) over the raw field bytes.
enum HeaderCanonicalization {
    /// The canonical form of one field, ending in CRLF unless `withLineEnding` is false
    /// (the DKIM-Signature field itself is hashed without its final CRLF, §3.7).
    static func canonicalize<Bytes: Collection<UInt8>>(
        _ raw: Bytes, _ mode: Canonicalization, withLineEnding: Bool = true
    ) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count + 2)
        switch mode {
        case .simple:
            // The field as it is, but with a bare LF (LF-only storage) read as CRLF.
            var previous: UInt8 = 0
            for byte in raw {
                if byte == 0x0A && previous != 0x0D { output.append(0x0D) }
                output.append(byte)
                previous = byte
            }
            // Drop the field's own line ending; it is added back below if wanted.
            if output.last == 0x0A { output.removeLast() }
            if output.last == 0x0D { output.removeLast() }
        case .relaxed:
            var inName = true
            var atValueStart = true
            var pendingSpace = false
            for byte in raw {
                if inName {
                    if byte == 0x3A {
                        // §3.4.2: WSP before the colon is deleted, the name lowercased.
                        while output.last == 0x20 || output.last == 0x09 { output.removeLast() }
                        output.append(0x3A)
                        inName = false
                    } else {
                        output.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                    }
                    continue
                }
                switch byte {
                case 0x0D, 0x0A:
                    continue // unfold
                case 0x20, 0x09:
                    pendingSpace = true
                default:
                    // WSP runs become one space; WSP after the colon and at the end is deleted.
                    if pendingSpace && !atValueStart { output.append(0x20) }
                    pendingSpace = false
                    atValueStart = false
                    output.append(byte)
                }
            }
        }
        if withLineEnding { output += [0x0D, 0x0A] }
        return output
    }
}
