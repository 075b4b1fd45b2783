/// An IANA time zone name ("Europe/Paris", "America/Argentina/Buenos_Aires", "UTC"), checked
/// for the syntax tzdata uses so that it can name a file under a zoneinfo root and nothing
/// else: 1–255 bytes of ASCII letters, digits, `_`, `-`, `+`, `.`, in `/`-separated parts;
/// no empty part, no leading or trailing `/`, no part `.` or `..`, no part starting with `-`
/// (tzfile(5) and the tz "Theory" file's rules for names).
public struct ZoneIdentifier: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let name: String

    public static let maximumLength = 255

    public init?(_ name: String) {
        let count = name.utf8.count
        guard count > 0, count <= Self.maximumLength else { return nil }
        // One pass over the bytes, part by part (no copies: zone names are checked on every look-up).
        var part = PartCheck()
        for byte in name.utf8 {
            if byte == UInt8(ascii: "/") {
                guard part.isAcceptable else { return nil }
                part = PartCheck()
            } else {
                guard Self.isNameByte(byte) else { return nil }
                part.append(byte)
            }
        }
        guard part.isAcceptable else { return nil }
        self.name = name
    }

    /// One `/`-separated part, as its bytes go by: not empty, not `.` or `..`, not starting with `-`.
    private struct PartCheck {
        var length = 0
        var first: UInt8 = 0
        var onlyDots = true

        mutating func append(_ byte: UInt8) {
            if length == 0 { first = byte }
            if byte != UInt8(ascii: ".") { onlyDots = false }
            length += 1
        }

        var isAcceptable: Bool { length > 0 && first != UInt8(ascii: "-") && !(onlyDots && length <= 2) }
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
