import CivilTime

// Zone names in expectations are written as text; a name tzdata would refuse fails the test where it is used.
extension ZoneIdentifier: ExpressibleByStringLiteral {
    public init(stringLiteral name: String) {
        guard let zone = ZoneIdentifier(name) else { fatalError("\(name) is no zone name") }
        self = zone
    }
}
