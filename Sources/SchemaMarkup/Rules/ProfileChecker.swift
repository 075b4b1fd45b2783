import Findings
import JSON

/// Checks reservation items against the required fields of the chosen profiles.
///
/// Each mistake is said once: a missing object is one finding, not one per property it
/// would hold; a misspelled property (reported as `unknown-property`) is not also missing;
/// and the reservation's id, which Siri Event Suggestions reads as `reservationId` and Gmail
/// as `reservationNumber`, is one actionable `identifier-alias` warning when only one is given.
struct ProfileChecker {
    let profiles: [MarkupProfile]

    static let idKeys: [MarkupProfile: String] = [.apple: "reservationId", .google: "reservationNumber"]

    func check(_ items: [ExtractedItem]) -> [Finding] {
        guard !profiles.isEmpty else { return [] }
        let graph = ItemGraph(items: items.map(\.value), locations: items.map(\.locations))
        var findings: [Finding] = []
        var aliasesSaid: Set<String> = []   // one identifier-alias per reservation id, not per leg
        for item in items {
            let view = ItemView(value: item.value, graph: graph, locations: item.locations)
            guard let kind = view.types.lazy.compactMap(ReservationKind.init(schemaType:)).first else { continue }
            let status = view.text("reservationStatus").flatMap(ReservationStatus.init(schemaValue:))
            // A cancellation needs only its id and status.
            let isCancellation = status == .cancelled
            var missing: [String: [MarkupProfile]] = [:]
            var order: [String] = []
            for profile in profiles {
                let idKey = Self.idKeys[profile]!
                let paths = isCancellation ? [idKey, "reservationStatus"] : profile.requiredPaths(for: kind)
                for path in paths where !Self.has(view, path: path) {
                    // No cascade: an absent object is missing once, not once per property in it.
                    let absent = Self.firstAbsentPrefix(of: path, in: view)
                    if missing[absent] == nil { order.append(absent) }
                    if !missing[absent, default: []].contains(profile) { missing[absent, default: []].append(profile) }
                }
            }
            for finding in identifierFindings(view, kind: kind, missing: &missing, order: &order,
                                              location: view.location ?? item.location)
            where !finding.has(.identifierAlias) || aliasesSaid.insert(finding.message).inserted {
                findings.append(finding)
            }
            for path in order {
                guard let who = missing[path] else { continue }
                findings.append(Finding(
                    code: .missingProperty,
                    message: "\(kind.rawValue) lacks \(Self.readable(path)), "
                        + "which \(who.map(\.displayName).joined(separator: " and ")) require\(who.count == 1 ? "s" : "")",
                    location: view.location ?? item.location))
            }
        }
        return findings
    }

    /// The id rule said once, when more than one profile is checked: one id given and the
    /// other missing is an `identifier-alias` warning naming the value to copy; both missing
    /// is one error.
    private func identifierFindings(_ view: ItemView, kind: ReservationKind, missing: inout [String: [MarkupProfile]],
                                    order: inout [String], location: SourceLocation) -> [Finding] {
        guard profiles.count > 1 else { return [] }
        let absent = profiles.filter { missing[Self.idKeys[$0]!] != nil }
        guard !absent.isEmpty else { return [] }
        for profile in absent { missing[Self.idKeys[profile]!] = nil }
        if absent.count == profiles.count {
            return [Finding(
                code: .missingProperty,
                message: "\(kind.rawValue) lacks its id: Siri Event Suggestions reads reservationId and Gmail "
                    + "reservationNumber; give both, with the same value",
                location: location)]
        }
        return absent.compactMap { profile in
            let wanted = Self.idKeys[profile]!
            guard let present = profiles.lazy.compactMap({ Self.idKeys[$0] }).first(where: { $0 != wanted }),
                  let value = view.text(present) else { return nil }
            return Finding(
                code: .identifierAlias,
                message: "\(present) \(value) is present; \(profile.displayName) reads \(wanted): add it with the same value",
                location: view.location(ofProperty: present) ?? location)
        }
    }

    /// A requirement as the message names it: its first whole-path alternative, segment
    /// alternatives read as "or" ("checkinTime or checkinDate").
    static func readable(_ requirement: String) -> String {
        String(requirement.split(separator: "||", omittingEmptySubsequences: false).first ?? requirement[...]).replacing("|", with: " or ")
    }

    /// Whether `path` (dot-separated, `|` alternatives per segment, `||` whole alternatives) reaches a value.
    static func has(_ view: ItemView, path requirement: String) -> Bool {
        requirement.split(separator: "||", omittingEmptySubsequences: false).contains { hasPath(view, path: String($0)) }
    }

    /// The shortest prefix of the first whole alternative of `requirement` that is absent
    /// (`reservationFor` when reservationFor is missing altogether), or the requirement itself.
    static func firstAbsentPrefix(of requirement: String, in view: ItemView) -> String {
        guard !requirement.contains("||") else { return requirement }
        let segments = requirement.split(separator: ".").map(String.init)
        for length in 1..<max(segments.count, 1) {
            let prefix = segments.prefix(length).joined(separator: ".")
            if !hasPath(view, path: prefix) { return prefix }
        }
        return requirement
    }

    private static func hasPath(_ view: ItemView, path: String) -> Bool {
        var segments = path.split(separator: ".").map { $0.split(separator: "|").map(String.init) }
        let last = segments.removeLast()
        var current: [ItemView] = [view]
        for alternatives in segments {
            current = current.flatMap { node in alternatives.flatMap { items(node, $0) } }
            if current.isEmpty { return false }
        }
        return current.contains { node in last.contains { node.has($0) || PropertyRule.misspelledNames(of: node).contains($0) } }
    }

    /// The objects under `name`, also when the name is misspelled (reported as `unknown-property` already).
    private static func items(_ node: ItemView, _ name: String) -> [ItemView] {
        let found = node.items(name)
        guard found.isEmpty, case .object(let members) = node.value else { return found }
        let misspelled = PropertyRule.unknownProperties(of: members, types: node.types).filter { $0.suggestion == name }
        return misspelled.flatMap { node.items($0.key) }
    }
}
