/// The schema.org properties of the types this tool reads, for `unknown-property`.
///
/// Listed by hand from the schema.org type definitions (https://schema.org/FlightReservation
/// and so on, schema.org vocabulary, CC BY-SA 3.0), each type with its direct properties and
/// its supertype; a type's properties are its own and all its supertypes'. Superseded names
/// real mail still uses are listed (`bookingAgent`, `carrier`). Gmail's markup adds
/// properties schema.org does not define; they are marked `QUIRK:` below.
struct SchemaVocabulary {
    struct TypeDefinition {
        let supertypes: [String]
        let properties: [String]
    }

    static let types: [String: TypeDefinition] = {
        var types: [String: TypeDefinition] = [:]
        func define(_ name: String, _ supertypes: [String], _ properties: String) {
            types[name] = TypeDefinition(supertypes: supertypes, properties: properties.split(separator: " ").map(String.init))
        }
        define("Thing", [], "additionalType alternateName description disambiguatingDescription identifier image "
            + "mainEntityOfPage name potentialAction sameAs subjectOf url")
        define("Intangible", ["Thing"], "")
        define("Reservation", ["Intangible"], "bookingAgent bookingTime broker modifiedTime priceCurrency "
            + "programMembershipUsed provider reservationFor reservationId reservationStatus reservedTicket totalPrice "
            + "underName "
            // QUIRK: Gmail's reservation markup: its own id name, action URLs and ticket fields on the reservation.
            + "reservationNumber modifyReservationUrl cancelReservationUrl confirmReservationUrl checkinUrl "
            + "ticketNumber ticketToken ticketDownloadUrl ticketPrintUrl additionalTicketText price")
        define("FoodEstablishmentReservation", ["Reservation"], "endTime partySize startTime")
        define("LodgingReservation", ["Reservation"], "checkinTime checkoutTime lodgingUnitDescription lodgingUnitType "
            + "numAdults numChildren "
            // QUIRK: Gmail and older senders give dates under these names.
            + "checkinDate checkoutDate")
        define("EventReservation", ["Reservation"], "startTime endTime " // QUIRK: Apple's samples time the reservation
            // QUIRK: Gmail's event tickets.
            + "numSeats venueSeat venueRow venueSection")
        define("FlightReservation", ["Reservation"], "boardingGroup passengerPriorityStatus passengerSequenceNumber "
            + "securityScreening "
            // QUIRK: Gmail's boarding-pass fields.
            + "airplaneSeat airplaneSeatClass boardingPassUrl")
        define("TrainReservation", ["Reservation"], "")
        define("BusReservation", ["Reservation"], "")
        define("BoatReservation", ["Reservation"], "")
        define("RentalCarReservation", ["Reservation"], "dropoffLocation dropoffTime pickupLocation pickupTime")
        define("TaxiReservation", ["Reservation"], "partySize pickupLocation pickupTime")

        define("Trip", ["Intangible"], "arrivalTime departureTime itinerary offers partOfTrip provider subTrip tripOrigin")
        define("Flight", ["Trip"], "aircraft arrivalAirport arrivalGate arrivalTerminal boardingPolicy carrier "
            + "departureAirport departureGate departureTerminal estimatedFlightDuration flightDistance flightNumber "
            + "mealService seller webCheckinTime "
            // QUIRK: Gmail's flight markup names the airline so.
            + "airline")
        define("TrainTrip", ["Trip"], "arrivalPlatform arrivalStation departurePlatform departureStation trainName "
            + "trainNumber "
            + "trainCompany") // QUIRK: Gmail's train markup.
        define("BusTrip", ["Trip"], "arrivalBusStop busName busNumber departureBusStop "
            + "busCompany") // QUIRK: Gmail's bus markup.
        define("BoatTrip", ["Trip"], "arrivalBoatTerminal departureBoatTerminal")

        define("Event", ["Thing"], "about actor aggregateRating attendee attendees audience composer contributor "
            + "director doorTime duration endDate eventAttendanceMode eventSchedule eventStatus funder inLanguage "
            + "isAccessibleForFree keywords location maximumAttendeeCapacity maximumPhysicalAttendeeCapacity "
            + "maximumVirtualAttendeeCapacity offers organizer performer performers previousStartDate recordedIn "
            + "remainingAttendeeCapacity review sponsor startDate subEvent subEvents superEvent translator "
            + "typicalAgeRange workFeatured workPerformed")
        for subtype in ["BusinessEvent", "ChildrensEvent", "ComedyEvent", "DanceEvent", "EducationEvent", "Festival",
                        "LiteraryEvent", "MusicEvent", "SaleEvent", "ScreeningEvent", "SocialEvent", "SportsEvent",
                        "TheaterEvent", "ExhibitionEvent"] {
            define(subtype, ["Event"], "")
        }

        define("Place", ["Thing"], "additionalProperty address aggregateRating amenityFeature branchCode "
            + "containedInPlace containsPlace event events faxNumber geo globalLocationNumber hasMap "
            + "isAccessibleForFree isicV4 keywords latitude logo longitude maximumAttendeeCapacity "
            + "openingHoursSpecification photo photos publicAccess review reviews slogan smokingAllowed "
            + "specialOpeningHoursSpecification telephone tourBookingPage")
        define("CivicStructure", ["Place"], "openingHours")
        define("Airport", ["CivicStructure"], "iataCode icaoCode")
        define("TrainStation", ["CivicStructure"], "stationCode") // QUIRK: stationCode is not schema.org; senders use it.
        define("BusStation", ["CivicStructure"], "")
        define("BusStop", ["CivicStructure"], "")
        define("BoatTerminal", ["CivicStructure"], "")
        define("EventVenue", ["CivicStructure"], "")
        define("StadiumOrArena", ["CivicStructure"], "")
        define("MusicVenue", ["CivicStructure"], "")
        define("PerformingArtsTheater", ["CivicStructure"], "")
        define("AdministrativeArea", ["Place"], "")
        define("Country", ["AdministrativeArea"], "")
        define("City", ["AdministrativeArea"], "")

        define("Organization", ["Thing"], "actionableFeedbackPolicy address aggregateRating alumni areaServed award "
            + "brand contactPoint correctionsPolicy department dissolutionDate diversityPolicy duns email employee "
            + "ethicsPolicy event faxNumber founder foundingDate foundingLocation funder globalLocationNumber "
            + "hasOfferCatalog hasPOS isicV4 knowsAbout knowsLanguage legalName leiCode location logo "
            + "makesOffer member memberOf naics numberOfEmployees owns parentOrganization publishingPrinciples "
            + "review seeks slogan sponsor subOrganization taxID telephone vatID")
        define("Airline", ["Organization"], "boardingPolicy iataCode")
        define("LocalBusiness", ["Organization", "Place"], "currenciesAccepted openingHours paymentAccepted priceRange")
        define("FoodEstablishment", ["LocalBusiness"], "acceptsReservations hasMenu menu servesCuisine starRating "
            + "startDate startTime endDate endTime") // QUIRK: Apple's own sample times the table on the restaurant.
        for subtype in ["Restaurant", "Bakery", "BarOrPub", "Brewery", "CafeOrCoffeeShop", "FastFoodRestaurant",
                        "IceCreamShop", "Winery"] {
            define(subtype, ["FoodEstablishment"], "")
        }
        define("LodgingBusiness", ["LocalBusiness"], "amenityFeature audience availableLanguage checkinTime "
            + "checkoutTime numberOfRooms petsAllowed starRating")
        for subtype in ["Hotel", "Hostel", "Motel", "Resort", "BedAndBreakfast", "Campground", "VacationRental"] {
            define(subtype, ["LodgingBusiness"], "")
        }
        define("AutoRental", ["LocalBusiness"], "")

        define("StructuredValue", ["Intangible"], "")
        define("ContactPoint", ["StructuredValue"], "areaServed availableLanguage contactOption contactType email "
            + "faxNumber hoursAvailable productSupported serviceArea telephone")
        define("PostalAddress", ["ContactPoint"], "addressCountry addressLocality addressRegion postOfficeBoxNumber "
            + "postalCode streetAddress")
        define("Person", ["Thing"], "additionalName address affiliation alumniOf award birthDate birthPlace brand "
            + "children colleague contactPoint deathDate email familyName faxNumber follows gender givenName "
            + "hasOccupation height homeLocation honorificPrefix honorificSuffix jobTitle knows knowsLanguage "
            + "memberOf nationality parent sibling spouse taxID telephone vatID workLocation worksFor")
        define("Ticket", ["Intangible"], "dateIssued issuedBy priceCurrency ticketNumber ticketToken ticketedSeat "
            + "totalPrice underName")
        define("Seat", ["Intangible"], "seatNumber seatRow seatSection seatingType")
        define("ProgramMembership", ["Intangible"], "hostingOrganization member membershipNumber membershipPointsEarned "
            + "programName")
        define("Brand", ["Intangible"], "aggregateRating logo review slogan")
        define("Product", ["Thing"], "additionalProperty aggregateRating audience award brand category color "
            + "gtin isRelatedTo isSimilarTo logo manufacturer material model mpn offers productID releaseDate "
            + "review sku weight width height depth")
        define("Vehicle", ["Product"], "bodyType cargoVolume fuelType numberOfDoors seatingCapacity vehicleConfiguration "
            + "vehicleIdentificationNumber vehicleModelDate vehicleTransmission")
        define("Car", ["Vehicle"], "acrissCode roofLoad "
            + "rentalCompany") // QUIRK: Gmail's rental-car markup names the company on the car.
        return types
    }()

    /// Every property `type` has (its own and its supertypes'), nil for a type not listed here.
    static func properties(of type: String) -> Set<String>? {
        guard types[type] != nil else { return nil }
        var result: Set<String> = []
        var pending = [type]
        while let name = pending.popLast() {
            guard let definition = types[name] else { continue }
            result.formUnion(definition.properties)
            pending += definition.supertypes
        }
        return result
    }

    /// The known name `key` most likely means: the same name in another case, else the
    /// nearest by edit distance (at most 2, or 1 for a name under six letters; ties go to the first in alphabetical order).
    static func nearest(to key: String, in known: Set<String>) -> String? {
        if let sameLetters = known.sorted().first(where: { $0.lowercased() == key.lowercased() }) { return sameLetters }
        // Two edits turn a short name into too many others: one for names under six letters.
        let allowed = key.count < 6 ? 1 : 2
        var best: (name: String, distance: Int)?
        for name in known.sorted() {
            let distance = editDistance(key.lowercased(), name.lowercased())
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance (insertions, deletions, substitutions) over Unicode scalars.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
