/// The offsets one zone has used and will use: its TZif transitions (RFC 8536), and the
/// footer's POSIX TZ rule for every time after the last of them.
public struct ZoneRules: Sendable, Hashable {
    public let identifier: ZoneIdentifier
    private let transitionTimes: [Int64]
    /// The local time type in effect from each transition on.
    private let typesAfter: [LocalTimeType]
    /// The type before the first transition: time type 0 (RFC 8536 §3.2).
    private let initialType: LocalTimeType
    private let footer: POSIXZoneRule?

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
    public init(identifier: ZoneIdentifier, rule: POSIXZoneRule) {
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
        forEachTransition(from: start, to: end) { found.append($0) }
        return found
    }

    /// `transitions(from:to:)` one at a time, without building the list (a wall time's
    /// look-up walks the few changes around it on every call).
    func forEachTransition(from start: Instant, to end: Instant, _ body: (ZoneTransition) -> Void) {
        // Changes at one instant (all-year DST's end of one year and start of the next) are
        // one: each change waits in `pending` until the next one is known to be later.
        var pending: ZoneTransition?
        func add(_ transition: ZoneTransition) {
            if let last = pending, last.instant == transition.instant {
                pending!.offsetAfter = transition.offsetAfter
                pending!.isDaylightSavingAfter = transition.isDaylightSavingAfter
                pending!.abbreviationAfter = transition.abbreviationAfter
                return
            }
            if let last = pending, last.offsetBefore != last.offsetAfter { body(last) }
            pending = transition
        }
        var index = transitionsAtOrBefore(start.secondsSinceEpoch - 1)
        while index < transitionTimes.count, transitionTimes[index] < end.secondsSinceEpoch {
            let before = index == 0 ? initialType : typesAfter[index - 1]
            let after = typesAfter[index]
            add(ZoneTransition(
                instant: Instant(secondsSinceEpoch: transitionTimes[index]), offsetBefore: before.offset,
                offsetAfter: after.offset, isDaylightSavingAfter: after.isDaylightSaving,
                abbreviationAfter: after.abbreviation))
            index += 1
        }
        if let footer, footer.daylight != nil, transitionTimes.last.map({ $0 < end.secondsSinceEpoch }) ?? true {
            let firstYear = start.localDateTime(at: .utc).date.year - 1
            let lastYear = end.localDateTime(at: .utc).date.year + 1
            let lastListed = transitionTimes.last
            func inRange(_ transition: ZoneTransition) -> Bool {
                transition.instant >= start && transition.instant < end
                    && lastListed.map({ transition.instant.secondsSinceEpoch > $0 }) ?? true
            }
            for year in firstYear...lastYear {
                guard let (first, second) = footer.transitionPair(year: year) else { continue }
                if inRange(first) { add(first) }
                if inRange(second) { add(second) }
            }
        }
        if let last = pending, last.offsetBefore != last.offsetAfter { body(last) }
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

    /// The candidates are the offsets in effect within two days of the wall time (the one
    /// before the window and each change's new one): a candidate fits when the instant it
    /// gives has that offset. One pass over the changes, no lists: this runs for every
    /// zoned time a run puts on the time line.
    private func resolve(_ local: LocalDateTime) -> (instant: Instant, kind: WallTimeKind) {
        let wall = local.secondsSinceEpoch
        let window = Int64(2 * CivilCalendar.secondsPerDay)  // wider than any offset (±25 h)
        var earliest: Int64?          // the earliest fitting instant
        var firstFit: UTCOffset?      // the first candidate that fits, and whether another does
        var severalFit = false
        func consider(_ candidate: UTCOffset) {
            let instant = wall - Int64(candidate.seconds)
            guard Int64(offset(at: Instant(secondsSinceEpoch: instant)).seconds) == wall - instant else { return }
            if let firstFit { severalFit = severalFit || firstFit != candidate } else { firstFit = candidate }
            earliest = min(earliest ?? instant, instant)
        }
        consider(offset(at: Instant(secondsSinceEpoch: wall - window)))
        // A gap: the wall time lies between the change's old and new readings of its instant.
        var gap: Int64?
        forEachTransition(from: Instant(secondsSinceEpoch: wall - window), to: Instant(secondsSinceEpoch: wall + window)) {
            consider($0.offsetAfter)
            if gap == nil, $0.offsetAfter > $0.offsetBefore {
                let from = $0.instant.secondsSinceEpoch + Int64($0.offsetBefore.seconds)
                let to = $0.instant.secondsSinceEpoch + Int64($0.offsetAfter.seconds)
                if wall >= from, wall < to { gap = wall - Int64($0.offsetBefore.seconds) }
            }
        }
        if let earliest { return (Instant(secondsSinceEpoch: earliest), severalFit ? .repeated : .unique) }
        if let gap { return (Instant(secondsSinceEpoch: gap), .skipped) }
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
