// JSON-LD script texts copied verbatim from KDE KItinerary's test data (CC0-1.0), commit
// f234c0c0b196475a540adf6fcfeeb8ed93a783d6, autotests/structureddata/ (see
// /work/shared/corpus/kitinerary/README.md), with the output upstream expects of them.

enum JSONCorpusSamples {
    /// The text of the `<script type="application/ld+json">` in `eventbrite-broken-json.html`:
    /// a trailing comma after `"endDate": "…"` at 11:59.
    static let eventbriteScript = #"""

        {
            "@context": "http://schema.org",
            "@type": "EventReservation",
            "reservationNumber": "XXX007",
            "reservationStatus": "http://schema.org/Confirmed",
            "reservationFor": {
                "@type": "Event",
                "name": "XMAS Open Mobility Data Community Remote Meetup 2020 #xomdcrm20",
                    "startDate": "2020-12-11T17:00:00+01:00",
                    "endDate": "2020-12-12T17:00:00+01:00",
            }
        }
    
"""#

    /// `eventbrite-broken-json.json`.
    static let eventbriteExpected = #"""
[
    {
        "@context": "http://schema.org",
        "@type": "EventReservation",
        "reservationFor": {
            "@type": "Event",
            "endDate": "2020-12-12T17:00:00+01:00",
            "name": "XMAS Open Mobility Data Community Remote Meetup 2020 #xomdcrm20",
            "startDate": "2020-12-11T17:00:00+01:00"
        },
        "reservationNumber": "XXX007",
        "reservationStatus": "http://schema.org/Confirmed"
    }
]
"""#

    /// The script of `ew-invalid-json-array.html`: one line, two objects written `}{` at 1:850.
    static let eurowingsScript = #"""
[{"@context": "http://schema.org","@type": "FlightReservation","reservationNumber": "XXX007","reservationStatus": "http://schema.org/Confirmed","underName": {"@type": "Person","name": "Volker Krause"},"reservationFor": {"@type": "Flight","flightNumber": "8102","airline": {"@type": "Airline","name": "Germanwings","iataCode": "4U"},"departureAirport": {"@type": "Airport","name": "Berlin - Tegel","iataCode": "TXL"},"departureTime": "02-02-2018 18:35","arrivalAirport": {"@type": "Airport","name": "Brussels","iataCode": "BRU"},"arrivalTime": "02-02-2018 19:55"},"airplaneSeat": "15D","airplaneSeatClass": {"@type":"AirplaneSeatClass","name": "BASIC"},"ticketNumber": "20180202 EW8102 TXLBRU","ticketToken": "qrCode:M1KRAUSE/VOLKER        XXX007 TXLBRUEW 8102 033Y015D0049 147>1181W 8033BEW 0000000000000291040000000000 0      123412341234567     "}{"@context": "http://schema.org","@type": "FlightReservation","reservationNumber": "XXX007","reservationStatus": "http://schema.org/Confirmed","underName": {"@type": "Person","name": "Volker Krause"},"reservationFor": {"@type": "Flight","flightNumber": "8103","airline": {"@type": "Airline","name": "Germanwings","iataCode": "4U"},"departureAirport": {"@type": "Airport","name": "Brussels","iataCode": "BRU"},"departureTime": "02-04-2018 20:40","arrivalAirport": {"@type": "Airport","name": "Berlin - Tegel","iataCode": "TXL"},"arrivalTime": "02-04-2018 22:00"},"airplaneSeat": "12C","airplaneSeatClass": {"@type":"AirplaneSeatClass","name": "BASIC"},"ticketNumber": "20180204 EW8103 BRUTXL","ticketToken": "qrCode:M1KRAUSE/VOLKER        XXX007 BRUTXLEW 8103 035Y012C0030 147>1181W 8033BEW 0000000000000291040000000000 0      123412341234567     "}]
"""#

    /// `ew-invalid-json-array.json`.
    static let eurowingsExpected = #"""
[
    {
        "@context": "http://schema.org",
        "@type": "FlightReservation",
        "reservationNumber": "XXX007",
        "reservationStatus": "http://schema.org/Confirmed",
        "underName": {"@type": "Person","name": "Volker Krause"},
        "reservationFor": {
            "@type": "Flight",
            "flightNumber": "8102",
            "airline": {"@type": "Airline","name": "Germanwings","iataCode": "4U"},
            "departureAirport": {"@type": "Airport","name": "Berlin - Tegel","iataCode": "TXL"},
            "departureTime": "02-02-2018 18:35",
            "arrivalAirport": {"@type": "Airport","name": "Brussels","iataCode": "BRU"},
            "arrivalTime": "02-02-2018 19:55"
        },
        "airplaneSeat": "15D",
        "airplaneSeatClass": {"@type":"AirplaneSeatClass","name": "BASIC"},
        "ticketNumber": "20180202 EW8102 TXLBRU",
        "ticketToken": "qrCode:M1KRAUSE/VOLKER        XXX007 TXLBRUEW 8102 033Y015D0049 147>1181W 8033BEW 0000000000000291040000000000 0      123412341234567     "
    },
    {
        "@context": "http://schema.org",
        "@type": "FlightReservation",
        "reservationNumber": "XXX007",
        "reservationStatus": "http://schema.org/Confirmed",
        "underName": {"@type": "Person","name": "Volker Krause"},
        "reservationFor": {
            "@type": "Flight",
            "flightNumber": "8103",
            "airline": {"@type": "Airline","name": "Germanwings","iataCode": "4U"},
            "departureAirport": {"@type": "Airport","name": "Brussels","iataCode": "BRU"},
            "departureTime": "02-04-2018 20:40",
            "arrivalAirport": {"@type": "Airport","name": "Berlin - Tegel","iataCode": "TXL"},
            "arrivalTime": "02-04-2018 22:00"
        },
        "airplaneSeat": "12C",
        "airplaneSeatClass": {"@type":"AirplaneSeatClass","name": "BASIC"},
        "ticketNumber": "20180204 EW8103 BRUTXL",
        "ticketToken": "qrCode:M1KRAUSE/VOLKER        XXX007 BRUTXLEW 8103 035Y012C0030 147>1181W 8033BEW 0000000000000291040000000000 0      123412341234567     "
    }
]
"""#
}
