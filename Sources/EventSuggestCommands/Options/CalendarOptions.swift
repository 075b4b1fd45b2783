import CalDAV
import CivilTime
import CommandLineOptions
import ICalendar

/// Where events go and how they are written: a vdir folder, or a CalDAV collection.
struct CalendarOptions: OptionGroup {
    static let calendar = OptionDeclaration.value(
        "calendar", "DIR", "Write events into this calendar folder (a vdir of .ics files; created if missing).")
    static let caldav = OptionDeclaration.value(
        "caldav", "URL", "Write events into this CalDAV calendar collection instead of a folder (created if missing).")
    static let caldavCredentials = OptionDeclaration.value(
        "caldav-credentials", "FILE", "netrc file for --caldav: machine HOST login USER password PASS.")
    static let recipient = OptionDeclaration.value(
        "recipient", "ADDR", "Fill {recipient}, {user}, {domain} in --calendar/--caldav (filter: default $RECIPIENT).")
    static let includePast = OptionDeclaration.switch("include-past", "Also write reservations that have already ended.")
    static let alarm = OptionDeclaration.switch(
        "alarm", "Add a reminder to each event (a default lead time per type, e.g. 3 hours before a flight).")
    static let options = [calendar, caldav, caldavCredentials, recipient, includePast, alarm]

    enum Destination: Equatable, Sendable {
        case folder(String)
        case caldav(url: String, credentials: String?)
    }

    /// Where events are written, or nil: nothing is written (a dry run).
    var destination: Destination?
    /// The address the `{recipient}`, `{user}`, `{domain}` templates are filled from.
    var recipient: String?
    var includePast: Bool
    var alarm: Bool
    /// `$RECIPIENT` (Postfix's local(8) and pipe(8) set it for procmail and maildrop), from the
    /// injected environment: filter's default for `--recipient`.
    var environmentRecipient: String?

    init(parsing values: ParsedValues) throws(UsageError) {
        let folder = values.string(Self.calendar)
        let url = values.string(Self.caldav)
        let credentials = values.string(Self.caldavCredentials)
        if folder != nil && url != nil {
            throw UsageError(message: "--calendar and --caldav exclude each other: use one", command: values.command)
        }
        if credentials != nil && url == nil {
            throw UsageError(message: "--caldav-credentials goes with --caldav URL", command: values.command)
        }
        destination = folder.map(Destination.folder) ?? url.map { .caldav(url: $0, credentials: credentials) }
        recipient = values.string(Self.recipient)
        includePast = values.isOn(Self.includePast)
        alarm = values.isOn(Self.alarm)
        environmentRecipient = values.environment["RECIPIENT"]
    }

    /// The calendar destination (a folder or a CalDAV collection, each maybe a per-recipient
    /// template), checked at setup; nil when events are not written.
    func calendarDestination() throws -> CalendarDestination? {
        switch destination {
        case nil: return nil
        case .folder(let folder): return try CalendarDestination(folder: folder)
        case .caldav(let url, let credentials): return try CalendarDestination(caldav: url, credentialsFile: credentials)
        }
    }

    /// The store that writes events, or nil when no calendar was given. The recipient is
    /// `--recipient`, else (filter) `$RECIPIENT`, which Postfix's local(8) and pipe(8) set
    /// for the command they run (procmail, maildrop).
    /// `zones` is the run's one zone-rule cache, shared with the markup's zone resolution.
    func store(now: Int64, readsEnvironmentRecipient: Bool = false, zones: ZoneRulesCache = ZoneRulesCache()) throws -> CalendarStore? {
        guard let destination = try calendarDestination() else { return nil }
        let address = recipient ?? (readsEnvironmentRecipient ? environmentRecipient : nil)
        return CalendarStore(collection: destination.collection(for: address), now: now,
                             mapping: EventMappingOptions(alarms: alarm, zones: zones), includePast: includePast)
    }
}
