/// A place in a reservation: a restaurant, a hotel, an airport, a station, a venue.
public struct Place: Sendable, Hashable, Codable {
    public var name: String?
    /// IATA code for airports, station codes where given.
    public var code: String?
    public var address: PostalAddress?
    public var telephone: String?
    /// `geo` (GeoCoordinates) or the place's own `latitude`/`longitude`, in degrees.
    public var geo: GeoCoordinates?

    public init(name: String? = nil, code: String? = nil, address: PostalAddress? = nil, telephone: String? = nil,
                geo: GeoCoordinates? = nil) {
        self.name = name
        self.code = code
        self.address = address
        self.telephone = telephone
        self.geo = geo
    }

    public var isEmpty: Bool { name == nil && code == nil && address == nil && telephone == nil && geo == nil }
}

/// schema.org GeoCoordinates: degrees north and east (WGS 84).
public struct GeoCoordinates: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    /// nil outside ±90° latitude and ±180° longitude.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// schema.org PostalAddress, or an address given as one string.
public struct PostalAddress: Sendable, Hashable, Codable {
    public var street: String?
    public var locality: String?
    public var region: String?
    public var postalCode: String?
    public var country: String?
    /// An address given as plain text, kept whole.
    public var text: String?

    public init(street: String? = nil, locality: String? = nil, region: String? = nil, postalCode: String? = nil,
                country: String? = nil, text: String? = nil) {
        self.street = street
        self.locality = locality
        self.region = region
        self.postalCode = postalCode
        self.country = country
        self.text = text
    }

    /// One line: "369 The Embarcadero, San Francisco, CA 94105, US".
    public var formatted: String {
        if let text { return text }
        let regionAndCode = [region, postalCode].compactMap { $0 }.joined(separator: " ")
        return [street, locality, regionAndCode.isEmpty ? nil : regionAndCode, country]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// Street, locality and country are all there (Gmail's "full address").
    public var isComplete: Bool { text == nil && street != nil && locality != nil && country != nil }
}
