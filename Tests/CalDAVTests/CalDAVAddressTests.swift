@testable import CalDAV
import Foundation
import HTTPClient
import ICalendar
import Testing
import TestSupport

@Suite("CalDAV URLs and multistatus answers")
struct CalDAVAddressTests {
    @Test("a calendar URL: the collection ends in /, its parent is known")
    func honest() throws {
        let address = try CalDAVAddress("https://dav.example:8443/dav/alice/reservations")
        #expect(address.collection == "https://dav.example:8443/dav/alice/reservations/")
        #expect(address.parent == "https://dav.example:8443/dav/alice/")
        #expect(try CalDAVAddress("http://127.0.0.1:5232/alice/cal/").collection == "http://127.0.0.1:5232/alice/cal/")
    }

    @Test("refused: credentials in the URL (never echoed), the server root, dot segments, other schemes, a query")
    func attacks() {
        do {
            _ = try CalDAVAddress("https://svc:hunter2@dav.example/alice/cal/")
            Issue.record("a URL with a password was accepted")
        } catch {
            #expect(!error.description.contains("hunter2"))
            #expect(error.description.contains("--caldav-credentials"))
        }
        for bad in ["https://dav.example/", "https://dav.example", "https://dav.example/alice/../bob/cal/", "https://dav.example/a/./b/",
                    "https://dav.example//cal/", "ftp://dav.example/cal/", "file:///etc/cal/", "https://dav.example/cal/?x=1",
                    "https://dav.example/cal/#f"] {
            #expect(throws: CalDAVAddressError.self, "\(bad)") { try CalDAVAddress(bad) }
        }
    }

    @Test("hrefs under any prefix, entities decoded; a property's text, not a longer name's, not the empty one")
    func multistatus() {
        let xml = """
            <?xml version='1.0'?><D:multistatus xmlns:D="DAV:"><D:response><D:href>/a/b%20c.ics</D:href></D:response>\
            <response><href> /a/x&amp;y.ics </href></response><D:hrefs>no</D:hrefs></D:multistatus>
            """
        #expect(MultistatusHrefs.hrefs(in: xml) == ["/a/b%20c.ics", "/a/x&y.ics"])
        #expect(CalDAVCollection.resourceName("/a/b%20c.ics") == "b c.ics")
        #expect(CalDAVCollection.resourceName("/a/") == nil)
        #expect(CalDAVCollection.resourceName("/a/%2e%2e") == nil, "a name that decodes to .. is no resource")
        #expect(CalDAVCollection.resourceName("/a/x%2Fy") == nil, "nor one with a slash in it")
        let properties = """
            <multistatus><prop><E:xt123>other</E:xt123><E:t123>A&#13;&#10;B &lt;c&gt;</E:t123><E:t999 /></prop></multistatus>
            """
        #expect(MultistatusHrefs.text(ofElement: "t123", in: properties) == "A\r\nB <c>")
        #expect(MultistatusHrefs.text(ofElement: "t999", in: properties) == nil)
    }
}

@Suite("CalDAV store edge cases against Radicale", .serialized)
struct CalDAVEdgeTests {
    @Test("an older cancellation never replaces a newer remembered one; the newer replaces the older")
    func tombstonesOnlyGrow() throws {
        try withRadicale { radicale in
            let dav = try collection(radicale)
            try dav.withExclusiveAccess { () throws(CalendarStoreError) in }
            let newer = Tombstone(reservationKey: "0123456789abcdef0123456789abcdef", part: nil,
                                  version: EventVersion(modified: nil, messageDate: 2_000), messageID: "<new@x>")
            var older = newer
            older.version = EventVersion(modified: nil, messageDate: 1_000)
            older.messageID = "<old@x>"
            try dav.store(newer)
            try dav.store(older)
            #expect(try dav.tombstone(reservationKey: newer.reservationKey, part: nil) == newer)
            // Another part of the same reservation is its own record.
            #expect(try dav.tombstone(reservationKey: newer.reservationKey, part: "leg 1") == nil)
            var newest = newer
            newest.version = EventVersion(modified: nil, messageDate: 3_000)
            try dav.store(newest)
            #expect(try dav.tombstone(reservationKey: newer.reservationKey, part: nil) == newest)
        }
    }

    @Test("a resource that does not parse (another client's garbage) is replaced, as the vdir replaces such a file")
    func garbageReplaced() throws {
        try withRadicale { radicale in
            let store = CalendarStore(collection: try collection(radicale), now: testNow)
            let table = restaurant("G-1", "Zur Post", "2027-03-10T19:00:00+01:00")
            let first = try store.apply([table], from: source(date: "2027-02-20T09:00:00Z"))
            let name = try #require(first.first?.fileName)
            // Another client turns it into a VTODO (it parses, but holds no event).
            let uid = try #require(first.first?.uid?.value)
            let todo = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VTODO\r\nUID:\(uid)\r\nDTSTAMP:20270101T000000Z\r\nSUMMARY:t\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            let put = try client(radicale).send(HTTPRequest(method: "PUT", url: radicale.root + "alice/reservations/" + name,
                                                            headers: [HTTPHeader("Content-Type", "text/calendar")], body: Array(todo.utf8)))
            #expect([201, 204].contains(put.status), "\(put.status)")
            let again = try store.apply([table], from: source(date: "2027-02-21T09:00:00Z"))
            #expect(again.map(\.action) == [.created], "\(again)")
            let text = try #require(try resources(radicale, "alice/reservations/")[name])
            #expect(text.contains("BEGIN:VEVENT") && !text.contains("VTODO"))
        }
    }
}
