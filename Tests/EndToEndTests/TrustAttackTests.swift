import Foundation
import Testing

/// Issue 13 as an attacker tries it, through the built binary: each attack is built from a
/// message a registered sender really signed (the test key, `sign`, or dkimpy where our signer
/// cannot make the case), and each has an honest neighbour. dkimpy, verifying against the same
/// keys file, says every attack's signature **passes**, so no attack is stopped merely because
/// its signature broke; our verdict says untrusted with the named finding, and no .ics is written.
@Suite("trust: forged headers, unsigned fields, testing keys and hidden markup get no event", .serialized)
struct TrustAttackTests {
    static let python = "/usr/bin/python3"
    static let domain = "epicsteak.example"
    static let testingSelector = "testing2020"

    /// One message to run, what must happen to it, and the finding that says why.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var bytes: [UInt8]
        /// nil: an honest neighbour, which writes its event.
        var finding: String?
        /// The attack's signature verifies for dkimpy (false only for the neighbours it need not check).
        var dkimpyPasses = true
        var description: String { name }
    }

    struct Setup {
        let folder: URL
        let keys: String
        let registered: String

        init(_ label: String) throws {
            folder = try ReservationMail.folder(label)
            let honest = try ReservationMail.writeKeys(for: [TrustAttackTests.domain], in: folder)
            // The same key published once more under a selector whose record says t=y (testing).
            var text = try String(contentsOfFile: honest, encoding: .utf8)
            let record = try #require(text.split(separator: "\n").first { $0.hasPrefix(ReservationMail.selector + "._domainkey.") })
            text += record.replacingOccurrences(of: ReservationMail.selector + "._domainkey.",
                                                with: TrustAttackTests.testingSelector + "._domainkey.")
                .replacingOccurrences(of: "v=DKIM1; ", with: "v=DKIM1; t=y; ") + "\n"
            keys = try MailboxE2E.write(text, to: "keys", in: folder)
            registered = try ReservationMail.writeRegistered([TrustAttackTests.domain], in: folder)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    // MARK: - Building the messages

    static func reservation(_ id: String) -> [String: Any] {
        ReservationMail.restaurant(id: id, start: "2020-07-10T19:30:00-07:00")
    }

    /// The header lines every message starts with; `date` replaces the Date.
    static func header(_ id: String, date: String = "Fri, 19 Jun 2020 10:00:00 -0700") -> [String] {
        ["From: EPIC Steak <reservations@epicsteak.example>", "To: Ann Example <ann@example.org>",
         "Subject: Your table at EPIC Steak", "Date: \(date)", "Message-ID: <\(id)@epicsteak.example>", "MIME-Version: 1.0"]
    }

    static func crlf(_ lines: [String]) -> [UInt8] { Array(lines.joined(separator: "\r\n").utf8) }

    /// A single-part HTML message: `contentType` names the part, `html` is its body as sent.
    static func htmlMessage(_ id: String, contentType: String = "text/html; charset=utf-8", extra: [String] = [],
                            html: String, date: String = "Fri, 19 Jun 2020 10:00:00 -0700") -> [UInt8] {
        crlf(header(id, date: date) + ["Content-Type: \(contentType)"] + extra + ["", html, ""])
    }

    /// The sample's multipart/alternative confirmation (text + quoted-printable HTML).
    static func confirmation(_ id: String, date: String = "Fri, 19 Jun 2020 10:00:00 -0700") -> [UInt8] {
        ReservationMail.message(from: "EPIC Steak <reservations@epicsteak.example>", subject: "Your table at EPIC Steak",
                                date: date, messageID: "\(id)@epicsteak.example", html: ReservationMail.html([reservation(id)]))
    }

    /// An HTML page whose JSON-LD sits inside `wrapper` (`<textarea>…</textarea>`), with the booking text a person sees.
    static func wrapped(_ id: String, open: String, close: String) -> String {
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body>\n<p>Your table is booked.</p>\n"
            + "\(open)<script type=\"application/ld+json\">\(ReservationMail.json(reservation(id)))</script>\(close)\n"
            + "</body></html>"
    }

    static func sign(_ message: [UInt8], selector: String = ReservationMail.selector, headers: String? = nil) throws -> [UInt8] {
        var arguments = ["sign", "--key", ReservationMail.signingKey, "--domain", domain, "--selector", selector,
                         "--now", "2020-06-19T17:00:01Z"]
        if let headers { arguments += ["--headers", headers] }
        let result = try TestBinary.run(arguments, input: Data(message))
        try #require(result.status == 0, "sign failed: \(result.stderrText)")
        return Array(result.stdout)
    }

    /// Signed by dkimpy, with `h=` exactly `headers` (our signer always oversigns From).
    static func signWithDkimpy(_ message: [UInt8], headers: [String]) throws -> [UInt8] {
        let script = """
            import dkim, sys
            key = open(sys.argv[1], 'rb').read()
            message = sys.stdin.buffer.read()
            names = [n.encode() for n in sys.argv[3].split(':')]
            signature = dkim.sign(message, sys.argv[2].encode(), b'epicsteak.example', key, include_headers=names,
                                  canonicalize=(b'relaxed', b'relaxed'))
            sys.stdout.buffer.write(signature + message)
            """
        let result = try ReservationMail.run(python, ["-c", script, ReservationMail.signingKey, ReservationMail.selector,
                                                      headers.joined(separator: ":")],
                                             input: message, environment: ["PATH": "/usr/bin:/bin"])
        try #require(result.status == 0, "dkimpy could not sign: \(result.stderrText)")
        return Array(result.stdout)
    }

    static func prepend(_ lines: [String], _ signed: [UInt8]) -> [UInt8] { crlf(lines) + Array("\r\n".utf8) + signed }

    /// The signed bytes with one header line replaced (an unsigned field rewritten in transit).
    static func replacing(_ old: String, with new: String, in signed: [UInt8]) throws -> [UInt8] {
        let text = String(decoding: signed, as: UTF8.self)
        let range = try #require(text.range(of: old))
        return Array(text.replacingCharacters(in: range, with: new).utf8)
    }

    static func base64Lines(_ text: String) -> String {
        let encoded = Data(text.utf8).base64EncodedString()
        return stride(from: 0, to: encoded.count, by: 76).map { start in
            let from = encoded.index(encoded.startIndex, offsetBy: start)
            return String(encoded[from..<(encoded.index(from, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex)])
        }.joined(separator: "\r\n")
    }

    static let utf7Script = "+ADw-script type+AD0AIg-application/ld+-json+ACIAPg-"

    /// The attacks and their neighbours, every one built from a signature that verifies.
    static func cases() throws -> [Case] {
        var cases: [Case] = []
        // An auto-reply whose body is what a customer wrote — here, base64 text. Signed as text/plain;
        // read as base64 HTML, it would be a reservation.
        let echoedHTML = wrapped("ECHO1", open: "", close: "")
        let echo = try sign(htmlMessage("echo", contentType: "text/plain; charset=utf-8",
                                        html: base64Lines(echoedHTML)))
        cases.append(Case(name: "prepended Content-Type and Content-Transfer-Encoding",
                          bytes: prepend(["Content-Type: text/html; charset=utf-8", "Content-Transfer-Encoding: base64"], echo),
                          finding: "header-added-after-signing"))
        let honest = try sign(confirmation("HONEST1"))
        cases.append(Case(name: "honest: the signed confirmation", bytes: honest, finding: nil))
        cases.append(Case(name: "neighbour: a second Received above the signature",
                          bytes: prepend(["Received: from relay.example.net by mx.example.org; Fri, 19 Jun 2020 10:00:09 -0700"],
                                         try sign(confirmation("RECEIVED1"))), finding: nil))
        cases.append(Case(name: "neighbour: oversigned h= (from:from, content-type:content-type)",
                          bytes: try sign(confirmation("OVERSIGNED1"),
                                          headers: "from:from:subject:date:message-id:mime-version:content-type:content-type"),
                          finding: nil))
        cases.append(Case(name: "neighbour: a signed Date far in the past",
                          bytes: try sign(confirmation("PAST1", date: "Thu, 19 Jun 2003 10:00:00 -0700")), finding: nil))
        let signedCTE = try sign(htmlMessage("CTE1", extra: ["Content-Transfer-Encoding: base64"],
                                             html: base64Lines(ReservationMail.html([reservation("CTE1")]))))
        cases.append(Case(name: "neighbour: a signed Content-Type and Content-Transfer-Encoding (base64)", bytes: signedCTE,
                          finding: nil))
        // The signed message has no top-level encoding, so the added one is the only, unsigned, instance.
        cases.append(Case(name: "prepended Content-Transfer-Encoding (none was signed)",
                          bytes: prepend(["Content-Transfer-Encoding: quoted-printable"], try sign(confirmation("CTEADD1"))),
                          finding: "content-type-not-signed"))
        cases.append(Case(name: "prepended Content-Transfer-Encoding above a signed one",
                          bytes: prepend(["Content-Transfer-Encoding: quoted-printable"], signedCTE),
                          finding: "header-added-after-signing"))
        for (label, date) in [("future", "Sat, 19 Jun 2027 10:00:00 -0700"), ("garbage", "the day after tomorrow"),
                              ("far past", "Mon, 1 Jan 1990 00:00:00 +0000")] {
            cases.append(Case(name: "prepended Date (\(label))",
                              bytes: prepend(["Date: \(date)"], try sign(confirmation("DATE-\(label)"))),
                              finding: "header-added-after-signing"))
        }
        cases.append(Case(name: "prepended Subject",
                          bytes: prepend(["Subject: Your table was moved to 23:00"], try sign(confirmation("SUBJECT1"))),
                          finding: "header-added-after-signing"))
        let messageIDCopy = try sign(confirmation("DUP1"))
        cases.append(Case(name: "duplicated Message-ID", bytes: prepend(["Message-ID: <DUP1@epicsteak.example>"], messageIDCopy),
                          finding: "header-added-after-signing"))
        cases.append(Case(name: "duplicated MIME-Version", bytes: prepend(["MIME-Version: 1.0"], try sign(confirmation("DUP2"))),
                          finding: "header-added-after-signing"))
        // From signed once (not oversigned, which our signer always does): a second From above.
        let fromOnce = try signWithDkimpy(confirmation("FROM1"),
                                          headers: ["from", "subject", "date", "message-id", "mime-version", "content-type"])
        // dkimpy, like our verifier (RFC 6376 §8.15), refuses the signature of a message with two
        // From fields; the policy's own answer (no single author) is checked too.
        cases.append(Case(name: "prepended From (From signed once)",
                          bytes: prepend(["From: EPIC Steak <reservations@epicsteak.example>"], fromOnce),
                          finding: "from-multiple", dkimpyPasses: false))
        cases.append(Case(name: "neighbour: From signed once, untouched", bytes: fromOnce, finding: nil))
        // A sender that signs no Content-Type: the attacker rewrites it (one instance, unsigned).
        let unsignedType = try sign(htmlMessage("echo2", contentType: "text/plain; charset=utf-8",
                                                html: base64Lines(wrapped("ECHO2", open: "", close: ""))),
                                    headers: "from:subject:date:to:message-id:mime-version")
        cases.append(Case(name: "unsigned Content-Type rewritten",
                          bytes: try replacing("Content-Type: text/plain; charset=utf-8",
                                               with: "Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64",
                                               in: unsignedType),
                          finding: "content-type-not-signed"))
        cases.append(Case(name: "unsigned Content-Type, even untouched",
                          bytes: try sign(confirmation("UNSIGNEDCT1"), headers: "from:subject:date:to:message-id:mime-version"),
                          finding: "content-type-not-signed"))
        cases.append(Case(name: "t=y key", bytes: try sign(confirmation("TESTING1"), selector: testingSelector),
                          finding: "key-in-testing-mode"))
        // Encodings no browser reads HTML in, MIME-labelled and <meta>-labelled.
        for label in ["utf-7", "utf-32", "iso-2022-kr", "hz-gb-2312"] {
            cases.append(Case(name: "HTML in \(label)",
                              bytes: try sign(htmlMessage("ENC-\(label)", contentType: "text/html; charset=\(label)",
                                                          html: "<p>Your note: \(utf7Script)</p>" + wrapped("ENC-\(label)", open: "", close: ""))),
                              finding: "html-encoding-refused"))
        }
        cases.append(Case(name: "HTML labelled utf-7 by <meta charset>",
                          bytes: try sign(htmlMessage("META1", contentType: "text/html",
                                                      html: "<meta charset=\"utf-7\"><p>\(utf7Script)</p>"
                                                          + wrapped("META1", open: "", close: "").replacingOccurrences(of: "<meta charset=\"utf-8\">", with: ""))),
                          finding: "html-encoding-refused"))
        cases.append(Case(name: "neighbour: HTML labelled iso-8859-1 by <meta charset>",
                          bytes: try sign(htmlMessage("META2", contentType: "text/html",
                                                      html: wrapped("META2", open: "", close: "")
                                                          .replacingOccurrences(of: "charset=\"utf-8\"", with: "charset=\"iso-8859-1\""))),
                          finding: nil))
        // Markup a reader sees as text.
        for (element, open, close) in [("textarea", "<textarea>", "</textarea>"), ("title", "<title>", "</title>"),
                                       ("xmp", "<xmp>", "</xmp>"), ("plaintext", "<plaintext>", ""),
                                       ("noscript", "<noscript>", "</noscript>"), ("template", "<template>", "</template>"),
                                       ("CDATA", "<![CDATA[", "]]>")] {
            cases.append(Case(name: "JSON-LD inside \(element)",
                              bytes: try sign(htmlMessage("EL-\(element)", html: wrapped("EL-\(element)", open: open, close: close))),
                              finding: "no-reservations"))
        }
        cases.append(Case(name: "neighbour: JSON-LD after a textarea",
                          bytes: try sign(htmlMessage("AFTERTEXTAREA1", html: wrapped("AFTERTEXTAREA1", open: "<textarea>notes</textarea>",
                                                                                      close: ""))),
                          finding: nil))
        // The HTML attachment, and a forwarded message.
        let boundary = "b-trust-1"
        let attachment = crlf(header("ATTACH1") + [
            "Content-Type: multipart/mixed; boundary=\"\(boundary)\"", "", "--\(boundary)",
            "Content-Type: text/plain; charset=utf-8", "", "Your booking is attached.", "--\(boundary)",
            "Content-Type: text/html; charset=utf-8", "Content-Disposition: attachment; filename=\"booking.html\"", "",
            wrapped("ATTACH1", open: "", close: ""), "--\(boundary)--", ""])
        cases.append(Case(name: "HTML attachment", bytes: try sign(attachment), finding: "html-attachment-ignored"))
        let inline = String(decoding: attachment, as: UTF8.self)
            .replacingOccurrences(of: "Content-Disposition: attachment", with: "Content-Disposition: inline")
            .replacingOccurrences(of: "ATTACH1", with: "INLINE1")
        cases.append(Case(name: "neighbour: the same HTML part inline", bytes: try sign(Array(inline.utf8)), finding: nil))
        let inner = String(decoding: try sign(confirmation("FORWARDED1")), as: UTF8.self)
        let forward = crlf(header("FWD1") + [
            "Content-Type: multipart/mixed; boundary=\"\(boundary)\"", "", "--\(boundary)",
            "Content-Type: text/plain; charset=utf-8", "", "See the booking below.", "--\(boundary)",
            "Content-Type: message/rfc822", "", inner, "--\(boundary)--", ""])
        cases.append(Case(name: "markup inside message/rfc822", bytes: try sign(forward), finding: "forwarded-message-ignored"))
        return cases
    }

    // MARK: - Checking

    /// dkimpy's verdict on the top signature of each file, keys from the keys file (no DNS).
    static func dkimpyVerdicts(_ paths: [String], keys: String) throws -> [String: Bool] {
        let script = """
            import dkim, json, sys
            records = {}
            for line in open(sys.argv[1]):
                line = line.strip()
                if not line or line.startswith('#'):
                    continue
                name, text = line.split(None, 1)
                records[name.lower() + '.'] = text.encode()
            def dnsfunc(name, timeout=5):
                key = name.decode() if isinstance(name, bytes) else name
                return records.get(key.lower() if key.endswith('.') else key.lower() + '.')
            out = {}
            for path in sys.argv[2:]:
                out[path] = bool(dkim.verify(open(path, 'rb').read(), dnsfunc=dnsfunc))
            print(json.dumps(out))
            """
        let result = try ReservationMail.run(python, ["-c", script, keys] + paths, input: [],
                                             environment: ["PATH": "/usr/bin:/bin"])
        try #require(result.status == 0, "dkimpy: \(result.stderrText)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Bool])
    }

    static func logCodes(_ path: String) -> [String] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["code"] as? String
        }
    }

    @Test("filter: no .ics for any attack, the finding named, dkimpy says the signature passes; the neighbours get theirs")
    func filterEachCase() throws {
        let setup = try Setup("trust-filter")
        defer { setup.remove() }
        let cases = try Self.cases()
        var paths: [String] = []
        for (index, item) in cases.enumerated() {
            paths.append(try MailboxE2E.write(item.bytes, to: "case-\(index).eml", in: setup.folder))
        }
        let dkimpy = try Self.dkimpyVerdicts(paths, keys: setup.keys)
        for (index, item) in cases.enumerated() {
            #expect(dkimpy[paths[index]] == item.dkimpyPasses,
                    "\(item): dkimpy says the signature \(item.dkimpyPasses ? "does not pass, so this case proves nothing" : "passes")")
            let calendar = setup.folder.appendingPathComponent("calendar-\(index)").path
            let log = setup.folder.appendingPathComponent("log-\(index).jsonl").path
            let result = try TestBinary.run(["filter", "--keys", setup.keys, "--registered", setup.registered,
                                             "--now", ReservationMail.now, "--calendar", calendar, "--log", log],
                                            input: Data(item.bytes))
            #expect(result.status == 0, "\(item): \(result.stderrText)")
            // The mail itself is delivered whole.
            let (_, rest) = ReservationMail.splitOurFields(Array(result.stdout))
            #expect(rest == item.bytes, "\(item): the message was not passed through unchanged")
            let events = ReservationMail.calendar(calendar)
            let codes = Self.logCodes(log)
            let suggestions = ReservationMail.suggestions(Array(result.stdout))
            switch item.finding {
            case nil:
                #expect(events.count == 1, "\(item): \(suggestions) \(codes)")
                #expect(suggestions.first?.hasPrefix("created ") == true, "\(item): \(suggestions)")
            case "no-reservations":
                #expect(events.isEmpty, "\(item): \(suggestions)")
                #expect(!suggestions.contains { $0.hasPrefix("created") }, "\(item): \(suggestions)")
            case let code?:
                #expect(events.isEmpty, "\(item): an event was written: \(suggestions)")
                #expect(codes.contains(code) || suggestions.contains { $0.contains(code) }, "\(item): \(codes) \(suggestions)")
            }
        }
    }

    @Test("scan of a Maildir holding every case: the report names each attack's reason, events only for the neighbours")
    func scanAll() throws {
        let setup = try Setup("trust-scan")
        defer { setup.remove() }
        let cases = try Self.cases()
        let maildir = setup.folder.appendingPathComponent("Maildir")
        for sub in ["cur", "new", "tmp"] {
            try FileManager.default.createDirectory(at: maildir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        for (index, item) in cases.enumerated() {
            try Data(item.bytes).write(to: maildir.appendingPathComponent(String(format: "cur/17000%05d.M%dP1.trust:2,S", index, index)))
        }
        let calendar = setup.folder.appendingPathComponent("calendar").path
        let result = try TestBinary.run(["scan", maildir.path, "--keys", setup.keys, "--registered", setup.registered,
                                         "--now", ReservationMail.now, "--calendar", calendar, "--report", "-"])
        #expect(result.status == 0 || result.status == 1, "\(result.stderrText)")
        let objects = try MailboxE2E.objects(result)
        try #require(objects.count == cases.count)
        for (index, item) in cases.enumerated() {
            let object = try #require(objects.first { ($0["file"] as? String)?.contains(String(format: "17000%05d.", index)) == true })
            let policy = object["policy"] as? [String: Any]
            let codes = ((object["diagnostics"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
            let events = (object["events"] as? [[String: Any]]) ?? []
            switch item.finding {
            case nil:
                #expect(policy?["trusted"] as? Bool == true, "\(item): \(policy ?? [:])")
                #expect(events.map { $0["action"] as? String } == ["created"], "\(item): \(events)")
            case "no-reservations":
                #expect((object["reservations"] as? [Any])?.isEmpty == true, "\(item)")
                #expect(events.isEmpty, "\(item)")
            case let code?:
                #expect(events.isEmpty, "\(item): \(events)")
                #expect(policy?["code"] as? String == code || codes.contains(code), "\(item): \(policy ?? [:]) \(codes)")
            }
        }
        let neighbours = cases.filter { $0.finding == nil }.count
        #expect(ReservationMail.calendar(calendar).count == neighbours)
    }
}
