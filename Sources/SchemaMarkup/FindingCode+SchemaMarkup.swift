import Findings

/// The codes of the findings the markup part reports.
extension FindingCode {
    // Reading HTML and JSON-LD (limits are warnings: the rest is still read).
    public static let htmlTooLarge = FindingCode(
        "html-too-large", .error, help: "an HTML part is larger than the html-bytes limit; it is not read for markup")
    public static let markupLibraryUnavailable = FindingCode(
        "markup-library-unavailable", .error, help: "libxml2 (Debian package libxml2) cannot be loaded; HTML parts are not read for markup")
    public static let htmlDepthExceeded = FindingCode(
        "html-depth-exceeded", .warning, help: "HTML nests deeper than the html-depth limit; deeper content is ignored")
    public static let jsonSyntaxError = FindingCode(
        "json-syntax-error", .error, help: "a JSON-LD script is not valid JSON (RFC 8259); mail clients may drop it")
    public static let jsonRecovered = FindingCode(
        "json-recovered", .warning, help: "a JSON-LD script was read only by repairing a mistake real mail makes")
    public static let jsonTooLarge = FindingCode(
        "json-too-large", .error, help: "a JSON-LD script is larger than the json-bytes limit; it is not read")
    public static let jsonTooDeep = FindingCode(
        "json-too-deep", .error, help: "a JSON-LD script nests deeper than the json-depth limit; it is not read")
    public static let tooManyItems = FindingCode(
        "too-many-items", .warning, help: "more Microdata items than the microdata-items limit; the rest are ignored")
    public static let itemrefCycle = FindingCode(
        "itemref-cycle", .warning, help: "Microdata itemref attributes refer in a circle (HTML §5.2.5); the cycle is cut")
    public static let itemrefMissing = FindingCode(
        "itemref-missing", .warning, help: "a Microdata itemref names no element id in the document (HTML §5.2.5)")
    public static let microdataOrphanProperty = FindingCode(
        "microdata-orphan-property", .warning, help: "an itemprop outside any itemscope belongs to no item (HTML §5.2.2)")
    public static let itemTooDeep = FindingCode(
        "item-too-deep", .warning, help: "Microdata items nest deeper than the limit; deeper items are ignored")

    // Meaning.
    public static let unknownType = FindingCode(
        "unknown-type", .warning, help: "a …Reservation type this tool does not know; the item is ignored")
    public static let unknownStatus = FindingCode(
        "unknown-status", .error, help: "reservationStatus is none of the schema.org ReservationStatusType values")
    public static let missingProperty = FindingCode(
        "missing-property", .error, help: "a property the chosen profile (Siri Event Suggestions, Gmail) requires is absent")
    public static let invalidDateTime = FindingCode(
        "invalid-date-time", .error, help: "a date or time that is no ISO 8601 date or date-time")
    public static let noTimeZone = FindingCode(
        "no-time-zone", .warning, help: "a date-time without UTC offset is taken as local time wherever the calendar is")
    public static let endBeforeStart = FindingCode(
        "end-before-start", .error, help: "a reservation ends (checkout, arrival, end) before it starts")
    public static let duplicateItemReference = FindingCode(
        "duplicate-item-reference", .error, help: "two different parts of one reservation would be one event; the second is ignored")
    public static let tooManyReservations = FindingCode(
        "too-many-reservations", .warning, help: "more reservation parts in one message than the events limit; the rest are ignored")

    // Repairs real mail needs (issue 17), each a warning that says what was changed.
    public static let htmlReferenceInJSON = FindingCode(
        "html-reference-in-json", .warning,
        help: "HTML character references (&#39;, &amp;) inside JSON-LD strings; a browser leaves them as written, eventsuggest decodes them")
    public static let arrivalMovedToNextDay = FindingCode(
        "arrival-moved-to-next-day", .warning,
        help: "an arrival written on the departure's date but before it; the zones say it is the next day, and it is read so")
    public static let dateOnlyDepartureTime = FindingCode(
        "date-only-departure-time", .warning, help: "a departureTime without a time of day; the event is an all-day event on that date")

    /// Every code of this part, for the catalogue.
    public static let schemaMarkupCodes: [FindingCode] = [
        htmlTooLarge, markupLibraryUnavailable, htmlDepthExceeded, jsonSyntaxError, jsonRecovered, jsonTooLarge, jsonTooDeep, tooManyItems,
        itemrefCycle, itemrefMissing, microdataOrphanProperty, itemTooDeep,
        unknownType, unknownStatus, missingProperty, invalidDateTime, noTimeZone, endBeforeStart, duplicateItemReference,
        tooManyReservations, htmlReferenceInJSON, arrivalMovedToNextDay, dateOnlyDepartureTime,
    ] + markupRuleCodes
}
