import CivilTime

/// The VTIMEZONE for a TZID the writer uses (RFC 5545 §3.6.5), built from the same TZif rules
/// that put the event's times on the time line, so a reader that trusts the file and one that
/// looks the name up in its own tz database get the same instants.
enum VTimezoneComponent {
    /// One VTIMEZONE for `rules` describing every change of offset in the years
    /// `years` (UTC), plus the observance in effect when they begin: a STANDARD or DAYLIGHT
    /// sub-component per change, its DTSTART the local time just before the change
    /// (§3.6.5: "in terms of the offset in effect prior"), with TZOFFSETFROM, TZOFFSETTO
    /// and TZNAME. Explicit changes rather than an RRULE: exact for any zone, and few (two a
    /// year at most).
    static func component(for rules: ZoneRules, years: ClosedRange<Int>) -> ICSComponent {
        let start = yearStart(years.lowerBound)
        let end = yearStart(years.upperBound + 1)
        var observances: [ICSComponent] = []
        if let previous = rules.transitions(from: start.adding(seconds: -400 * 86_400), to: start).last {
            observances.append(observance(previous))
        } else {
            // No change in the year before: the offset then has held since before the range.
            let type = rules.localTimeType(at: start)
            observances.append(ICSComponent(name: type.isDaylightSaving ? "DAYLIGHT" : "STANDARD", properties: [
                .raw("DTSTART", "19700101T000000"), .raw("TZOFFSETFROM", type.offset.icalendarText),
                .raw("TZOFFSETTO", type.offset.icalendarText), .text("TZNAME", type.abbreviation),
            ]))
        }
        observances += rules.transitions(from: start, to: end).map(observance)
        return ICSComponent(name: "VTIMEZONE", properties: [.raw("TZID", rules.identifier.name)], components: observances)
    }

    private static func observance(_ transition: ZoneTransition) -> ICSComponent {
        ICSComponent(name: transition.isDaylightSavingAfter ? "DAYLIGHT" : "STANDARD", properties: [
            .raw("DTSTART", transition.localTimeBefore.icalendarText),
            .raw("TZOFFSETFROM", transition.offsetBefore.icalendarText),
            .raw("TZOFFSETTO", transition.offsetAfter.icalendarText),
            .text("TZNAME", transition.abbreviationAfter),
        ])
    }

    private static func yearStart(_ year: Int) -> Instant {
        LocalDateTime(date: CivilDate(year: year, month: 1, day: 1)!, time: TimeOfDay(hour: 0, minute: 0)).instant(at: .utc)
    }

    /// The VTIMEZONEs an event needs: one per TZID its DTSTART and DTEND name, covering the
    /// years of those values, sorted by TZID; a TZID without known rules gets none (the
    /// draft never writes one: it drops zones it has no rules for). Each is built once per
    /// zone and span of years and kept in `zones` (`ZoneRulesCache.derived`): a run's events
    /// in one zone share it.
    static func components(for event: ICSComponent, zones: ZoneRulesCache) -> [ICSComponent] {
        var years: [ZoneIdentifier: ClosedRange<Int>] = [:]
        for property in event.properties where property.name == "DTSTART" || property.name == "DTEND" {
            guard let name = property.parameter("TZID"), let zone = ZoneIdentifier(name),
                  let value = DateTimeValue(parsing: property.rawValue) else { continue }
            let known = years[zone]
            years[zone] = min(known?.lowerBound ?? value.year, value.year)...max(known?.upperBound ?? value.year, value.year)
        }
        // Built once per zone and span of years in a run, kept in the run's one cache.
        return years.keys.sorted().compactMap { zone in
            let span = years[zone]!
            return zones.derived(from: zone, years: span) { component(for: $0, years: span) }
        }
    }
}
