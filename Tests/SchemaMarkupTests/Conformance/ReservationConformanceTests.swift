import JSON
import SchemaMarkup
import Testing

/// KItinerary's `jsonlddata/` (`X.in.json` → `X.out.json`, JSON-LD import) and
/// `extractordata/` (`X.html`/`X.eml` → `X.….json`, the full pipeline) cases. Upstream's
/// output is a typed data model we do not have, so we compare what our `Reservation` holds:
/// the reservations must agree, in order, on type, reservation number, status, name and
/// start/end (instants for times with an offset, wall-clock values for floating times, dates
/// for date-only values). A case lists the places where we differ on purpose.
@Suite struct ReservationConformanceTests {
    enum Difference: Sendable {
        /// Upstream's elements of a non-reservation type (a bare Event, LodgingBusiness,
        /// FoodEstablishment, Organization) are itinerary elements in KItinerary. We suggest
        /// calendar entries only from the reservation types of Gmail markup and Siri Event
        /// Suggestions (`ReservationKind`): schema.org's Event or LocalBusiness is not a
        /// Reservation (https://schema.org/Reservation), and an event on a web page is not
        /// the reader's booking. So we make no reservation of them; the test checks instead
        /// that each is among our raw items (same `name`), i.e. that we read its markup.
        case notAReservation
        /// The input has no `reservationStatus`. KItinerary's data model defaults it to
        /// ReservationConfirmed; schema.org gives the property no default, and we keep "not
        /// stated" (nil) so that a later message's status is not mistaken for a change.
        case statusNotStated
    }

    /// Every case, keyed by its path under Fixtures/kitinerary without the extension.
    static let cases: [String: [Difference]] = [
        "jsonlddata/event-string-address": [.notAReservation],
        "jsonlddata/flight-cancellation": [],
        "jsonlddata/graph": [.notAReservation],
        "jsonlddata/multi-type": [.notAReservation],
        "jsonlddata/place-coordinate-propagation": [.notAReservation],
        "jsonlddata/reservationFor-array": [.statusNotStated],
        "jsonlddata/reservationFor-array2": [.statusNotStated],
        "extractordata/web/akademy2019.html": [.notAReservation],
        "extractordata/web/foss-events.html": [.notAReservation],
        "extractordata/web/hotel.html": [.notAReservation],
        "extractordata/web/mobilizon.html": [.notAReservation],
        "extractordata/web/potentialaction-with-entrypoint.html": [.notAReservation],
        "extractordata/web/restaurant-complex.html": [.notAReservation],
        "extractordata/web/restaurant.html": [.notAReservation],
        "extractordata/synthetic/flight-booking.eml": [],
    ]

    @Test("the case list covers jsonlddata/ and the copied extractordata/ exactly")
    func everyCaseIsListed() throws {
        var files = try KItineraryCorpus.files(in: "jsonlddata").map { "jsonlddata/" + $0 }
        for folder in ["extractordata/web", "extractordata/synthetic"] {
            files += try KItineraryCorpus.files(in: folder).map { "\(folder)/\($0)" }
        }
        let expected = Self.cases.keys.flatMap { name in
            name.hasPrefix("jsonlddata/") ? [name + ".in.json", name + ".out.json"] : [name, name + ".json"]
        }
        #expect(files.sorted() == expected.sorted())
    }

    @Test("reservations agree with KItinerary's", arguments: cases.keys.sorted())
    func reservationsMatch(name: String) throws {
        let differences = Self.cases[name] ?? []
        let html: String, expectedPath: String
        if name.hasPrefix("jsonlddata/") {
            // The import step reads JSON; ours reads it from HTML, so the input goes into a script.
            html = "<html><body><script type=\"application/ld+json\">\n"
                + (try KItineraryCorpus.text(name + ".in.json")) + "\n</script></body></html>"
            expectedPath = name + ".out.json"
        } else if name.hasSuffix(".eml") {
            html = try KItineraryCorpus.htmlPart(ofMessage: KItineraryCorpus.text(name))
            expectedPath = name + ".json"
        } else {
            html = try KItineraryCorpus.text(name)
            expectedPath = name + ".json"
        }
        guard case .array(let elements) = try KItineraryCorpus.json(expectedPath) else {
            Issue.record("\(expectedPath) is not an array")
            return
        }
        let extraction = MarkupExtractor().extract(html: html)

        var expected: [Facts] = []
        var notReservations: [JSONValue] = []
        for element in elements {
            let type = element["@type"]?.stringValue ?? ""
            if differences.contains(where: { if case .notAReservation = $0 { true } else { false } }),
               ReservationKind(schemaType: type) == nil {
                notReservations.append(element)
            } else {
                expected.append(Facts(kitinerary: element))
            }
        }
        if differences.contains(where: { if case .notAReservation = $0 { true } else { false } }) {
            #expect(!notReservations.isEmpty, "\(name): listed as notAReservation, but every element is a reservation")
            let ourNames = Set(extraction.items.compactMap { $0.value["name"]?.stringValue })
            for element in notReservations {
                let elementName = element["name"]?.stringValue
                #expect(elementName.map(ourNames.contains) == true,
                        "\(name): KItinerary's \(element["@type"]?.stringValue ?? "?") \(elementName ?? "(no name)") is not among our raw items \(ourNames.sorted())")
            }
        }
        if differences.contains(where: { if case .statusNotStated = $0 { true } else { false } }) {
            #expect(expected.contains { $0.status == ReservationStatus.confirmed.rawValue },
                    "\(name): listed as statusNotStated, but no expected reservation is ReservationConfirmed")
            for index in expected.indices where expected[index].status == ReservationStatus.confirmed.rawValue {
                expected[index].status = nil
            }
        }

        let ours = extraction.reservations.map(Facts.init(ours:))
        #expect(ours.count == expected.count,
                "\(name): \(ours.count) reservations, KItinerary \(expected.count):\nours \(ours)\nexpected \(expected)")
        for (index, (mine, theirs)) in zip(ours, expected).enumerated() {
            let found = mine.differences(from: theirs)
            #expect(found.isEmpty, "\(name) reservation \(index): \(found.joined(separator: "; "))")
        }
    }

    /// What both sides say about one reservation.
    struct Facts: CustomStringConvertible {
        var type: String
        var number: String?
        var status: String?
        var name: String?
        var start: DateTimeValue?
        var end: DateTimeValue?
        /// A time upstream wrote that DateTimeValue cannot read (reported, never equal).
        var unreadable: [String] = []

        init(ours reservation: Reservation) {
            type = reservation.kind.rawValue
            number = reservation.reservationID
            status = reservation.status?.rawValue
            name = reservation.name
            start = reservation.start
            end = reservation.end
        }

        /// From one element of KItinerary's output. `name` and the time properties are
        /// picked per type as `Reservation` documents them (a flight's name is its airline).
        init(kitinerary element: JSONValue) {
            type = element["@type"]?.stringValue ?? ""
            number = element["reservationNumber"]?.stringValue
            status = element["reservationStatus"]?.stringValue.map(SchemaType.shortName)
            let target = element["reservationFor"]
            var startValue: JSONValue?, endValue: JSONValue?
            switch ReservationKind(schemaType: type) {
            case .flight?:
                name = target?["airline"]?["name"]?.stringValue
                (startValue, endValue) = (target?["departureTime"], target?["arrivalTime"])
            case .train?:
                name = target?["trainName"]?.stringValue ?? target?["trainCompany"]?["name"]?.stringValue
                (startValue, endValue) = (target?["departureTime"], target?["arrivalTime"])
            case .bus?:
                name = target?["busName"]?.stringValue ?? target?["busCompany"]?["name"]?.stringValue
                (startValue, endValue) = (target?["departureTime"], target?["arrivalTime"])
            case .lodging?:
                name = target?["name"]?.stringValue
                (startValue, endValue) = (element["checkinTime"], element["checkoutTime"])
            case .foodEstablishment?:
                name = target?["name"]?.stringValue
                (startValue, endValue) = (element["startTime"], element["endTime"])
            case .event?:
                name = target?["name"]?.stringValue
                (startValue, endValue) = (target?["startDate"], target?["endDate"])
            default:
                // Boat, rental car, taxi: not in the corpus; the name alone is compared.
                name = target?["name"]?.stringValue
            }
            func time(_ value: JSONValue?, _ unreadable: inout [String]) -> DateTimeValue? {
                // KItinerary writes a time with a zone as {"@type": "QDateTime", "@value": ..., "timezone": ...}.
                guard let text = value?["@value"]?.stringValue ?? value?.stringValue else { return nil }
                guard let parsed = DateTimeValue(parsing: text) else {
                    unreadable.append(text)
                    return nil
                }
                return parsed
            }
            start = time(startValue, &unreadable)
            end = time(endValue, &unreadable)
        }

        func differences(from expected: Facts) -> [String] {
            var found: [String] = expected.unreadable.map { "KItinerary's time \($0) is unreadable" }
            if type != expected.type { found.append("type \(type), expected \(expected.type)") }
            if number != expected.number { found.append("number \(number ?? "nil"), expected \(expected.number ?? "nil")") }
            if status != expected.status { found.append("status \(status ?? "nil"), expected \(expected.status ?? "nil")") }
            if name != expected.name { found.append("name \(name ?? "nil"), expected \(expected.name ?? "nil")") }
            if !Self.same(start, expected.start) { found.append("start \(Self.text(start)), expected \(Self.text(expected.start))") }
            if !Self.same(end, expected.end) { found.append("end \(Self.text(end)), expected \(Self.text(expected.end))") }
            return found
        }

        /// The same instant (both with offsets), or the same wall-clock value or date (both
        /// without); a floating time never equals an instant.
        static func same(_ a: DateTimeValue?, _ b: DateTimeValue?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return a.isDateOnly == b.isDateOnly && a.compare(b) == .orderedSame
        }

        static func text(_ value: DateTimeValue?) -> String { value.map(\.description) ?? "nil" }

        var description: String {
            "\(type) \(number ?? "-") \(status ?? "-") \(name ?? "-") \(Self.text(start))…\(Self.text(end))"
        }
    }
}
