import Findings
import Foundation
import JSON
import Testing
@testable import SchemaMarkup

/// Microdata by the WHATWG algorithm (HTML §5.2): top-level items, itemtype, itemprop with
/// several names, itemref, itemid, the property value rules, nested items.
@Suite("Microdata extraction")
struct MicrodataExtractionTests {
    static func items(_ body: String) -> (items: [ExtractedItem], findings: [Finding]) {
        MarkupExtractor().items(fromHTML: "<!DOCTYPE html><html><body>\n\(body)\n</body></html>")
    }

    static func onlyItem(_ body: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> JSONValue? {
        let found = items(body)
        #expect(found.items.count == 1, sourceLocation: sourceLocation)
        #expect(found.findings.isEmpty, "\(found.findings)", sourceLocation: sourceLocation)
        return found.items.first?.value
    }

    static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { JSONMember(key: $0.key, value: $0.value) })
    }

    @Test("itemtype as a full URL or a bare name gives the same short @type and a schema.org @context", arguments: [
        "http://schema.org/FlightReservation", "https://schema.org/FlightReservation",
        "https://schema.org/FlightReservation/", "FlightReservation",
    ])
    func itemtypeSpellings(_ itemtype: String) {
        let value = Self.onlyItem(#"<div itemscope itemtype="\#(itemtype)"><meta itemprop="reservationNumber" content="X"></div>"#)
        #expect(value == Self.object([
            "@context": .string("http://schema.org"), "@type": .string("FlightReservation"),
            "reservationNumber": .string("X"),
        ]))
    }

    @Test("an itemtype outside schema.org gets no schema.org @context; several types become an array")
    func otherVocabularies() {
        let foreign = Self.onlyItem(#"<div itemscope itemtype="http://example.com/Thing"><span itemprop="a">b</span></div>"#)
        #expect(foreign == Self.object(["@type": .string("http://example.com/Thing"), "a": .string("b")]))
        let several = Self.onlyItem(
            #"<div itemscope itemtype="http://schema.org/Event http://schema.org/MusicEvent"><span itemprop="name">Gig</span></div>"#)
        #expect(several?["@type"] == .array([.string("Event"), .string("MusicEvent")]))
        let untyped = Self.onlyItem(#"<div itemscope><span itemprop="name">Gig</span></div>"#)
        #expect(untyped == Self.object(["name": .string("Gig")]))
    }

    @Test("itemprop with several names gives each name the value; IRI names become short names")
    func severalNames() {
        let value = Self.onlyItem("""
            <div itemscope itemtype="http://schema.org/Event">
              <span itemprop="name  alternateName
                description">Foo Fighters</span>
              <meta itemprop="http://schema.org/startDate" content="2027-03-06T19:30:00-08:00">
            </div>
            """)
        #expect(value?["name"] == .string("Foo Fighters"))
        #expect(value?["alternateName"] == .string("Foo Fighters"))
        #expect(value?["description"] == .string("Foo Fighters"))
        #expect(value?["startDate"] == .string("2027-03-06T19:30:00-08:00"))
    }

    @Test("a repeated property becomes an array in tree order")
    func repeatedProperty() {
        let value = Self.onlyItem("""
            <div itemscope itemtype="http://schema.org/Event">
              <span itemprop="performer">A</span><div><span itemprop="performer">B</span></div>
              <span itemprop="name">Gig</span><span itemprop="performer">C</span>
            </div>
            """)
        #expect(value?["performer"] == .array([.string("A"), .string("B"), .string("C")]))
    }

    @Test("property values: meta@content, link/a/area@href, img/audio/video/source/iframe/embed/track@src, object@data, time@datetime, data/meter@value, text otherwise")
    func valueRules() {
        let value = Self.onlyItem("""
            <div itemscope itemtype="http://schema.org/Thing">
              <meta itemprop="m" content="meta content">
              <link itemprop="l" href="http://schema.org/ReservationConfirmed">
              <a itemprop="a" href="https://example.com/r/1">the link text</a>
              <map><area itemprop="area" href="https://example.com/area" alt="x"></map>
              <img itemprop="img" src="https://example.com/i.png" alt="alt text">
              <audio itemprop="audio" src="https://example.com/a.mp3"></audio>
              <video itemprop="video" src="https://example.com/v.mp4"></video>
              <iframe itemprop="iframe" src="https://example.com/f"></iframe>
              <embed itemprop="embed" src="https://example.com/e">
              <object itemprop="object" data="https://example.com/o.pdf"></object>
              <time itemprop="t" datetime="2027-03-04T20:15:00-08:00">March 4, 8:15 pm</time>
              <time itemprop="tText">2027-03-04</time>
              <data itemprop="d" value="42">forty-two</data>
              <meter itemprop="meter" value="0.5" min="0" max="1">half</meter>
              <span itemprop="s">  Text
                 with   <b>markup</b> inside  </span>
            </div>
            """)
        #expect(value?["m"] == .string("meta content"))
        #expect(value?["l"] == .string("http://schema.org/ReservationConfirmed"))
        #expect(value?["a"] == .string("https://example.com/r/1"))
        #expect(value?["area"] == .string("https://example.com/area"))
        #expect(value?["img"] == .string("https://example.com/i.png"))
        #expect(value?["audio"] == .string("https://example.com/a.mp3"))
        #expect(value?["video"] == .string("https://example.com/v.mp4"))
        #expect(value?["iframe"] == .string("https://example.com/f"))
        #expect(value?["embed"] == .string("https://example.com/e"))
        #expect(value?["object"] == .string("https://example.com/o.pdf"))
        #expect(value?["t"] == .string("2027-03-04T20:15:00-08:00"))
        #expect(value?["tText"] == .string("2027-03-04"))
        #expect(value?["d"] == .string("42"))
        #expect(value?["meter"] == .string("0.5"))
        #expect(value?["s"] == .string("Text with markup inside"))
    }

    @Test("WHATWG: a meta without content, a data or a link without its attribute has the empty string as value")
    func missingValueAttributes() {
        let value = Self.onlyItem("""
            <div itemscope itemtype="http://schema.org/Thing">
              <meta itemprop="m"><data itemprop="d">shown text</data>
              <a itemprop="a">link text</a><link itemprop="l">
            </div>
            """)
        #expect(value?["m"] == .string(""))
        #expect(value?["d"] == .string(""))
        #expect(value?["a"] == .string(""))
        #expect(value?["l"] == .string(""))
    }

    @Test("nested items are values of their property; their properties never leak into the parent")
    func nestedItems() {
        let value = Self.onlyItem("""
            <div itemscope itemtype="http://schema.org/FlightReservation">
              <meta itemprop="reservationNumber" content="RXJ34P">
              <div itemprop="underName" itemscope itemtype="http://schema.org/Person">
                <span itemprop="name">Eva Green</span>
                <div><span itemprop="email">eva@example.com</span></div>
              </div>
              <div itemprop="reservationFor" itemscope itemtype="http://schema.org/Flight">
                <div itemprop="airline" itemscope itemtype="http://schema.org/Airline">
                  <span itemprop="name">United</span><span itemprop="iataCode">UA</span>
                </div>
                <span itemprop="flightNumber">110</span>
              </div>
            </div>
            """)
        #expect(value == Self.object([
            "@context": .string("http://schema.org"),
            "@type": .string("FlightReservation"),
            "reservationNumber": .string("RXJ34P"),
            "underName": Self.object([
                "@type": .string("Person"), "name": .string("Eva Green"), "email": .string("eva@example.com"),
            ]),
            "reservationFor": Self.object([
                "@type": .string("Flight"),
                "airline": Self.object(["@type": .string("Airline"), "name": .string("United"), "iataCode": .string("UA")]),
                "flightNumber": .string("110"),
            ]),
        ]))
    }

    @Test("an element with itemscope and itemprop is no top-level item; an item with no properties is dropped")
    func topLevelOnly() {
        let found = Self.items("""
            <span itemprop="name">stray property before any item</span>
            <div itemprop="x" itemscope itemtype="http://schema.org/Person"><span itemprop="name">Inner</span></div>
            <div itemscope itemtype="http://schema.org/Person"></div>
            <div itemscope itemtype="http://schema.org/Person"><span itemprop="name">Top</span></div>
            """)
        #expect(found.items.map(\.value) == [Self.object([
            "@context": .string("http://schema.org"), "@type": .string("Person"), "name": .string("Top"),
        ])])
        #expect(found.items.first?.location.line == 5)
        #expect(found.findings.isEmpty)
    }

    @Test("QUIRK: a property the HTML parser moved out of its item (<div> in <p>, as in Gmail's examples) is attached to the item before it, with a warning")
    func orphanedProperty() {
        let found = Self.items("""
            <p itemscope itemtype="http://schema.org/FlightReservation">
              <meta itemprop="reservationNumber" content="RXJ34P">
              <div itemprop="reservationFor" itemscope itemtype="http://schema.org/Flight">
                <meta itemprop="flightNumber" content="110">
              </div>
            </p>
            """)
        #expect(found.items.count == 1)
        #expect(found.items.first?.value["reservationFor"] == Self.object([
            "@type": .string("Flight"), "flightNumber": .string("110"),
        ]))
        #expect(found.findings.map(\.code) == [FindingCode.microdataOrphanProperty.id])
        #expect(found.findings.first?.severity == .warning)
        #expect(found.findings.first?.location?.line == 4)
    }

    @Test("itemid becomes @id")
    func itemid() {
        let value = Self.onlyItem("""
            <div itemscope itemtype="http://schema.org/FlightReservation" itemid="urn:booking:RXJ34P">
              <meta itemprop="reservationNumber" content="RXJ34P">
            </div>
            """)
        #expect(value?["@id"] == .string("urn:booking:RXJ34P"))
    }

    @Test("itemref adds the properties of elements elsewhere, in tree order, and not their nested items' properties")
    func itemref() {
        let value = Self.onlyItem("""
            <div id="details"><span itemprop="flightNumber">110</span>
              <div itemprop="airline" itemscope itemtype="http://schema.org/Airline"><span itemprop="name">United</span></div>
            </div>
            <div itemscope itemtype="http://schema.org/Flight" itemref="details tail">
              <meta itemprop="name" content="UA 110">
            </div>
            <p id="tail" itemprop="departureTime">2027-03-04T20:15:00-08:00</p>
            """)
        #expect(value == Self.object([
            "@context": .string("http://schema.org"),
            "@type": .string("Flight"),
            "flightNumber": .string("110"),
            "airline": Self.object(["@type": .string("Airline"), "name": .string("United")]),
            "name": .string("UA 110"),
            "departureTime": .string("2027-03-04T20:15:00-08:00"),
        ]))
    }

    @Test("an itemref to no element is reported; the item keeps its own properties")
    func itemrefMissing() {
        let found = Self.items(#"<div itemscope itemtype="http://schema.org/Person" itemref="nowhere"><span itemprop="name">Eva</span></div>"#)
        #expect(found.items.count == 1)
        #expect(found.findings.map(\.code) == [FindingCode.itemrefMissing.id])
        #expect(found.findings.first?.message.contains("\"nowhere\"") == true)
        #expect(found.findings.first?.location?.line == 2)
    }

    @Test("an itemref cycle is cut and reported, and the items around it are kept")
    func itemrefCycle() {
        let found = Self.items("""
            <div itemscope itemtype="http://schema.org/Thing" itemref="a"></div>
            <div id="a" itemprop="first" itemscope itemtype="http://schema.org/Thing" itemref="b"><span itemprop="name">A</span></div>
            <div id="b" itemprop="second" itemscope itemtype="http://schema.org/Thing" itemref="a"><span itemprop="name">B</span></div>
            """)
        #expect(found.findings.map(\.code).contains(FindingCode.itemrefCycle.id))
        #expect(found.items.count == 1)
        let first = found.items.first?.value["first"]
        #expect(first?["name"] == .string("A"))
        #expect(first?["second"]?["name"] == .string("B"))
        #expect(first?["second"]?["first"] == nil)
    }

    @Test("an item whose itemref names itself: ignored (WHATWG's crawl starts with the item in memory), properties kept")
    func selfReference() {
        let value = Self.onlyItem(
            #"<div id="me" itemscope itemtype="http://schema.org/Thing" itemref="me me"><span itemprop="name">x</span></div>"#)
        #expect(value?["name"] == .string("x"))
    }

    @Test("items nested deeper than maxItemDepth are cut with item-too-deep")
    func itemTooDeep() {
        let depth = 20
        var html = ""
        for level in 0..<depth {
            html += level == 0 ? #"<div itemscope itemtype="http://schema.org/Thing">"#
                : #"<div itemprop="child" itemscope itemtype="http://schema.org/Thing">"#
            html += #"<span itemprop="name">\#(level)</span>"#
        }
        html += String(repeating: "</div>", count: depth)
        let found = Self.items(html)
        #expect(found.findings.map(\.code) == [FindingCode.itemTooDeep.id])
        var value = found.items.first?.value
        var levels = 0
        while let current = value {
            levels += 1
            value = current["child"]
        }
        #expect(levels == MarkupLimits().maxItemDepth)
    }

    @Test("without any itemscope there is nothing to read (the walk stops there); an itemscope deep in the part is still found")
    func noItemscope() {
        let none = Self.items(#"<div itemprop="name">x</div><span itemref="a" itemtype="http://schema.org/Flight">y</span>"#)
        #expect(none.items.isEmpty)
        #expect(none.findings.isEmpty)
        // The honest case the shortcut must not lose: the only itemscope is the last element, deep down.
        let nested = String(repeating: "<div>", count: 200) + #"<i itemscope itemtype="http://schema.org/Flight"><b itemprop="flightNumber">110</b></i>"#
            + String(repeating: "</div>", count: 200)
        let found = Self.items(#"<div itemprop="name">x</div>"# + nested)
        #expect(found.items.count == 1)
        #expect(found.items.first?.value["flightNumber"] == .string("110"))
    }
}
