/// Header canonicalization (RFC 6376 §3.4.1, §3.4.2) over the raw field bytes.
enum HeaderCanonicalization {
    /// The canonical form of one field, ending in CRLF unless `withLineEnding` is false
    /// (the DKIM-Signature field itself is hashed without its final CRLF, §3.7).
    static func canonicalize<Bytes: Collection<UInt8>>(
        _ raw: Bytes, _ mode: Canonicalization, withLineEnding: Bool = true
    ) -> [UInt8] {
        var output: [UInt8] = []
        append(raw, mode, withLineEnding: withLineEnding, to: &output)
        return output
    }

    /// Appends the canonical form of one field to `output` (the header hash input is built
    /// field after field in one array).
    static func append<Bytes: Collection<UInt8>>(
        _ raw: Bytes, _ mode: Canonicalization, withLineEnding: Bool = true, to output: inout [UInt8]
    ) {
        let start = output.count
        // Room for the worst case (simple, every byte a bare LF that becomes CRLF), then
        // written through a pointer: no capacity check per byte.
        let bound = 2 * raw.count + 2
        output.append(contentsOf: repeatElement(0, count: bound))
        let written = output.withUnsafeMutableBufferPointer { buffer in
            let out = buffer.baseAddress! + start
            var count = 0
            switch mode {
            case .simple:
                // The field as it is, but with a bare LF (LF-only storage) read as CRLF.
                var previous: UInt8 = 0
                for byte in raw {
                    if byte == 0x0A && previous != 0x0D { out[count] = 0x0D; count += 1 }
                    out[count] = byte
                    count += 1
                    previous = byte
                }
                // Drop the field's own line ending; it is added back below if wanted.
                if count > 0 && out[count - 1] == 0x0A { count -= 1 }
                if count > 0 && out[count - 1] == 0x0D { count -= 1 }
            case .relaxed:
                var inName = true
                var atValueStart = true
                var pendingSpace = false
                for byte in raw {
                    if inName {
                        if byte == 0x3A {
                            // §3.4.2: WSP before the colon is deleted, the name lowercased.
                            while count > 0 && (out[count - 1] == 0x20 || out[count - 1] == 0x09) { count -= 1 }
                            out[count] = 0x3A
                            count += 1
                            inName = false
                        } else {
                            out[count] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                            count += 1
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
                        if pendingSpace && !atValueStart { out[count] = 0x20; count += 1 }
                        pendingSpace = false
                        atValueStart = false
                        out[count] = byte
                        count += 1
                    }
                }
            }
            if withLineEnding {
                out[count] = 0x0D
                out[count + 1] = 0x0A
                count += 2
            }
            return count
        }
        output.removeLast(bound - written)
    }
}
