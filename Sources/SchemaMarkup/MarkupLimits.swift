import HTMLDocument

/// Bounds on what one HTML part may make the extractor do. Hitting one is a finding.
public struct MarkupLimits: Sendable, Hashable {
    public var html: HTMLLimits
    /// Bytes of one JSON-LD script, and its nesting depth.
    public var maxJSONBytes: Int
    public var maxJSONDepth: Int
    /// Microdata items per part, and how deep items may nest (itemref chains included).
    public var maxItems: Int
    public var maxItemDepth: Int
    /// Reservation parts per message.
    public var maxReservations: Int

    public init(html: HTMLLimits = .init(), maxJSONBytes: Int = 4 << 20, maxJSONDepth: Int = 64,
                maxItems: Int = 500, maxItemDepth: Int = 16, maxReservations: Int = 50) {
        self.html = html
        self.maxJSONBytes = maxJSONBytes
        self.maxJSONDepth = maxJSONDepth
        self.maxItems = maxItems
        self.maxItemDepth = maxItemDepth
        self.maxReservations = maxReservations
    }
}
