/// SHA-256 in one call; `Digest(.sha256)` streams.
public enum SHA256 {
    public static func hash<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        Digest.hash(.sha256, bytes)
    }
}

extension Array where Element == UInt8 {
    /// Lowercase hexadecimal, two digits per byte. On arrays only: a generic extension on
    /// Collection ran unspecialised in every other module (~13,000 instructions a call; scan
    /// names each event file and UID with it).
    public var hexString: String {
        withUnsafeBufferPointer { bytes in
            String(unsafeUninitializedCapacity: bytes.count * 2) { text in
                for (index, byte) in bytes.enumerated() {
                    text[2 * index] = Self.hexDigit(byte >> 4)
                    text[2 * index + 1] = Self.hexDigit(byte & 0x0F)
                }
                return bytes.count * 2
            }
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
