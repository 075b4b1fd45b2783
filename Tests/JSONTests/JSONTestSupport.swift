import Testing
import TestSupport
import JSON

/// Helpers of the JSON reader's tests, in one namespace so that they cannot collide with
/// the other tests of this target.
enum JSONFixtures {
    static let lenient = LenientJSONReader()
    static let strict = LenientJSONReader(recovers: false)

    /// The value and recoveries of reading `text`, or nil on an error.
    static func read(_ text: String, strict: Bool = false) -> (value: JSONValue, recoveries: [JSONRecovery])? {
        try? (strict ? Self.strict : lenient).read(text).get()
    }

    /// The error of reading `text`, or nil when it reads.
    static func error(_ text: String, strict: Bool = false, limits: JSONReaderLimits = .init()) -> JSONReadError? {
        guard case .failure(let error) = LenientJSONReader(limits: limits, recovers: !strict).read(text) else { return nil }
        return error
    }

    static func object(_ members: (String, JSONValue)...) -> JSONValue {
        .object(members.map { JSONMember(key: $0.0, value: $0.1) })
    }

    static func number(_ literal: String, _ value: Double) -> JSONValue {
        .number(JSONNumber(literal: literal, value: value))
    }

    /// The same value with every object's members sorted by key (stably), for comparing
    /// with expectations that order keys differently, as Qt's `QJsonObject ==` does.
    static func sortingKeys(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): .array(elements.map(sortingKeys))
        case .object(let members):
            .object(members.map { JSONMember(key: $0.key, value: sortingKeys($0.value)) }
                .enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }
                .map(\.element))
        default: value
        }
    }

    /// A JSON fixture with its expected positions marked by `‸` inside the text, so that no
    /// position is counted by hand. Lines end at LF; the column counts Unicode scalars.
    struct Marked: Sendable, CustomTestStringConvertible {
        static let marker: Unicode.Scalar = "‸"

        let text: String
        let positions: [JSONPosition]

        init(_ marked: String) {
            var text = String.UnicodeScalarView()
            var positions: [JSONPosition] = []
            var line = 1
            var column = 1
            for scalar in marked.unicodeScalars {
                if scalar == Self.marker {
                    positions.append(JSONPosition(line: line, column: column))
                    continue
                }
                text.append(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            self.text = String(text)
            self.positions = positions
        }

        var testDescription: String { String(reflecting: text) }
    }

    /// The seeded generator of TestSupport: every run mutates the same way.
    typealias Generator = SplitMix64

    /// Apple's WWDC 2020 "Siri Event Suggestions" FoodEstablishmentReservation sample, as
    /// published: no ',' after the telephone number (13:34) nor after the locality (17:37).
    static let wwdcSample = """
        {
          "@context": "http://schema.org",
          "@type": "FoodEstablishmentReservation",
          "reservationNumber": "IWDL4BZ",
          "reservationStatus": "http://schema.org/ReservationConfirmed",
          "underName": {
            "@type": "Person",
            "name": "John Appleseed"
          },
          "reservationFor": {
            "@type": "FoodEstablishment",
            "name": "Caffè Macs",
            "telephone": "(408) 996-1010"
            "address": {
              "@type": "PostalAddress",
              "streetAddress": "1 Apple Park Way",
              "addressLocality": "Cupertino"
              "addressRegion": "CA",
              "postalCode": "95014",
              "addressCountry": "USA"
            }
          },
          "startTime": "2020-06-26T19:30:00-07:00",
          "partySize": 2
        }
        """
}
