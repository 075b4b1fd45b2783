import CommandLineOptions
import ICalendar

/// Where events go and how they are written: a vdir folder, or a CalDAV collection.
struct CalendarOptions: OptionGroup {
    static let calendar = OptionDeclaration.value(
        "calendar", "DIR", "Write events into this calendar folder (a vdir of .ics files; created if missing).")
    static let caldav = OptionDeclaration.value(
        "caldav", "URL", "Write events into this CalDAV collection instead of a folder.")
    static let caldavCredentials = OptionDeclaration.value(
        "caldav-credentials", "FILE", "The user name and password for --caldav (one line 'user:password').")
    static let includePast = OptionDeclaration.switch("include-past", "Also write reservations that have already ended.")
    static let alarm = OptionDeclaration.switch(
        "alarm", "Add a reminder to each event (a default lead time per type, e.g. 3 hours before a flight).")
    static let options = [calendar, caldav, caldavCredentials, includePast, alarm]

    enum Destination: Equatable, Sendable {
        case folder(String)
        case caldav(url: String, credentials: String?)
    }

    /// Where events are written, or nil: nothing is written (a dry run).
    var destination: Destination?
    var includePast: Bool
    var alarm: Bool

    init(parsing values: ParsedValues) throws(UsageError) {
        let folder = values.string(Self.calendar)
        let url = values.string(Self.caldav)
        let credentials = values.string(Self.caldavCredentials)
        if folder != nil && url != nil {
            throw UsageError(message: "use either --calendar or --caldav, not both", command: values.command)
        }
        if credentials != nil && url == nil {
            throw UsageError(message: "--caldav-credentials goes with --caldav URL", command: values.command)
        }
        destination = folder.map(Destination.folder) ?? url.map { .caldav(url: $0, credentials: credentials) }
        includePast = values.isOn(Self.includePast)
        alarm = values.isOn(Self.alarm)
    }

    /// The store that writes events, or nil when no calendar was given.
    func store(now: Int64) throws -> CalendarStore? {
        switch destination {
        case nil: return nil
        case .folder(let directory):
            return CalendarStore(directory: directory, now: now, mapping: EventMappingOptions(alarms: alarm),
                                 includePast: includePast)
        case .caldav:
            // Connected where the CalDAV collection is built (issue of the CalDAV writer).
            throw EnvironmentError("--caldav: this build writes calendars into folders only (--calendar DIR)")
        }
    }
}
