#if canImport(Glibc)
import Glibc
#endif
import SchemaMarkup

/// A vdir calendar folder (one VCALENDAR with one VEVENT per .ics file, named by a hash of
/// the UID) that reservations create, update and cancel.
///
/// Every change is made under the folder's lock and written atomically. The clock and the
/// folder are injected, so runs are reproducible.
public struct CalendarStore: Sendable {
    public let directory: String
    /// The current time (seconds since 1970): DTSTAMP, LAST-MODIFIED, and what "past" means.
    public var now: Int64
    public var mapping: EventMappingOptions
    /// Write reservations whose end has passed too (otherwise `end-time-passed`).
    public var includePast: Bool
    /// Look for a killed writer's temporary files before every write (one process per
    /// message, as in filter mode). A batch turns this off and calls ``repair()`` once:
    /// listing a folder of thousands of events per message made a scan quadratic.
    public var repairsBeforeEachWrite = true

    public init(directory: String, now: Int64, mapping: EventMappingOptions = .init(), includePast: Bool = false) {
        self.directory = directory
        self.now = now
        self.mapping = mapping
        self.includePast = includePast
    }

    private var files: VdirFiles { VdirFiles(directory: directory) }

    /// What writing one message's reservations did: an outcome per part, and how many
    /// temporary files a writer killed mid-write had left (removed before writing).
    public struct Write: Sendable {
        public var outcomes: [StoreOutcome]
        public var removedTemporaryFiles: Int
    }

    /// Applies the reservation parts of one message. Each part gets an outcome; a problem
    /// with a part is a skip with a reason, a problem with the folder is thrown.
    public func apply(_ reservations: [Reservation], from source: ReservationSource) throws(CalendarStoreError) -> [StoreOutcome] {
        try write(reservations, from: source).outcomes
    }

    /// Removes the temporary files a killed writer left, under the lock; returns how many.
    /// A folder that does not exist yet has none.
    public func repair() throws(CalendarStoreError) -> Int {
        guard access(directory, F_OK) == 0 else { return 0 }
        return try files.withLock { () throws(CalendarStoreError) -> Int in files.removeStaleTemporaryFiles() }
    }

    /// ``apply(_:from:)``, also saying what was repaired on the way.
    public func write(_ reservations: [Reservation], from source: ReservationSource) throws(CalendarStoreError) -> Write {
        try files.ensureDirectory()
        return try files.withLock { () throws(CalendarStoreError) -> Write in
            let removed = repairsBeforeEachWrite ? files.removeStaleTemporaryFiles() : 0
            var outcomes: [StoreOutcome] = []
            for reservation in reservations {
                // One part that cannot be written (disk full) must not stop the others: it
                // gets a `failed` outcome; only a folder that cannot be used at all throws.
                do throws(CalendarStoreError) {
                    outcomes += try applyLocked(reservation, from: source)
                } catch {
                    let draft = EventMapping.draft(for: reservation, options: mapping)
                    outcomes.append(StoreOutcome(action: .failed, reason: error.description, summary: draft?.summary,
                                                 start: draft?.start, reservationID: reservation.reservationID,
                                                 itemReference: reservation.itemReference))
                }
            }
            return Write(outcomes: outcomes, removedTemporaryFiles: removed)
        }
    }

    private func applyLocked(_ reservation: Reservation, from source: ReservationSource) throws(CalendarStoreError) -> [StoreOutcome] {
        var outcome = StoreOutcome(action: .skipped, reservationID: reservation.reservationID,
                                   itemReference: reservation.itemReference)
        guard let reservationID = reservation.reservationID else {
            return [outcome.skipped("no-reservation-id", "the reservation has no reservationId or reservationNumber, "
                + "so it cannot be updated or cancelled later; not written")]
        }
        switch reservation.status {
        case nil:
            return [outcome.skipped("no-status", "the reservation has no reservationStatus; not written")]
        case .pending?, .hold?:
            return [outcome.skipped("not-confirmed", "\(reservation.status!.rawValue) creates nothing until it is confirmed")]
        case .cancelled?:
            return try cancel(reservation, reservationID: reservationID, from: source)
        case .confirmed?:
            break
        }
        guard let draft = EventMapping.draft(for: reservation, options: mapping) else {
            return [outcome.skipped("no-start-time", "the reservation has no start time; not written")]
        }
        outcome.summary = draft.summary
        outcome.start = draft.start
        if !includePast, let end = draft.end ?? Optional(draft.start), let endSeconds = Self.seconds(end), endSeconds < now {
            return [outcome.skipped("end-time-passed", "it ended at \(end); --include-past writes it anyway")]
        }
        let uid = EventUID(domain: source.domain, reservationID: reservationID, itemReference: reservation.itemReference)
        outcome.uid = uid
        outcome.fileName = uid.fileName
        let version = Self.version(of: reservation, from: source)
        let stamp = EventComponent.utcText(now)

        let existing = try existingEvent(uid.fileName)
        if let existing, let newer = olderThanStored(version, existing) { return [outcome.skipped("older-message", newer)] }
        let sequence = existing.map { (Int($0.property("SEQUENCE")?.rawValue ?? "0") ?? 0) + 1 } ?? 0
        let created = existing?.property("CREATED")?.rawValue ?? stamp
        let event = EventComponent.event(uid: uid, draft: draft, status: "CONFIRMED", reservation: reservation,
                                         source: source, version: version, sequence: sequence, created: created, now: stamp)
        if let existing, EventComponent.content(existing) == EventComponent.content(event) {
            outcome.action = .unchanged
            outcome.reason = "the event already says this"
            return [outcome]
        }
        try write(event, to: uid.fileName)
        outcome.action = existing == nil ? .created : .updated
        return [outcome]
    }

    /// Cancels the named parts, or every part of the reservation when the message names none.
    private func cancel(_ reservation: Reservation, reservationID: String, from source: ReservationSource)
        throws(CalendarStoreError) -> [StoreOutcome] {
        var targets: [String] = []
        if reservation.itemReference.isEmpty {
            let key = EventUID.reservationKey(domain: source.domain, reservationID: reservationID)
            for name in try files.eventFiles() {
                guard let text = try files.read(name), text.contains(key),
                      let event = try? ICSReader.parse(text).components.first,
                      event.property(EventComponent.Provenance.reservationKey)?.rawValue == key else { continue }
                targets.append(name)
            }
        } else {
            targets = [EventUID(domain: source.domain, reservationID: reservationID, itemReference: reservation.itemReference).fileName]
        }
        let version = Self.version(of: reservation, from: source)
        var outcomes: [StoreOutcome] = []
        for name in targets {
            var outcome = StoreOutcome(action: .cancelled, fileName: name, reservationID: reservationID,
                                       itemReference: reservation.itemReference)
            guard var event = try existingEvent(name) else { continue }
            outcome.uid = event.property("UID").map { EventUID(value: $0.rawValue) }
            outcome.summary = event.property("SUMMARY")?.textValue
            outcome.itemReference = event.property(EventComponent.Provenance.item)?.textValue ?? reservation.itemReference
            if let newer = olderThanStored(version, event) {
                outcomes.append(outcome.skipped("older-message", newer))
                continue
            }
            if event.property("STATUS")?.rawValue == "CANCELLED" {
                outcome.action = .unchanged
                outcome.reason = "already cancelled"
                outcomes.append(outcome)
                continue
            }
            let stamp = EventComponent.utcText(now)
            let sequence = (Int(event.property("SEQUENCE")?.rawValue ?? "0") ?? 0) + 1
            event.set("STATUS", .raw("STATUS", "CANCELLED"))
            event.set("SEQUENCE", .integer("SEQUENCE", sequence))
            event.set("DTSTAMP", .raw("DTSTAMP", stamp))
            event.set("LAST-MODIFIED", .raw("LAST-MODIFIED", stamp))
            if let messageID = source.messageID { event.set(EventComponent.Provenance.messageID, .text(EventComponent.Provenance.messageID, messageID)) }
            if let date = source.messageDate { event.set(EventComponent.Provenance.messageDate, .raw(EventComponent.Provenance.messageDate, EventComponent.utcText(date))) }
            if let version { event.set(EventComponent.Provenance.version, .raw(EventComponent.Provenance.version, EventComponent.utcText(version))) }
            try write(event, to: name)
            outcomes.append(outcome)
        }
        if outcomes.isEmpty {
            var outcome = StoreOutcome(action: .skipped, reservationID: reservationID, itemReference: reservation.itemReference)
            outcomes.append(outcome.skipped("nothing-to-cancel", "no event of reservation \(reservationID) from "
                + "\(source.domain) in the calendar"))
        }
        return outcomes
    }

    private func existingEvent(_ name: String) throws(CalendarStoreError) -> ICSComponent? {
        guard let text = try files.read(name) else { return nil }
        // A file that no longer parses (edited by hand, say) is replaced as if new.
        return (try? ICSReader.parse(text))?.components.first { $0.name == "VEVENT" }
    }

    private func write(_ event: ICSComponent, to name: String) throws(CalendarStoreError) {
        let text: String
        do {
            text = try ICSWriter.serialize(EventComponent.calendar(event))
        } catch {
            preconditionFailure("the store built an invalid event: \(error)")
        }
        try files.writeAtomically(name, text)
    }

    /// A reason to skip when the stored event came from a newer message than this one.
    private func olderThanStored(_ version: Int64?, _ event: ICSComponent) -> String? {
        guard let version, let storedText = event.property(EventComponent.Provenance.version)?.rawValue,
              let stored = EventComponent.seconds(fromUTC: storedText), version < stored else { return nil }
        return "the event was written from a newer message (\(storedText)); this one (\(EventComponent.utcText(version))) is older"
    }

    /// Which of two messages about a reservation is newer: `modifiedTime`, else the message Date.
    static func version(of reservation: Reservation, from source: ReservationSource) -> Int64? {
        if let modified = reservation.modifiedTime, let instant = seconds(modified) { return instant }
        return source.messageDate
    }

    /// An instant for comparisons with the clock; floating and date-only values are read as UTC.
    static func seconds(_ value: DateTimeValue) -> Int64? {
        if let instant = value.instant { return Int64(instant.rounded(.down)) }
        let asUTC = DateTimeValue(year: value.year, month: value.month, day: value.day,
                                  time: value.time ?? TimeOfDay(hour: 0, minute: 0), utcOffsetSeconds: 0)
        return asUTC.instant.map { Int64($0.rounded(.down)) }
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
