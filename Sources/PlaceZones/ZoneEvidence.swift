import CivilTime

/// Why a time was given the zone it has: what in the markup named the place, in the order
/// of evidence issue 17 sets (an explicit offset first, then airport, coordinates, address,
/// the trip's other end).
public indirect enum ZoneEvidence: Sendable, Hashable, CustomStringConvertible {
    /// The value carried its own UTC offset: it is kept as written.
    case offset
    /// An IATA airport code (`departureAirport.iataCode`, or the airport given as a bare code).
    case airport(code: String)
    /// `geo` coordinates, matched to the nearest known point within `PlaceZoneDirectory.maximumDistance`.
    case coordinates(latitude: Double, longitude: Double, kilometres: Int)
    /// `addressCountry` of a country with one zone (ISO 3166-1 alpha-2).
    case country(String)
    /// `addressRegion` of a country with several zones (ISO 3166-2 code where there is one).
    case region(country: String, region: String)
    /// `addressLocality` of a country with several zones.
    case locality(country: String, locality: String)
    /// The reservation's other end, where that is sound (a ground trip within one country).
    case otherEnd(ZoneEvidence)

    /// "airport SFO", "country FR", "coordinates 48.8584, 2.2945": for lint's message.
    public var description: String {
        switch self {
        case .offset: "its UTC offset"
        case .airport(let code): "airport \(code)"
        case .coordinates(let latitude, let longitude, let kilometres):
            "coordinates \(latitude), \(longitude) (nearest known place \(kilometres) km away)"
        case .country(let country): "country \(country)"
        case .region(let country, let region): "region \(region) of \(country)"
        case .locality(let country, let locality): "locality \(locality) in \(country)"
        case .otherEnd(let evidence): "the trip's other end (\(evidence))"
        }
    }
}

/// A zone and the evidence for it.
public struct ZoneMatch: Sendable, Hashable {
    /// An IANA zone, as tzdata names it ("America/Los_Angeles").
    public var zone: ZoneIdentifier
    public var evidence: ZoneEvidence

    public init(zone: ZoneIdentifier, evidence: ZoneEvidence) {
        self.zone = zone
        self.evidence = evidence
    }
}
