/// A CalDAV calendar collection's URL, checked once at setup: http or https, a path below
/// the server's root, no credentials in it (they belong in the netrc file, never in a URL
/// that messages and logs name), no query or fragment. Always ends in "/".
public struct CalDAVAddress: Sendable, Hashable, CustomStringConvertible {
    /// The collection, ending in "/".
    public let collection: String
    /// The collection's parent, ending in "/" (made when the server has no such collection yet).
    public let parent: String

    public init(_ text: String) throws(CalDAVAddressError) {
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw CalDAVAddressError(url: text, reason: "a CalDAV URL starts with https:// (or http:// on a trusted network)")
        }
        let afterScheme = text.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        // ["https:", "", "host:port", "path…"]
        guard afterScheme.count == 4, !afterScheme[2].isEmpty else {
            throw CalDAVAddressError(url: text, reason: "the URL names no calendar below the server's root")
        }
        guard !afterScheme[2].contains("@") else {
            // Never echo the text: it holds a password.
            throw CalDAVAddressError(url: "(the --caldav URL)",
                                     reason: "credentials do not belong in the URL; put them in --caldav-credentials (netrc)")
        }
        guard !text.contains("?"), !text.contains("#") else {
            throw CalDAVAddressError(url: text, reason: "a calendar URL has no query or fragment")
        }
        var path = String(afterScheme[3])
        while path.hasSuffix("/") { path.removeLast() }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let last = segments.last, !last.isEmpty,
              !segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw CalDAVAddressError(url: text, reason: "the URL names no calendar below the server's root, or has empty or dot segments")
        }
        let root = afterScheme[0] + "//" + afterScheme[2] + "/"
        let parentPath = segments.dropLast().map { $0 + "/" }.joined()
        collection = root + path + "/"
        parent = root + parentPath
    }

    public var description: String { collection }
}

public struct CalDAVAddressError: Error, Sendable, CustomStringConvertible {
    public var url: String
    public var reason: String
    public var description: String { "\(url): \(reason)" }
}
