import Foundation
import Testing
import TestSupport

/// `filter --caldav` and `scan --caldav` over the bundled samples against a real Radicale,
/// checked against `scan --calendar` by Python's icalendar (not by our reader).
enum CalDAVSamples {
    static let samples = TestBinary.repositoryRoot.appendingPathComponent("Maildir-samples").path
    static let common = ["--keys", samples + "/keys", "--registered", samples + "/registered-domains", "--now", "2027-01-15T00:00:00Z"]

    /// Every sample message file, in name order.
    static func messages() throws -> [String] {
        try ["cur", "new"].flatMap { sub in
            try FileManager.default.contentsOfDirectory(atPath: samples + "/" + sub).sorted().map { samples + "/" + sub + "/" + $0 }
        }
    }

    /// name → "UID|STATUS|DTSTART|DTEND|SUMMARY|libical UID DTSTART" for each event of a vdir
    /// folder or a CalDAV collection, read and parsed by Python's icalendar and by libical.
    static func events(at location: String, user: String = Radicale.serviceUser, password: String = Radicale.servicePassword) throws -> [String: String] {
        let script = #"""
            import sys, json, os, base64, urllib.request, xml.etree.ElementTree as ET
            import icalendar, gi
            gi.require_version("ICalGLib", "3.0")
            from gi.repository import ICalGLib
            def libical(text):
                component = ICalGLib.Component.new_from_string(text.decode("utf-8"))
                if component is None or component.isa() != ICalGLib.ComponentKind.VCALENDAR_COMPONENT:
                    return "libical: no VCALENDAR"
                event = component.get_first_component(ICalGLib.ComponentKind.VEVENT_COMPONENT)
                if event is None: return "libical: no VEVENT"
                if event.get_first_property(ICalGLib.PropertyKind.XLICERROR_PROPERTY) is not None: return "libical: errors"
                return "libical " + event.get_uid() + " " + event.get_dtstart().as_ical_string()
            where, user, password = sys.argv[1], sys.argv[2], sys.argv[3]
            texts = {}
            if where.startswith("http"):
                auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
                request = urllib.request.Request(where, method="PROPFIND", headers={"Depth": "1", "Authorization": auth})
                try:
                    tree = ET.fromstring(urllib.request.urlopen(request).read())
                except urllib.error.HTTPError as error:
                    if error.code == 404: print("{}"); sys.exit(0)
                    raise
                for href in tree.iter("{DAV:}href"):
                    path = href.text.strip()
                    if path.endswith("/"): continue
                    host = where.split("/")[0] + "//" + where.split("/")[2]
                    item = urllib.request.Request(host + path, headers={"Authorization": auth})
                    texts[path.rsplit("/", 1)[1]] = urllib.request.urlopen(item).read()
            else:
                for name in os.listdir(where):
                    if name.endswith(".ics") and not name.startswith("."):
                        texts[name] = open(os.path.join(where, name), "rb").read()
            result = {}
            for name, text in texts.items():
                calendar = icalendar.Calendar.from_ical(text)
                for event in calendar.walk("VEVENT"):
                    def value(key):
                        v = event.get(key)
                        if v is None: return ""
                        return v.to_ical().decode() if hasattr(v, "to_ical") else str(v)
                    result[name] = "|".join([str(event.get("UID")), str(event.get("STATUS")), value("DTSTART"), value("DTEND"),
                                             str(event.get("SUMMARY")), libical(text)])
            print(json.dumps(result, sort_keys=True))
            """#
        let output = try runTool("/usr/bin/python3", ["-c", script, location, user, password])
        return try JSONDecoder().decode([String: String].self, from: output)
    }

    static func temporaryFolder(_ label: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("es-\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The events `scan --calendar` makes of the samples: what every CalDAV run must equal.
    static func vdirReference() throws -> [String: String] {
        let folder = try temporaryFolder("caldav-reference")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try TestBinary.run(["scan", samples, "--calendar", folder + "/calendar", "--report", folder + "/report"] + common)
        guard run.status == 0 else { throw FixtureError(description: "scan --calendar exited \(run.status): \(run.stderrText)") }
        return try events(at: folder + "/calendar")
    }
}

@Suite("CalDAV end to end: filter and scan against Radicale", .serialized)
struct CalDAVEndToEndTests {
    @Test("scan --caldav and filter --caldav give the resource names, UIDs, STATUS and times scan --calendar gives")
    func sameAsTheVdir() throws {
        let expected = try CalDAVSamples.vdirReference()
        #expect(expected.count >= 5, "the samples make events: \(expected)")
        #expect(expected.values.allSatisfy { $0.contains("|libical ") }, "libical reads every event: \(expected)")
        try withRadicale { radicale in
            let credentials = try radicale.credentialsFile()
            let folder = try CalDAVSamples.temporaryFolder("caldav-scan")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let scan = try TestBinary.run(["scan", CalDAVSamples.samples, "--caldav", radicale.root + "alice/scan/",
                                           "--caldav-credentials", credentials, "--report", folder + "/report"] + CalDAVSamples.common)
            #expect(scan.status == 0, "\(scan.stderrText)")
            #expect(try CalDAVSamples.events(at: radicale.root + "alice/scan/") == expected)

            // One filter process per message, in file-name order (not the mails' date order).
            for message in try CalDAVSamples.messages() {
                let run = try TestBinary.run(["filter", "--caldav", radicale.root + "alice/filter/", "--caldav-credentials", credentials]
                                             + CalDAVSamples.common, input: try Data(contentsOf: URL(fileURLWithPath: message)))
                #expect(run.status == 0, "\(message): \(run.stderrText)")
                #expect(!run.stdoutText.contains("not written"), "\(message)")
            }
            #expect(try CalDAVSamples.events(at: radicale.root + "alice/filter/") == expected)
        }
    }

    @Test("4 concurrent filter --caldav processes on one calendar end in the serial state")
    func concurrentFilters() throws {
        let expected = try CalDAVSamples.vdirReference()
        try withRadicale { radicale in
            let credentials = try radicale.credentialsFile()
            let messages = try CalDAVSamples.messages()
            let failures = NSLock()
            nonisolated(unsafe) var problems: [String] = []
            // 4 lanes, each a sequence of filter processes: 4 writers at any moment.
            DispatchQueue.concurrentPerform(iterations: 4) { lane in
                for (index, message) in messages.enumerated() where index % 4 == lane {
                    do {
                        let run = try TestBinary.run(["filter", "--caldav", radicale.root + "alice/parallel/", "--caldav-credentials", credentials]
                                                     + CalDAVSamples.common, input: try Data(contentsOf: URL(fileURLWithPath: message)))
                        if run.status != 0 || run.stdoutText.contains("not written") {
                            failures.withLock { problems.append("\(message): \(run.status) \(run.stderrText)") }
                        }
                    } catch {
                        failures.withLock { problems.append("\(message): \(error)") }
                    }
                }
            }
            #expect(problems.isEmpty, "\(problems)")
            #expect(try CalDAVSamples.events(at: radicale.root + "alice/parallel/") == expected)
        }
    }

    @Test("Radicale stopped: the mail is delivered, our field says not written (--defer-on-error: 75); restarted: the next mail writes")
    func serverDown() throws {
        let messages = try CalDAVSamples.messages()
        let radicale = try Radicale()
        try radicale.start()
        defer { radicale.stop() }
        let credentials = try radicale.credentialsFile()
        let url = radicale.root + "alice/down/"
        let folder = try CalDAVSamples.temporaryFolder("caldav-down")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A message that makes an event (the reference says which).
        var writing: Data?
        for message in messages {
            let data = try Data(contentsOf: URL(fileURLWithPath: message))
            let run = try TestBinary.run(["filter", "--calendar", folder + "/probe-\(writing == nil ? UUID().uuidString : "x")"] + CalDAVSamples.common,
                                         input: data)
            if run.stdoutText.contains("X-Event-Suggestion: created") { writing = data; break }
        }
        let mail = try #require(writing)
        radicale.stop()
        let log = folder + "/log.jsonl"
        let down = try TestBinary.run(["filter", "--caldav", url, "--caldav-credentials", credentials, "--log", log] + CalDAVSamples.common,
                                      input: mail)
        #expect(down.status == 0)
        #expect(down.stdout.count > mail.count, "delivered, with our fields")
        #expect(down.stdout.suffix(mail.count) == mail, "the message itself unchanged")
        #expect(down.stdoutText.contains("not written"), "\(down.stdoutText.prefix(600))")
        #expect(down.stderrText.contains("calendar not written"), "\(down.stderrText)")
        let deferred = try TestBinary.run(["filter", "--caldav", url, "--caldav-credentials", credentials, "--defer-on-error"]
                                          + CalDAVSamples.common, input: mail)
        #expect(deferred.status == 75)
        #expect(deferred.stdout.isEmpty)
        for text in [down.stdoutText, down.stderrText, deferred.stderrText, (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""] {
            #expect(!text.contains(Radicale.servicePassword), "the password is never shown")
        }

        try radicale.start()
        let again = try TestBinary.run(["filter", "--caldav", url, "--caldav-credentials", credentials] + CalDAVSamples.common, input: mail)
        #expect(again.status == 0)
        #expect(again.stdoutText.contains("X-Event-Suggestion: created"), "\(again.stdoutText.prefix(600))")
        #expect(try CalDAVSamples.events(at: url).count == 1)
    }

    @Test("wrong credentials: delivered, not written, the password in no output and no log line")
    func wrongCredentials() throws {
        try withRadicale { radicale in
            let credentials = try radicale.credentialsFile(user: "alice", password: "wrong-password-31337")
            let folder = try CalDAVSamples.temporaryFolder("caldav-401")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let log = folder + "/log.jsonl"
            let scan = try TestBinary.run(["scan", CalDAVSamples.samples, "--caldav", radicale.root + "alice/x/", "--caldav-credentials", credentials,
                                           "--report", folder + "/report", "--log", log] + CalDAVSamples.common)
            #expect(scan.status == 1, "a scan whose calendar cannot be written fails")
            let report = (try? String(contentsOfFile: folder + "/report", encoding: .utf8)) ?? ""
            #expect(report.contains("HTTP 401"), "\(report.prefix(400))")
            for text in [scan.stdoutText, scan.stderrText, report, (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""] {
                #expect(!text.contains("wrong-password-31337"))
            }
        }
    }

    @Test("per-recipient templates: --recipient and $RECIPIENT choose the user's calendar; a hostile recipient gets none, the mail passes")
    func templates() throws {
        let messages = try CalDAVSamples.messages()
        try withRadicale { radicale in
            let credentials = try radicale.credentialsFile()
            let template = radicale.root + "{user}/reservations/"
            var writing: Data?
            var wrote: [String: Int] = [:]
            for message in messages {
                let data = try Data(contentsOf: URL(fileURLWithPath: message))
                let run = try TestBinary.run(["filter", "--caldav", template, "--caldav-credentials", credentials, "--recipient", "Alice+Trips@Example.org"]
                                             + CalDAVSamples.common, input: data)
                #expect(run.status == 0)
                if run.stdoutText.contains("X-Event-Suggestion: created") {
                    wrote["alice", default: 0] += 1
                    writing = writing ?? data
                }
                // The same through the environment Postfix's local(8) gives procmail and maildrop.
                let viaEnvironment = try TestBinary.runProcess(TestBinary.eventsuggest, ["filter", "--caldav", template, "--caldav-credentials", credentials]
                                                               + CalDAVSamples.common, input: data, environment: ["RECIPIENT": "bob@example.org"])
                #expect(viaEnvironment.status == 0)
            }
            #expect(wrote["alice"] ?? 0 > 0)
            let alice = try CalDAVSamples.events(at: radicale.root + "alice/reservations/")
            let bob = try CalDAVSamples.events(at: radicale.root + "bob/reservations/")
            #expect(!alice.isEmpty && alice == bob, "each recipient's calendar holds the same events")

            let mail = try #require(writing)
            // The attack: a recipient that would climb out of its segment.
            for hostile in ["../../etc@example.org", ".@example.org", "a\u{1}b@example.org"] {
                let run = try TestBinary.run(["filter", "--caldav", template, "--caldav-credentials", credentials, "--recipient", hostile]
                                             + CalDAVSamples.common, input: mail)
                #expect(run.status == 0, "\(hostile): the mail passes")
                #expect(run.stdout.suffix(mail.count) == mail)
                #expect(run.stdoutText.contains("not written"), "\(hostile): no calendar, and the field says so")
            }
            let folder = try CalDAVSamples.temporaryFolder("caldav-template")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = try TestBinary.run(["filter", "--calendar", folder + "/{user}", "--recipient", "a/b@example.org"] + CalDAVSamples.common,
                                          input: mail)
            #expect(path.status == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a%2Fb"], "one segment")
            // --calendar and --caldav together: a setup error; the mail still passes, with our error field.
            let both = try TestBinary.run(["filter", "--calendar", folder, "--caldav", template] + CalDAVSamples.common, input: mail)
            #expect(both.status == 0)
            #expect(both.stdoutText.contains("exclude each other"), "\(both.stdoutText.prefix(400))")
        }
    }
}
