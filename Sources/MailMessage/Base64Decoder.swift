/// Lenient base64 (RFC 2045 §6.8): any line length, whitespace and stray bytes
/// skipped, missing padding tolerated. What it had to forgive is reported.
public enum Base64Decoder {
    public struct Decoded: Sendable {
        public var bytes: [UInt8]
        /// Bytes outside the base64 alphabet (other than whitespace and line endings) were skipped.
        public var skippedInvalidBytes: Bool
        /// The data did not end on a whole quantum (a lone trailing character was dropped).
        public var hadTruncatedQuantum: Bool
        /// The decoded output reached the limit and the rest was not decoded.
        public var reachedLimit: Bool
    }

    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(byte)] = UInt8(index)
        }
        return table
    }()

    public static func decode<Bytes: Collection<UInt8>>(_ input: Bytes, limit: Int = .max) -> Decoded {
        // One non-generic loop over contiguous bytes: a generic one is not specialized
        // across modules and walks the input through witness calls, byte by byte.
        if let decoded = input.withContiguousStorageIfAvailable({ decode(buffer: $0, limit: limit) }) { return decoded }
        return Array(input).withUnsafeBufferPointer { decode(buffer: $0, limit: limit) }
    }

    private static func decode(buffer input: UnsafeBufferPointer<UInt8>, limit: Int) -> Decoded {
        let values = Self.values
        var output = [UInt8]()
        output.reserveCapacity(min(limit, input.count / 4 * 3 + 3))
        var accumulator: UInt32 = 0
        var pending = 0
        var skippedInvalid = false
        var reachedLimit = false
        for byte in input {
            let value = values[Int(byte)]
            if value == 0xFF {
                // '=' is padding; whitespace and line endings are transport formatting.
                if byte != ASCII.equals && !ASCII.isFoldingWhitespace(byte) { skippedInvalid = true }
                continue
            }
            accumulator = accumulator << 6 | UInt32(value)
            pending += 1
            if pending == 4 {
                if output.count + 3 > limit { reachedLimit = true; break }
                output.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                output.append(UInt8(truncatingIfNeeded: accumulator >> 8))
                output.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator = 0
                pending = 0
            }
        }
        // RFC 4648 §3.5 padding: two characters carry one byte, three carry two.
        if !reachedLimit {
            switch pending {
            case 2 where output.count + 1 <= limit:
                output.append(UInt8(truncatingIfNeeded: accumulator >> 4))
            case 3 where output.count + 2 <= limit:
                output.append(UInt8(truncatingIfNeeded: accumulator >> 10))
                output.append(UInt8(truncatingIfNeeded: accumulator >> 2))
            case 0, 1: break
            default: reachedLimit = true
            }
        }
        return Decoded(bytes: output, skippedInvalidBytes: skippedInvalid,
                       hadTruncatedQuantum: pending == 1, reachedLimit: reachedLimit)
    }
}
