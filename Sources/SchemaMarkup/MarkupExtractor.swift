import Findings
import HTMLDocument
import PlaceZones

/// What one HTML part holds: the raw items, the reservations they describe, and findings.
public struct MarkupExtraction: Sendable {
    public var items: [ExtractedItem]
    public var reservations: [Reservation]
    public var findings: [Finding]

    public init(items: [ExtractedItem] = [], reservations: [Reservation] = [], findings: [Finding] = []) {
        self.items = items
        self.reservations = reservations
        self.findings = findings
    }
}

/// Reads schema.org markup — JSON-LD and Microdata — from HTML into reservations.
public struct MarkupExtractor: Sendable {
    public var limits: MarkupLimits
    /// Recover from the JSON mistakes real mail makes (ingest), or report them as errors (lint).
    public var recoversJSON: Bool
    /// Whose required fields to check (lint); none for ingest.
    public var profiles: [MarkupProfile]
    /// Place → zone tables for times without an offset; nil: such times stay floating.
    public var zones: PlaceZoneDirectory?

    public init(limits: MarkupLimits = .init(), recoversJSON: Bool = true, profiles: [MarkupProfile] = [],
                zones: PlaceZoneDirectory? = nil) {
        self.limits = limits
        self.recoversJSON = recoversJSON
        self.profiles = profiles
        self.zones = zones
    }

    /// Extracts from one decoded HTML part. `part` is its MIME part number, for locations.
    public func extract(html: String, part: String? = nil) -> MarkupExtraction {
        let found = items(fromHTML: html, part: part)
        var result = reservations(from: found.items)
        result.findings = (found.findings + result.findings).sortedByLocation()
        return result
    }

    /// Whether an HTML part's text, given as its UTF-8 bytes, needs the parser: it may hold
    /// markup (``MarkupHint``), or it is over the size limit (which is reported).
    public func needsParsing(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8.count > limits.html.maxBytes || MarkupHint.mayContainMarkup(utf8)
    }

    /// The raw schema.org items of one HTML part (JSON-LD and Microdata), with the findings of reading them.
    public func items(fromHTML html: String, part: String? = nil) -> (items: [ExtractedItem], findings: [Finding]) {
        // Most mail has no markup: then the parser is not run (a part over the size limit is still
        // reported). Without Microdata, JSON-LD reads only the scripts: the rest is not stored.
        // The Microdata word is looked for first, so a part with it is not searched again.
        var html = html
        let (needed, hasMicrodataWord) = html.withUTF8 { utf8 in
            let microdata = MarkupHint.mayContainMicrodata(utf8)
            return (microdata || needsParsing(utf8), microdata)
        }
        if !needed { return ([], []) }
        let kept: HTMLDocument.Kept = hasMicrodataWord ? .everything : .elementsAndScripts
        let document: HTMLDocument
        do {
            document = try HTMLDocument(parsing: html, limits: limits.html, keeping: kept)
        } catch {
            let code: FindingCode = if case .libraryUnavailable = error { .markupLibraryUnavailable } else { .htmlTooLarge }
            return ([], [Finding(code: code, message: "\(error)", location: SourceLocation.inMarkup(line: 1, part: part))])
        }
        var findings: [Finding] = []
        if document.wasTruncated {
            findings.append(Finding(
                code: .htmlDepthExceeded,
                message: "HTML nested deeper than \(limits.html.maxDepth) elements (limit html-depth); deeper content is ignored",
                location: SourceLocation.inMarkup(line: 1, part: part)))
        }
        let source = SourceText(html)
        // Lint (a profile chosen) reads on after a syntax error, as ingest recovers.
        let jsonLD = JSONLDExtractor(limits: limits, part: part, recovers: recoversJSON,
                                     readsRecoveredAfterError: !profiles.isEmpty)
            .extract(from: document, source: source)
        let microdata = MicrodataExtractor(limits: limits, part: part).extract(from: document, source: source)
        return (jsonLD.items + microdata.items, findings + jsonLD.findings + microdata.findings)
    }

    /// The reservations the items of one message describe (all its HTML parts together, so
    /// references and duplicate parts are seen across them), checked against the profiles.
    public func reservations(from items: [ExtractedItem]) -> MarkupExtraction {
        let normalized = ReservationNormalizer(limits: limits, zones: zones).normalize(items)
        var findings = normalized.findings + ProfileChecker(profiles: profiles).check(items)
        // Lint (a profile chosen) also checks what the markup means; ingest reads what it can.
        if !profiles.isEmpty {
            let rules = MarkupRules().check(items, reservations: normalized.reservations)
            // No cascade: a type outside schema.org is said once, as the vocabulary it is in.
            let foreign = Set(rules.filter { $0.has(.unknownContext) }.compactMap(\.location))
            findings.removeAll { $0.has(.unknownType) && $0.location.map(foreign.contains) == true }
            findings += rules
        }
        return MarkupExtraction(items: items, reservations: normalized.reservations, findings: findings.sortedByLocation())
    }
}

extension Array where Element == Finding {
    /// In order of position (`SourceLocation` order: part numerically, line, column);
    /// findings without a position first. Stable.
    func sortedByLocation() -> [Finding] {
        enumerated().sorted { left, right in
            switch (left.element.location, right.element.location) {
            case (nil, nil): return left.offset < right.offset
            case (nil, _): return true
            case (_, nil): return false
            case (let a?, let b?): return a != b ? a < b : left.offset < right.offset
            }
        }.map(\.element)
    }
}
