/// A compressed file recognised by its first bytes, so a `.mbox.gz` is refused with a
/// word instead of being read as one message of binary.
///
/// Refused, not decompressed: reading gzip, xz and zstd would take three C libraries
/// behind wrapper targets and a streaming reader with its own bounds, for what a pipe
/// already does (`zcat box.mbox.gz | eventsuggest scan -`: an mbox on standard input is
/// detected).
public enum CompressionFormat: String, Sendable, CaseIterable {
    case gzip, xz, zstd, bzip2

    /// The format whose magic number `head` starts with, or nil.
    public init?(head: ArraySlice<UInt8>) {
        let magic: [(CompressionFormat, [UInt8])] = [
            (.gzip, [0x1F, 0x8B]),                              // RFC 1952 §2.3.1
            (.xz, [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]),        // xz file format §2.1.1.1
            (.zstd, [0x28, 0xB5, 0x2F, 0xFD]),                  // RFC 8878 §3.1.1
            (.bzip2, [0x42, 0x5A, 0x68]),                       // "BZh"
        ]
        guard let found = magic.first(where: { head.starts(with: $0.1) }) else { return nil }
        self = found.0
    }

    /// The program that decompresses it to standard output.
    public var decompressor: String {
        switch self {
        case .gzip: "zcat"
        case .xz: "xzcat"
        case .zstd: "zstdcat"
        case .bzip2: "bzcat"
        }
    }

    /// The most bytes a magic number has.
    static let headLength = 6
}
