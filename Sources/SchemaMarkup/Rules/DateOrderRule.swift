import Findings

/// `end-before-start` by calendar date where the instants cannot be compared: a date-only
/// check-in and a checkout with an offset (or the other way round) still cannot end on an
/// earlier day than they start. The normalizer reports the comparable cases.
enum DateOrderRule {
    static func check(_ reservations: [Reservation]) -> [Finding] {
        reservations.compactMap { part in
            guard let start = part.start, let end = part.end, start.compare(end) == nil,
                  (end.year, end.month, end.day) < (start.year, start.month, start.day) else { return nil }
            return Finding(code: .endBeforeStart,
                           message: "\(part.kind.rawValue) ends on \(end) before the day it starts (\(start))",
                           location: part.location)
        }
    }
}
