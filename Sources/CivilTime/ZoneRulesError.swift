/// Why the rules of a zone could not be had.
public enum ZoneRulesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No TZif file for the zone under the zoneinfo root (or it could not be read).
    case unknownZone(ZoneIdentifier, path: String, errno: Int32)
    /// The file is not TZif as RFC 8536 defines it.
    case malformedData(ZoneIdentifier, path: String, reason: String)

    public var description: String {
        switch self {
        case let .unknownZone(zone, path, errno):
            "time zone \(zone): cannot read \(path) (errno \(errno)); is the tzdata package installed?"
        case let .malformedData(zone, path, reason):
            "time zone \(zone): \(path) is not a TZif file (RFC 8536): \(reason)"
        }
    }
}
