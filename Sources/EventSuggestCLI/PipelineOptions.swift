#if canImport(Glibc)
import Glibc
#endif
import CalDAV
import DKIM
import EventSuggest
import ICalendar
import SchemaMarkup
import SenderPolicy

/// The options of the commands that run the whole pipeline (filter, scan), turned into
/// the pipeline's injected parts.
enum PipelineOptions {
    static let specs: [OptionSpec] = [
        .value("calendar", "DIR", "Write events into this calendar folder (a vdir of .ics files; created if missing)."),
        .value("caldav", "URL", "Write events into this CalDAV calendar collection instead (created if missing)."),
        .value("caldav-credentials", "FILE", "netrc file for --caldav: machine HOST login USER password PASS."),
        .value("recipient", "ADDR", "Fill {recipient}, {user}, {domain} in --calendar/--caldav (filter: default $RECIPIENT)."),
        .value("registered", "FILE", "Registered sender domains, one per line (a domain covers its subdomains)."),
        .value("psl", "FILE", "Public Suffix List for From/DKIM alignment (default: Debian's publicsuffix)."),
        .flag("allow-any-domain", "Trust any aligned, verified domain: skip the registered-domains list (development)."),
        .flag("allow-unverified", "Trust markup without a passing DKIM signature (development)."),
        .value("authserv-id", "ID", "The name in our Authentication-Results fields (default: eventsuggest)."),
        .flag("include-past", "Also write reservations that have already ended."),
        .flag("alarm", "Add a reminder to each event (a default lead time per type, e.g. 3 hours before a flight)."),
        .value("log", "FILE", "Append every diagnostic to FILE as JSON lines (file, messageId, severity, code, message, …)."),
    ] + CommonOptions.keyLookup + CommonOptions.clock + [LimitOptions.spec]

    static func pipeline(_ arguments: ParsedArguments, limits: InputLimits, command: String) throws -> Pipeline {
        let now = try CommonOptions.now(arguments, command: command)
        let verifier = DKIMVerifier(resolver: try CommonOptions.keyResolver(arguments, command: command), now: now,
                                    limits: limits.dkim)
        let suffixes = try PublicSuffixList(path: arguments.value("psl") ?? PublicSuffixList.debianPath)
        let registered = try arguments.value("registered").map { path throws -> RegisteredDomains in try RegisteredDomains(path: path, publicSuffixes: suffixes) }
        let policy = SenderPolicy(publicSuffixes: suffixes, registered: registered,
                                  allowAnyDomain: arguments.has("allow-any-domain"),
                                  allowUnverified: arguments.has("allow-unverified"))
        let store = try destination(arguments, command: command).map {
            CalendarStore(collection: $0.collection(for: arguments.value("recipient") ?? (command == "filter" ? environmentRecipient : nil)),
                          now: now, mapping: EventMappingOptions(alarms: arguments.has("alarm")), includePast: arguments.has("include-past"))
        }
        return Pipeline(verifier: verifier, policy: policy, extractor: MarkupExtractor(limits: limits.markup, zones: PlaceZoneDirectory()),
                        store: store)
    }

    /// --calendar or --caldav (never both), checked at setup; nil when events are not written.
    static func destination(_ arguments: ParsedArguments, command: String) throws -> CalendarDestination? {
        if let url = arguments.value("caldav") {
            guard arguments.value("calendar") == nil else {
                throw UsageError(message: "--calendar and --caldav exclude each other", command: command)
            }
            return try CalendarDestination(caldav: url, credentialsFile: arguments.value("caldav-credentials"))
        }
        return try arguments.value("calendar").map { folder throws -> CalendarDestination in try CalendarDestination(folder: folder) }
    }

    /// Postfix's local(8) and pipe(8) set $RECIPIENT for the command they run (procmail, maildrop).
    static var environmentRecipient: String? { getenv("RECIPIENT").map { String(cString: $0) } }

    static func authservID(_ arguments: ParsedArguments) -> String { arguments.value("authserv-id") ?? "eventsuggest" }
}
