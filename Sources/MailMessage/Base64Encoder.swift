/// Base64 (RFC 4648 §4: the standard alphabet, padded), the one encoder: DKIM's b= and bh=,
/// a key's p=, and the lines of a MIME part (RFC 2045 §6.8).
public enum Base64Encoder {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` as one line of base64, without a line ending.
    public static func encode(_ bytes: [UInt8]) -> String {
        String(decoding: encoded(bytes, lineEnding: nil), as: UTF8.self)
    }

    /// RFC 2045 §6.8: lines of at most 76 characters, each ended by `lineEnding`, the last one too.
    public static func lines(_ bytes: [UInt8], lineEnding: [UInt8]) -> [UInt8] {
        encoded(bytes, lineEnding: lineEnding)
    }

    /// With a `lineEnding`, one after every 76 characters and after the last; without, one line.
    private static func encoded(_ bytes: [UInt8], lineEnding: [UInt8]?) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 4 / 3 + bytes.count / 57 * (lineEnding?.count ?? 0) + 8)
        var index = 0
        var lineLength = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let b0 = chunk[chunk.startIndex]
            let b1 = chunk.count > 1 ? chunk[chunk.startIndex + 1] : 0
            let b2 = chunk.count > 2 ? chunk[chunk.startIndex + 2] : 0
            output.append(alphabet[Int(b0 >> 2)])
            output.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            output.append(chunk.count > 1 ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            output.append(chunk.count > 2 ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
            lineLength += 4
            index += 3
            if let lineEnding, lineLength == 76 {
                output += lineEnding
                lineLength = 0
            }
        }
        if let lineEnding, lineLength > 0 { output += lineEnding }
        return output
    }
}
