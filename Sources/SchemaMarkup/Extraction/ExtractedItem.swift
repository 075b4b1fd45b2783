import JSON
import Findings

/// One top-level schema.org item found in an HTML part, as JSON-LD-shaped JSON: JSON-LD
/// as written, Microdata turned into the same shape (`@type`, `@id`, properties).
public struct ExtractedItem: Sendable {
    public enum Syntax: String, Sendable { case jsonLD = "json-ld", microdata }

    public var value: JSONValue
    public var syntax: Syntax
    /// Where the item starts in the decoded HTML part: its object's `{` (JSON-LD), the
    /// element with its `itemscope` (Microdata).
    public var location: SourceLocation
    /// Where each of its nodes is, in the value's shape (nil when not known).
    public var locations: NodeLocations? = nil
}
