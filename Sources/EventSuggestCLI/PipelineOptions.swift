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
        let store = arguments.value("calendar").map {
            CalendarStore(directory: $0, now: now, mapping: EventMappingOptions(alarms: arguments.has("alarm")),
                          includePast: arguments.has("include-past"))
        }
        return Pipeline(verifier: verifier, policy: policy, extractor: MarkupExtractor(limits: limits.markup, zones: PlaceZoneDirectory()),
                        store: store)
    }

    static func authservID(_ arguments: ParsedArguments) -> String { arguments.value("authserv-id") ?? "eventsuggest" }
}
