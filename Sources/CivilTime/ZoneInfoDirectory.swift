import Glibc

/// Where TZif files are read from: a zoneinfo root directory (default `/usr/share/zoneinfo`,
/// Debian's `tzdata`), one file per `ZoneIdentifier`. Reading is the only thing done here.
public struct ZoneInfoDirectory: Sendable, Hashable {
    public static let systemRoot = "/usr/share/zoneinfo"
    /// TZif files of real zones are under 4 KiB (fat ones under 8); a bigger file is not one.
    public static let maximumFileSize = 1 << 20

    public let root: String

    public init(root: String = ZoneInfoDirectory.systemRoot) {
        self.root = root
    }

    public func path(of zone: ZoneIdentifier) -> String { root + "/" + zone.name }

    /// The rules of `zone`, read from its file.
    public func rules(for zone: ZoneIdentifier) throws(ZoneRulesError) -> ZoneRules {
        let path = path(of: zone)
        let bytes = try readFile(path, zone: zone)
        return try ZoneRules(identifier: zone, tzif: bytes, path: path)
    }

    private func readFile(_ path: String, zone: ZoneIdentifier) throws(ZoneRulesError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unknownZone(zone, path: path, errno: errno) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unknownZone(zone, path: path, errno: errno)
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            guard bytes.count <= Self.maximumFileSize else {
                throw .malformedData(zone, path: path, reason: "larger than \(Self.maximumFileSize) bytes")
            }
        }
    }
}
