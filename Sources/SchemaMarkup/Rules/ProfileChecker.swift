import Findings

/// Checks reservation items against the required fields of the chosen profiles.
struct ProfileChecker {
    let profiles: [MarkupProfile]

    func check(_ items: [ExtractedItem]) -> [Finding] {
        guard !profiles.isEmpty else { return [] }
        let graph = ItemGraph(items: items.map(\.value))
        var findings: [Finding] = []
        for item in items {
            let view = ItemView(value: item.value, graph: graph)
            guard let kind = view.types.lazy.compactMap(ReservationKind.init(schemaType:)).first else { continue }
            let status = view.text("reservationStatus").flatMap(ReservationStatus.init(schemaValue:))
            // A cancellation needs only its id and status.
            let isCancellation = status == .cancelled
            var missing: [String: [MarkupProfile]] = [:]
            var order: [String] = []
            for profile in profiles {
                let idKey = profile == .apple ? "reservationId" : "reservationNumber"
                let paths = isCancellation ? [idKey, "reservationStatus"] : profile.requiredPaths(for: kind)
                for path in paths where !Self.has(view, path: path) {
                    if missing[path] == nil { order.append(path) }
                    missing[path, default: []].append(profile)
                }
            }
            for path in order {
                let who = missing[path]!.map(\.displayName).joined(separator: " and ")
                findings.append(Finding(
                    code: .missingProperty,
                    message: "\(kind.rawValue) lacks \(Self.readable(path)), "
                        + "which \(who) require\(missing[path]!.count == 1 ? "s" : "")",
                    location: item.location))
            }
        }
        return findings
    }

    /// A requirement as the message names it: its first whole-path alternative, segment
    /// alternatives read as "or" ("checkinTime or checkinDate").
    static func readable(_ requirement: String) -> String {
        (requirement.components(separatedBy: "||").first ?? requirement).replacingOccurrences(of: "|", with: " or ")
    }

    /// Whether `path` (dot-separated, `|` alternatives per segment, `||` whole alternatives) reaches a value.
    static func has(_ view: ItemView, path requirement: String) -> Bool {
        requirement.components(separatedBy: "||").contains { hasPath(view, path: $0) }
    }

    private static func hasPath(_ view: ItemView, path: String) -> Bool {
        var segments = path.split(separator: ".").map { $0.split(separator: "|").map(String.init) }
        let last = segments.removeLast()
        var current: [ItemView] = [view]
        for alternatives in segments {
            current = current.flatMap { node in alternatives.flatMap { node.items($0) } }
            if current.isEmpty { return false }
        }
        return current.contains { node in last.contains { node.has($0) } }
    }
}
