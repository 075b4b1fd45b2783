#if canImport(Glibc)
import Glibc
#endif
import CryptoOpenSSL

/// The vdir as a ``CalendarCollection``: one `.ics` file per event, tombstones as dot-files
/// ending in `.eventsuggest-cancelled`, every change under the folder's lock.
///
/// vdirsyncer's filesystem storage and khal list only names ending in the configured
/// extension (`.ics`), so neither reads, syncs nor shows a tombstone; a dot-file also stays
/// out of `ls`.
public struct VdirCollection: CalendarCollection {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    public var location: String { directory }

    private var files: VdirFiles { VdirFiles(directory: directory) }

    static let tombstoneSuffix = ".eventsuggest-cancelled"

    public func withExclusiveAccess<Result>(_ body: () throws(CalendarStoreError) -> Result) throws(CalendarStoreError) -> Result {
        try files.ensureDirectory()
        return try files.withLock { (_: Bool) throws(CalendarStoreError) -> Result in try body() }
    }

    /// Sweeps the folder for temp files only when the lock says its last holder was killed
    /// holding it: a write that follows a clean one lists nothing (issue 21: listing 100,000
    /// events took 62 ms of every filter).
    public func withExclusiveAccessRepairing<Result>(
        _ body: () throws(CalendarStoreError) -> Result
    ) throws(CalendarStoreError) -> (result: Result, removedTemporaryFiles: Int) {
        try files.ensureDirectory()
        return try files.withLock { (interrupted: Bool) throws(CalendarStoreError) -> (result: Result, removedTemporaryFiles: Int) in
            let removed = interrupted ? files.removeStaleTemporaryFiles() : 0
            return (try body(), removed)
        }
    }

    public func event(named name: String) throws(CalendarStoreError) -> StoredEvent? {
        guard let text = try files.read(name) else { return nil }
        // A file that no longer parses (edited by hand, say) is replaced as if new.
        guard let event = (try? ICSReader.parse(text))?.components.first(where: { $0.name == "VEVENT" }) else { return nil }
        return StoredEvent(name: name, event: event)
    }

    public func store(_ calendar: ICSComponent, named name: String, replacing: StoredEvent?) throws(CalendarStoreError) {
        let text: String
        do {
            text = try ICSWriter.serialize(calendar)
        } catch {
            preconditionFailure("the store built an invalid event: \(error)")
        }
        try files.writeAtomically(name, text)
    }

    public func eventNames(withReservationKey reservationKey: String) throws(CalendarStoreError) -> [String] {
        var names: [String] = []
        for name in try files.eventFiles() {
            // The key is plain hex: a text search skips the files of other reservations unparsed.
            guard let text = try files.read(name), text.contains(reservationKey),
                  let event = (try? ICSReader.parse(text))?.components.first(where: { $0.name == "VEVENT" }),
                  event.property(EventComponent.Provenance.reservationKey)?.rawValue == reservationKey else { continue }
            names.append(name)
        }
        return names
    }

    public func tombstone(reservationKey: String, part: String?) throws(CalendarStoreError) -> Tombstone? {
        let name = Self.tombstoneName(reservationKey: reservationKey, part: part)
        guard let text = try files.read(name), let tombstone = Tombstone(text: text),
              tombstone.reservationKey == reservationKey, tombstone.part == part else { return nil }
        return tombstone
    }

    public func store(_ tombstone: Tombstone) throws(CalendarStoreError) {
        try files.writeAtomically(Self.tombstoneName(reservationKey: tombstone.reservationKey, part: tombstone.part), tombstone.text)
    }

    /// Takes the lock itself; a folder that does not exist yet has nothing to remove (and is not created).
    public func removeInterruptedWrites() throws(CalendarStoreError) -> Int {
        guard access(directory, F_OK) == 0 else { return 0 }
        return try files.withLock { (_: Bool) throws(CalendarStoreError) -> Int in files.removeStaleTemporaryFiles() }
    }

    /// ".<hash>.eventsuggest-cancelled": from a hash of the key and part, never from message text.
    static func tombstoneName(reservationKey: String, part: String?) -> String {
        let name = reservationKey + "\n" + (part ?? "")
        return "." + SHA256.hash(Array(name.utf8)).hexString.prefix(32) + tombstoneSuffix
    }
}
