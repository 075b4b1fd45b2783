/// An IANA time zone name ("Europe/Paris", "America/Argentina/Buenos_Aires", "UTC"), checked
/// for the syntax tzdata uses so that it can name a file under a zoneinfo root and nothing
/// else: 1–255 bytes of ASCII letters, digits, `_`, `-`, `+`, `.`, in `/`-separated parts;
/// no empty part, no leading or trailing `/`, no part `.` or `..`, no part starting with `-`
/// (tzfile(5) and the tz "Theory" file's rules for names).
public struct ZoneIdentifier: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let name: String

    public static let maximumLength = 255

    public init?(_ name: String) {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maximumLength else { return nil }
        let parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for part in parts {
            guard let first = part.first, first != UInt8(ascii: "-"),
                  !part.elementsEqual(".".utf8), !part.elementsEqual("..".utf8),
                  part.allSatisfy(Self.isNameByte)
            else { return nil }
        }
        self.name = name
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
             UInt8(ascii: "+"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    public var description: String { name }

    public static func < (lhs: ZoneIdentifier, rhs: ZoneIdentifier) -> Bool { lhs.name < rhs.name }
}
