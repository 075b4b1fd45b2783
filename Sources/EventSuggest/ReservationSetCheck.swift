import Findings
import SchemaMarkup

/// Checks a set of a sender's mails together (lint): a confirmation, its modification and
/// its cancellation must share the reservationId and differ as expected.
public enum ReservationSetCheck {
    /// One file of the set: the name its findings use, and what it holds.
    public struct Member: Sendable {
        public var name: String
        public var reservations: [Reservation]

        public init(name: String, reservations: [Reservation]) {
            self.name = name
            self.reservations = reservations
        }
    }

    /// What decides whether a later confirmation changes anything: per part, its times and modifiedTime.
    private struct PartVersion: Hashable {
        let itemReference: String
        let start: DateTimeValue?
        let end: DateTimeValue?
        let modifiedTime: DateTimeValue?

        init(_ reservation: Reservation) {
            itemReference = reservation.itemReference
            start = reservation.start
            end = reservation.end
            modifiedTime = reservation.modifiedTime
        }
    }

    /// Findings per file index.
    public static func check(_ files: [Member]) -> [Int: [Finding]] {
        guard files.count > 1 else { return [:] }
        var findings: [Int: [Finding]] = [:]
        var byID: [String: [(file: Int, reservation: Reservation)]] = [:]
        for (file, member) in files.enumerated() {
            for reservation in member.reservations {
                guard let id = reservation.reservationID else { continue }
                byID[id, default: []].append((file, reservation))
            }
        }
        for (id, entries) in byID.sorted(by: { $0.key < $1.key }) {
            let first = entries[0]
            for entry in entries.dropFirst() where entry.reservation.kind != first.reservation.kind {
                findings[entry.file, default: []].append(Finding(
                    code: .setTypeMismatch,
                    message: "reservation \(id) is a \(entry.reservation.kind.rawValue) here but a "
                        + "\(first.reservation.kind.rawValue) in \(files[first.file].name)",
                    location: entry.reservation.location))
            }
            let confirmations = entries.filter { $0.reservation.status == .confirmed }
            for entry in entries where entry.reservation.status == .cancelled && confirmations.isEmpty {
                findings[entry.file, default: []].append(Finding(
                    code: .cancellationWithoutConfirmation,
                    message: "the cancellation of \(id) matches no confirmation in the files checked together "
                        + "(is the reservationId the same as in the confirmation?)",
                    location: entry.reservation.location))
            }
            // A modification changes nothing only when every one of its parts is the same as
            // in the confirmation before it: one leg left as it was is a real modification.
            let byFile = Dictionary(grouping: confirmations, by: \.file)
            var previous: (file: Int, parts: Set<PartVersion>)?
            for file in byFile.keys.sorted() {
                let parts = Set(byFile[file]!.map { PartVersion($0.reservation) })
                if let previous, previous.parts == parts {
                    findings[file, default: []].append(Finding(
                        code: .modificationChangesNothing,
                        message: "this confirmation of \(id) is the same as the one in \(files[previous.file].name): "
                            + "no part changes its time or modifiedTime; a modification should change the time, "
                            + "the status or modifiedTime",
                        location: byFile[file]!.first?.reservation.location))
                }
                previous = (file, parts)
            }
        }
        return findings
    }
}
