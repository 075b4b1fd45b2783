/// The offsets one zone has used and will use: its TZif transitions (RFC 8536), and the
/// footer's POSIX TZ rule for every time after the last of them.
public struct ZoneRules: Sendable, Hashable {
    public let identifier: ZoneIdentifier
    private let transitionTimes: [Int64]
    /// The local time type in effect from each transition on.
    private let typesAfter: [LocalTimeType]
    /// The type before the first transition: time type 0 (RFC 8536 §3.2).
    private let initialType: LocalTimeType
    private let footer: POSIXTimeZoneRule?

    /// Reads TZif bytes; `path` only names the source in errors.
    public init(identifier: ZoneIdentifier, tzif bytes: [UInt8], path: String) throws(ZoneRulesError) {
        let contents: TZifParser.Contents
        do {
            contents = try TZifParser.parse(bytes)
        } catch {
            switch error {
            case let .malformed(reason): throw .malformedData(identifier, path: path, reason: reason)
            }
        }
        self.identifier = identifier
        transitionTimes = contents.transitionTimes
        typesAfter = contents.transitionTypeIndices.map { contents.types[$0] }
        initialType = contents.types[0]
        footer = contents.footer
    }

    /// Rules of a fixed offset, or of a POSIX TZ rule alone (for tests and zones without a file).
    public init(identifier: ZoneIdentifier, rule: POSIXTimeZoneRule) {
        self.identifier = identifier
        transitionTimes = []
        typesAfter = []
        initialType = rule.standard
        footer = rule
    }

    /// The local time type (offset, DST flag, abbreviation) in effect at `instant`.
    public func localTimeType(at instant: Instant) -> LocalTimeType {
        let count = transitionsAtOrBefore(instant.secondsSinceEpoch)
        if count == transitionTimes.count, let footer { return footer.localTimeType(at: instant) }
        return count == 0 ? initialType : typesAfter[count - 1]
    }

    /// The UTC offset in effect at `instant`.
    public func offset(at instant: Instant) -> UTCOffset { localTimeType(at: instant).offset }

    /// The changes of UTC offset at instants in `start..<end`, in time order. A change that
    /// keeps the offset (only the abbreviation or DST flag changes) is left out.
    public func transitions(from start: Instant, to end: Instant) -> [ZoneTransition] {
        var found: [ZoneTransition] = []
        var index = transitionsAtOrBefore(start.secondsSinceEpoch - 1)
        while index < transitionTimes.count, transitionTimes[index] < end.secondsSinceEpoch {
            let before = index == 0 ? initialType : typesAfter[index - 1]
            let after = typesAfter[index]
            found.append(ZoneTransition(
                instant: Instant(secondsSinceEpoch: transitionTimes[index]), offsetBefore: before.offset,
                offsetAfter: after.offset, isDaylightSavingAfter: after.isDaylightSaving,
                abbreviationAfter: after.abbreviation))
            index += 1
        }
        if let footer, footer.daylight != nil, transitionTimes.last.map({ $0 < end.secondsSinceEpoch }) ?? true {
            let firstYear = start.localDateTime(at: .utc).date.year - 1
            let lastYear = end.localDateTime(at: .utc).date.year + 1
            for year in firstYear...lastYear {
                for transition in footer.transitions(year: year)
                where transition.instant >= start && transition.instant < end
                    && transitionTimes.last.map({ transition.instant.secondsSinceEpoch > $0 }) ?? true {
                    found.append(transition)
                }
            }
        }
        // Changes at one instant (all-year DST's end of one year and start of the next) are one.
        var merged: [ZoneTransition] = []
        for transition in found {
            if let last = merged.last, last.instant == transition.instant {
                merged[merged.count - 1].offsetAfter = transition.offsetAfter
                merged[merged.count - 1].isDaylightSavingAfter = transition.isDaylightSavingAfter
                merged[merged.count - 1].abbreviationAfter = transition.abbreviationAfter
            } else {
                merged.append(transition)
            }
        }
        return merged.filter { $0.offsetBefore != $0.offsetAfter }
    }

    /// How often a wall time occurs in this zone.
    public enum WallTimeKind: Sendable, Hashable {
        /// Once: the ordinary case.
        case unique
        /// Twice, in the hour repeated when clocks go back (a *fold*).
        case repeated
        /// Never, in the hour skipped when clocks go forward (a *gap*).
        case skipped
    }

    /// The instant a wall time in this zone names — `ZoneRules`' answer to the two cases
    /// where a wall time is not one instant:
    /// - a wall time that occurs twice (the hour repeated when clocks go back, a *fold*) is
    ///   the first occurrence, the earlier instant, at the offset before the change;
    /// - a wall time that never occurs (the hour skipped when clocks go forward, a *gap*) is
    ///   read with the offset before the gap, i.e. shifted forward by the gap's length
    ///   (02:30 on a night 02:00 → 03:00 becomes 03:30).
    /// Both as RFC 5545 §3.3.5 says for DTSTART and as Python's `zoneinfo` with `fold=0`.
    /// The fraction of a second is dropped.
    public func instant(for local: LocalDateTime) -> Instant { resolve(local).instant }

    /// Whether `local` occurs once, twice or never here.
    public func kind(of local: LocalDateTime) -> WallTimeKind { resolve(local).kind }

    private func resolve(_ local: LocalDateTime) -> (instant: Instant, kind: WallTimeKind) {
        let wall = local.secondsSinceEpoch
        let window = Int64(2 * CivilCalendar.secondsPerDay)  // wider than any offset (±25 h)
        let nearby = transitions(
            from: Instant(secondsSinceEpoch: wall - window), to: Instant(secondsSinceEpoch: wall + window))
        var candidates = [offset(at: Instant(secondsSinceEpoch: wall - window))]
        for offset in nearby.map(\.offsetAfter) where !candidates.contains(offset) { candidates.append(offset) }
        let matches = candidates.map { Instant(secondsSinceEpoch: wall - Int64($0.seconds)) }
            .filter { Int64(offset(at: $0).seconds) == wall - $0.secondsSinceEpoch }
        if let earliest = matches.min() { return (earliest, Set(matches).count > 1 ? .repeated : .unique) }
        // A gap: the wall time lies between the change's old and new readings of its instant.
        for transition in nearby where transition.offsetAfter > transition.offsetBefore {
            let from = transition.instant.secondsSinceEpoch + Int64(transition.offsetBefore.seconds)
            let to = transition.instant.secondsSinceEpoch + Int64(transition.offsetAfter.seconds)
            if wall >= from, wall < to {
                return (Instant(secondsSinceEpoch: wall - Int64(transition.offsetBefore.seconds)), .skipped)
            }
        }
        return (Instant(secondsSinceEpoch: wall - Int64(offset(at: Instant(secondsSinceEpoch: wall)).seconds)), .skipped)
    }

    /// How many transition times are at or before `seconds` (binary search).
    private func transitionsAtOrBefore(_ seconds: Int64) -> Int {
        var low = 0
        var high = transitionTimes.count
        while low < high {
            let middle = (low + high) / 2
            if transitionTimes[middle] <= seconds { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
