import ICalendar
import Testing

@Suite("calendar address templates: each recipient's calendar, never outside it")
struct CalendarAddressTemplateTests {
    let url = try! CalendarAddressTemplate("https://dav.example/{domain}/{user}/reservations/")
    let folder = try! CalendarAddressTemplate("/var/calendars/{recipient}")

    @Test("the honest cases: user lowercased without +tag, domain lowercased, the whole address")
    func honest() throws {
        #expect(try url.address(for: "Alice+Travel@Example.ORG") == "https://dav.example/example.org/alice/reservations/")
        #expect(try url.address(for: "<bob@example.org>") == "https://dav.example/example.org/bob/reservations/")
        #expect(try folder.address(for: "alice@example.org") == "/var/calendars/alice@example.org")
        #expect(try folder.address(for: "Alice+x@Example.org") == "/var/calendars/Alice+x@example.org")
        // A fixed template needs no recipient.
        #expect(try CalendarAddressTemplate("/home/a/cal").address(for: nil) == "/home/a/cal")
    }

    @Test("path attacks stay one segment: ../../etc, a/b, %2e%2e, a quoted local part with / and @")
    func pathAttacks() throws {
        // "../../etc" starts with a dot: refused, not encoded into something a server may decode.
        #expect(throws: CalendarAddressError.self) { try url.address(for: "../../etc@example.org") }
        #expect(throws: CalendarAddressError.self) { try url.address(for: "alice@..") }
        #expect(try url.address(for: "a/b@example.org") == "https://dav.example/example.org/a%2Fb/reservations/")
        #expect(try url.address(for: "alice@example.org/../../x") == "https://dav.example/example.org%2F..%2F..%2Fx/alice/reservations/")
        // Encoded dots stay encoded: a server decoding once sees "%2e%2e", never "..".
        #expect(try url.address(for: "%2e%2e@example.org") == "https://dav.example/example.org/%252e%252e/reservations/")
        #expect(try url.address(for: "\"a/../b@c\"@example.org") == "https://dav.example/example.org/a%2F..%2Fb@c/reservations/")
        #expect(try folder.address(for: "\"a\\\"b\"@example.org") == "/var/calendars/a%22b@example.org")
        for address in ["../../etc@example.org", "a/b@example.org", "%2e%2e@x.org", "\"x/y\"@a.org", "alice@example.org/../../x"] {
            guard let made = try? folder.address(for: address) else { continue }
            let tail = made.dropFirst("/var/calendars/".count)
            #expect(!tail.contains("/") && tail != ".." && !tail.hasPrefix("."), "\(address) → \(made)")
        }
    }

    @Test("NUL and control characters, an empty local part, no @: refused; unicode is percent-encoded UTF-8")
    func oddAddresses() throws {
        #expect(throws: CalendarAddressError.self) { try url.address(for: "ali\u{0}ce@example.org") }
        #expect(throws: CalendarAddressError.self) { try url.address(for: "alice\r\n@example.org") }
        #expect(throws: CalendarAddressError.self) { try url.address(for: "@example.org") }
        #expect(throws: CalendarAddressError.self) { try url.address(for: "+tag@example.org") }
        #expect(throws: CalendarAddressError.self) { try url.address(for: "alice") }
        #expect(throws: CalendarAddressError.self) { try url.address(for: nil) }
        #expect(try url.address(for: "jörg@bücher.example") == "https://dav.example/b%C3%BCcher.example/j%C3%B6rg/reservations/")
    }

    @Test("a template with an unknown placeholder or an unclosed brace is refused at setup")
    func badTemplates() {
        #expect(throws: CalendarAddressError.self) { try CalendarAddressTemplate("/cal/{usr}") }
        #expect(throws: CalendarAddressError.self) { try CalendarAddressTemplate("/cal/{user") }
        #expect(throws: CalendarAddressError.self) { try CalendarAddressTemplate("/cal/user}") }
        #expect((try? CalendarAddressTemplate("/cal/{user}/{domain}"))?.placeholders == [.user, .domain])
    }
}
