import Findings
import SchemaMarkup

/// A calendar that reservations create, update and cancel: the rules of DESIGN.md's
/// "Reservation semantics" over a ``CalendarCollection`` (the vdir, or later CalDAV).
///
/// The calendar ends the same whatever order the messages arrive in (``EventMerge``):
/// versions are compared, cancellations are remembered even before their confirmation
/// (``Tombstone``), and each part is named by facts a change of booking keeps
/// (``PartIdentity``). Every change of one message is made under the collection's exclusive
/// access; the clock and the collection are injected, so runs are reproducible.
public struct CalendarStore: Sendable {
    public var collection: any CalendarCollection
    /// The current time (seconds since 1970): DTSTAMP, LAST-MODIFIED, and what "past" means.
    public var now: Int64
    public var mapping: EventMappingOptions
    /// Write reservations whose end has passed too (otherwise `end-time-passed`).
    public var includePast: Bool
    /// Look for a killed writer's temporary files before every write (one process per
    /// message, as in filter mode): the vdir sweeps only when its lock says the last writer
    /// was killed holding it. A batch turns this off and calls ``repair()`` (a full sweep)
    /// once before it starts.
    public var repairsBeforeEachWrite = true

    /// A vdir calendar folder.
    public init(directory: String, now: Int64, mapping: EventMappingOptions = .init(), includePast: Bool = false) {
        self.init(collection: VdirCollection(directory: directory), now: now, mapping: mapping, includePast: includePast)
    }

    public init(collection: any CalendarCollection, now: Int64, mapping: EventMappingOptions = .init(), includePast: Bool = false) {
        self.collection = collection
        self.now = now
        self.mapping = mapping
        self.includePast = includePast
    }

    /// The folder (or collection) the events go to, for messages.
    public var directory: String { collection.location }

    /// What writing one message's reservations did: an outcome per part, and how many
    /// temporary files a writer killed mid-write had left (removed before writing).
    public struct Write: Sendable {
        public var outcomes: [StoreOutcome]
        public var removedTemporaryFiles: Int
    }

    /// Applies the reservation parts of one message. Each part gets an outcome; a problem
    /// with a part is a skip (or a failure) with a reason, a problem with the folder is thrown.
    public func apply(_ reservations: [Reservation], from source: ReservationSource) throws(CalendarStoreError) -> [StoreOutcome] {
        try write(reservations, from: source).outcomes
    }

    /// Removes the temporary files a killed writer left, under the lock; returns how many.
    /// A folder that does not exist yet has none.
    public func repair() throws(CalendarStoreError) -> Int {
        try collection.removeInterruptedWrites()
    }

    /// ``apply(_:from:)``, also saying what was repaired on the way. Throws only when nothing
    /// could be attempted (the folder cannot be created or locked); a part whose write fails
    /// gets a `failed` outcome and the other parts are still written.
    public func write(_ reservations: [Reservation], from source: ReservationSource) throws(CalendarStoreError) -> Write {
        guard repairsBeforeEachWrite else {
            let outcomes = try collection.withExclusiveAccess { () throws(CalendarStoreError) in writeLocked(reservations, from: source) }
            return Write(outcomes: outcomes, removedTemporaryFiles: 0)
        }
        let (outcomes, removed) = try collection.withExclusiveAccessRepairing { () throws(CalendarStoreError) in
            writeLocked(reservations, from: source)
        }
        return Write(outcomes: outcomes, removedTemporaryFiles: removed)
    }

    /// The outcomes of one message's parts, under the collection's exclusive access.
    private func writeLocked(_ reservations: [Reservation], from source: ReservationSource) -> [StoreOutcome] {
        var outcomes: [StoreOutcome] = []
        var touched: Set<String> = []
        for (reservation, position) in zip(reservations, PartIdentity.positions(reservations)) {
            do throws(CalendarStoreError) {
                outcomes += try applyRetrying(reservation, position: position, from: source, touched: &touched)
            } catch {
                var outcome = StoreOutcome(action: .failed, reservationID: reservation.reservationID,
                                           itemReference: reservation.itemReference)
                outcome.code = FindingCode.writeFailed.id
                outcome.reason = error.description
                // The filter's header lists what was not written by its title and start.
                let draft = EventMapping.draft(for: reservation, options: mapping)
                outcome.summary = draft?.summary
                outcome.start = draft?.start
                outcomes.append(outcome)
            }
        }
        return outcomes
    }

    /// A collection with conditional writes (CalDAV) may answer that an event changed since
    /// it was read: read again and decide again, a few times.
    private func applyRetrying(_ reservation: Reservation, position: Int?, from source: ReservationSource,
                               touched: inout Set<String>) throws(CalendarStoreError) -> [StoreOutcome] {
        var attempt = 1
        while true {
            // The parts this message has touched count only once an attempt went through.
            var touchedByAttempt = touched
            do {
                let outcomes = try applyLocked(reservation, position: position, from: source, touched: &touchedByAttempt)
                touched = touchedByAttempt
                return outcomes
            } catch .changedMeanwhile(let path) {
                guard attempt < 3 else { throw .changedMeanwhile(path: path) }
                attempt += 1
            }
        }
    }

    private func applyLocked(_ reservation: Reservation, position: Int?, from source: ReservationSource,
                             touched: inout Set<String>) throws(CalendarStoreError) -> [StoreOutcome] {
        var outcome = StoreOutcome(action: .skipped, reservationID: reservation.reservationID,
                                   itemReference: reservation.itemReference)
        guard let reservationID = reservation.reservationID else {
            return [outcome.skipped(FindingCode.noReservationID.id, "the reservation has no reservationId or reservationNumber, "
                + "so it cannot be updated or cancelled later; not written")]
        }
        let cancelled: Bool
        switch reservation.status {
        case nil:
            return [outcome.skipped(FindingCode.noStatus.id, "the reservation has no reservationStatus; not written")]
        case .pending?, .hold?:
            return [outcome.skipped(FindingCode.notConfirmed.id, "\(reservation.status!.rawValue) creates nothing until it is confirmed")]
        case .cancelled?:
            cancelled = true
        case .confirmed?:
            cancelled = false
        }
        let version = Self.version(of: reservation, from: source)
        guard let position else {
            return try cancelReservation(reservationID, version: version, from: source)
        }
        let identity = PartIdentity(organization: source.organizationalDomain, reservationID: reservationID,
                                    part: PartIdentity.part(of: reservation, position: position))

        var draft = EventMapping.draft(for: reservation, options: mapping)
        if let found = draft {
            outcome.summary = found.summary
            outcome.start = found.start
        }
        if !cancelled {
            guard let found = draft else {
                return [outcome.skipped(FindingCode.noStartTime.id, "the reservation has no start time; not written")]
            }
            if let end = passedEnd(found) {
                return [outcome.skipped(FindingCode.endTimePassed.id, "it ended at \(end); --include-past writes it anyway")]
            }
        } else if let found = draft, passedEnd(found) != nil {
            // A cancellation of a past part still cancels what is stored, but makes no event.
            draft = nil
        }

        // The event under today's name, else under the name events were given before issue 15
        // (the signing domain, or its organization, and the markup's item reference), updated in place.
        var stored = try collection.event(named: identity.uid.fileName)
        for domain in Set([source.domain.lowercased(), source.organizationalDomain]).sorted() where stored == nil {
            let legacy = EventUID(domain: domain, reservationID: reservationID, itemReference: reservation.itemReference)
            if legacy != identity.uid { stored = try collection.event(named: legacy.fileName) }
        }
        if stored == nil {
            stored = try legacyEventOfMovedLeg(reservation, reservationID: reservationID, from: source, excluding: touched)
        }
        let name = stored?.name ?? identity.uid.fileName
        let uid = stored?.event.property("UID").map { EventUID(value: $0.rawValue) } ?? identity.uid
        outcome.uid = uid
        outcome.fileName = name
        guard touched.insert(name).inserted else {
            return [outcome.skipped(FindingCode.duplicateItemReference.id, "another part of this message is the same event "
                + "(\(identity.part)); not written twice")]
        }

        let tombstones = [try collection.tombstone(reservationKey: identity.reservationKey, part: nil),
                          try collection.tombstone(reservationKey: identity.reservationKey, part: identity.part)]
        let stamp = EventComponent.utcText(now)
        let decision = EventMerge.decide(
            stored: stored?.event, tombstone: tombstones.compactMap { $0?.version }.max(),
            message: EventMerge.Message(cancelled: cancelled, draft: draft, version: version), now: stamp
        ) { draft, cancelled, version, statusVersion in
            EventComponent.event(uid: uid, identity: identity, draft: draft, cancelled: cancelled, reservation: reservation,
                                 source: source, version: version, statusVersion: statusVersion, sequence: 0,
                                 created: stamp, now: stamp)
        }
        switch decision {
        case .rememberCancellation:
            outcome.uid = nil
            outcome.fileName = nil
            return [try remember(Tombstone(reservationKey: identity.reservationKey, part: identity.part, version: version,
                                           messageID: source.messageID), outcome: outcome,
                                 what: "part \(identity.part) of reservation \(reservationID)")]
        case .keep, .write:
            try carryOut(decision, named: name, replacing: stored, on: &outcome)
        }
        return [outcome]
    }

    /// A decision to keep or to write: the event stored when it says so, and its action, code
    /// and reason put on the outcome.
    private func carryOut(_ decision: EventMerge.Decision, named name: String, replacing stored: StoredEvent?,
                          on outcome: inout StoreOutcome) throws(CalendarStoreError) {
        switch decision {
        case .rememberCancellation:
            return
        case .keep(let action, let code, let reason):
            (outcome.action, outcome.code, outcome.reason) = (action, code, reason)
            outcome.event = stored?.event
        case .write(let event, let action, let code, let reason):
            try collection.store(EventComponent.calendar(event, zones: mapping.zones), named: name, replacing: stored)
            (outcome.action, outcome.code, outcome.reason) = (action, code, reason)
            outcome.event = event
        }
    }

    /// A cancellation naming only the reservation id: every part the calendar has is
    /// cancelled, and the cancellation is remembered for parts that arrive later.
    private func cancelReservation(_ reservationID: String, version: EventVersion, from source: ReservationSource)
        throws(CalendarStoreError) -> [StoreOutcome] {
        let key = EventUID.reservationKey(domain: source.organizationalDomain, reservationID: reservationID)
        let legacyKey = EventUID.reservationKey(domain: source.domain, reservationID: reservationID)
        var names = try collection.eventNames(withReservationKey: key)
        if legacyKey != key { names += try collection.eventNames(withReservationKey: legacyKey) }
        let remembered = try remember(Tombstone(reservationKey: key, part: nil, version: version, messageID: source.messageID),
                                      outcome: StoreOutcome(action: .cancelled, reservationID: reservationID, itemReference: ""),
                                      what: "reservation \(reservationID)")
        var outcomes: [StoreOutcome] = []
        let stamp = EventComponent.utcText(now)
        for name in Set(names).sorted() {
            guard let stored = try collection.event(named: name) else { continue }
            var outcome = StoreOutcome(action: .cancelled, fileName: name, reservationID: reservationID,
                                       itemReference: stored.event.property(EventComponent.Provenance.item)?.textValue ?? "")
            outcome.uid = stored.event.property("UID").map { EventUID(value: $0.rawValue) }
            outcome.summary = stored.event.property("SUMMARY")?.textValue
            let decision = EventMerge.decide(stored: stored.event, tombstone: nil,
                                             message: EventMerge.Message(cancelled: true, draft: nil, version: version),
                                             now: stamp) { _, _, _, _ in stored.event }
            switch decision {
            case .rememberCancellation:
                continue
            case .keep, .write:
                try carryOut(decision, named: name, replacing: stored, on: &outcome)
            }
            outcomes.append(outcome)
        }
        return outcomes.isEmpty ? [remembered] : outcomes
    }

    /// Stores `tombstone` unless a newer cancellation is remembered already.
    private func remember(_ tombstone: Tombstone, outcome: StoreOutcome, what: String) throws(CalendarStoreError) -> StoreOutcome {
        var outcome = outcome
        if let existing = try collection.tombstone(reservationKey: tombstone.reservationKey, part: tombstone.part),
           existing.version >= tombstone.version {
            outcome.action = .unchanged
            outcome.reason = "the cancellation of \(what) is remembered already (\(existing.version))"
            return outcome
        }
        try collection.store(tombstone)
        outcome.action = .cancelled
        outcome.code = FindingCode.cancellationRemembered.id
        outcome.reason = "no event of \(what) in the calendar yet; the cancellation is remembered, so an older "
            + "confirmation arriving later brings nothing back"
        return outcome
    }

    /// The end (or start) of a draft when it has passed and past events are not wanted.
    private func passedEnd(_ draft: EventDraft) -> DateTimeValue? {
        guard !includePast else { return nil }
        let end = draft.end ?? draft.start
        let zoned = end.zone.flatMap(mapping.zones.rulesIfKnown).flatMap(end.instant(rules:))?.secondsSinceEpoch
        guard let seconds = zoned ?? Self.seconds(end), seconds < now else { return nil }
        return end
    }

    /// Which of two messages about a reservation is newer: `modifiedTime`, then the signed Date.
    static func version(of reservation: Reservation, from source: ReservationSource) -> EventVersion {
        EventVersion(modified: reservation.modifiedTime.flatMap(seconds), messageDate: source.messageDate)
    }

    /// An instant for comparisons with the clock; floating and date-only values are read as UTC.
    static func seconds(_ value: DateTimeValue) -> Int64? {
        if let instant = value.instant(rules: nil) { return instant.secondsSinceEpoch }
        return LocalDateTime(date: value.date, time: value.time ?? TimeOfDay(hour: 0, minute: 0)).instant(at: .utc).secondsSinceEpoch
    }
}

extension StoreOutcome {
    mutating func skipped(_ code: String, _ reason: String) -> StoreOutcome {
        action = .skipped
        self.code = code
        self.reason = reason
        return self
    }
}
