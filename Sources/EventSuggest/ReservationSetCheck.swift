import Findings
import SchemaMarkup

/// Checks a set of a sender's mails together (lint): a confirmation, its modification and
/// its cancellation must share the reservationId and differ as expected.
public enum ReservationSetCheck {
    public static let typeMismatch = "set-type-mismatch"
    public static let cancellationWithoutConfirmation = "cancellation-without-confirmation"
    public static let modificationChangesNothing = "modification-changes-nothing"

    /// Findings per file index.
    public static func check(_ files: [[Reservation]]) -> [Int: [Finding]] {
        guard files.count > 1 else { return [:] }
        var findings: [Int: [Finding]] = [:]
        var byID: [String: [(file: Int, reservation: Reservation)]] = [:]
        for (file, reservations) in files.enumerated() {
            for reservation in reservations {
                guard let id = reservation.reservationID else { continue }
                byID[id, default: []].append((file, reservation))
            }
        }
        for (id, entries) in byID.sorted(by: { $0.key < $1.key }) {
            let first = entries[0]
            for entry in entries.dropFirst() where entry.reservation.kind != first.reservation.kind {
                findings[entry.file, default: []].append(Finding(
                    code: typeMismatch, severity: .error,
                    message: "reservation \(id) is a \(entry.reservation.kind.rawValue) here but a "
                        + "\(first.reservation.kind.rawValue) in file \(first.file + 1) of the set",
                    location: entry.reservation.location))
            }
            let confirmations = entries.filter { $0.reservation.status == .confirmed }
            for entry in entries where entry.reservation.status == .cancelled && confirmations.isEmpty {
                findings[entry.file, default: []].append(Finding(
                    code: cancellationWithoutConfirmation, severity: .warning,
                    message: "the cancellation of \(id) matches no confirmation in the files checked together "
                        + "(is the reservationId the same as in the confirmation?)",
                    location: entry.reservation.location))
            }
            var seen: [String: (file: Int, reservation: Reservation)] = [:]
            for entry in confirmations {
                let key = entry.reservation.itemReference
                if let earlier = seen[key], earlier.file != entry.file,
                   earlier.reservation.start == entry.reservation.start, earlier.reservation.end == entry.reservation.end,
                   earlier.reservation.modifiedTime == entry.reservation.modifiedTime {
                    findings[entry.file, default: []].append(Finding(
                        code: modificationChangesNothing, severity: .warning,
                        message: "this confirmation of \(id) has the same times as the one in file \(earlier.file + 1); "
                            + "a modification should change the time, the status or modifiedTime",
                        location: entry.reservation.location))
                }
                seen[key] = entry
            }
        }
        return findings
    }
}
