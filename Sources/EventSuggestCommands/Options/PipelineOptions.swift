import CommandLineOptions
import DKIM
import EventSuggest
import ICalendar
import SchemaMarkup
import SenderPolicy

/// The options of the commands that run the whole pipeline (filter, scan, milter): the
/// sender policy's own, and the groups the pipeline is built from.
struct PipelineOptions: OptionGroup {
    static let registered = OptionDeclaration.value(
        "registered", "FILE", "Registered sender domains, one per line (a domain covers its subdomains).")
    static let allowAnyDomain = OptionDeclaration.switch(
        "allow-any-domain", "Trust any aligned, verified domain: skip the registered-domains list (development).")
    static let allowUnverified = OptionDeclaration.switch(
        "allow-unverified", "Trust markup without a passing DKIM signature (development).")
    static let authservID = OptionDeclaration.value(
        "authserv-id", "ID", "The name in our Authentication-Results fields (default: eventsuggest).")
    static let log = OptionDeclaration.value(
        "log", "FILE", "Append every diagnostic to FILE as JSON lines (file, messageId, severity, code, message, …).")
    static let options = CalendarOptions.options + [registered] + PublicSuffixOptions.options
        + [allowAnyDomain, allowUnverified, authservID, log] + KeyLookupOptions.options + ClockOptions.options
        + LimitOptions.options

    var registeredFile: String?
    var allowsAnyDomain: Bool
    var allowsUnverified: Bool
    var authservIdentifier: String
    var logFile: String?
    var calendar: CalendarOptions
    var suffixes: PublicSuffixOptions
    var keys: KeyLookupOptions
    var clock: ClockOptions
    var limits: LimitOptions

    init(parsing values: ParsedValues) throws(UsageError) {
        registeredFile = values.string(Self.registered)
        allowsAnyDomain = values.isOn(Self.allowAnyDomain)
        allowsUnverified = values.isOn(Self.allowUnverified)
        authservIdentifier = values.string(Self.authservID) ?? "eventsuggest"
        logFile = values.string(Self.log)
        calendar = try CalendarOptions(parsing: values)
        suffixes = try PublicSuffixOptions(parsing: values)
        keys = try KeyLookupOptions(parsing: values)
        clock = try ClockOptions(parsing: values)
        limits = try LimitOptions(parsing: values)
    }

    /// The pipeline with its injected parts: key lookup, clock, lists, calendar.
    func pipeline(readsEnvironmentRecipient: Bool = false) throws -> Pipeline {
        let now = clock.instant()
        let verifier = DKIMVerifier(resolver: try keys.resolver(), now: now, limits: limits.limits.dkim)
        let publicSuffixes = try suffixes.publicSuffixes()
        let registered = try registeredFile.map { path throws -> RegisteredDomains in
            try RegisteredDomains(path: path, publicSuffixes: publicSuffixes)
        }
        let policy = SenderPolicy(publicSuffixes: publicSuffixes, registered: registered,
                                  allowAnyDomain: allowsAnyDomain, allowUnverified: allowsUnverified)
        // One zone-rule cache for the run: the markup's zones and the calendar's VTIMEZONEs read each TZif file once.
        let zones = ZoneRulesCache()
        return Pipeline(verifier: verifier, policy: policy,
                        extractor: MarkupExtractor(limits: limits.limits.markup, zones: PlaceZoneDirectory(rules: zones)),
                        store: try calendar.store(now: now, readsEnvironmentRecipient: readsEnvironmentRecipient, zones: zones))
    }
}
