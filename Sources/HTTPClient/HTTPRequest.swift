/// One HTTP request: what ``HTTPClient/send(_:)`` sends.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: String
    public var headers: [HTTPHeader]
    /// nil: no body (GET, DELETE); an empty array: an empty body.
    public var body: [UInt8]?

    public init(method: String, url: String, headers: [HTTPHeader] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A header field as sent or received; names compare case-insensitively (RFC 9110 §5.1).
public struct HTTPHeader: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// What the server answered.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [HTTPHeader]
    public var body: [UInt8]

    public init(status: Int, headers: [HTTPHeader], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The last field named `name` (RFC 9110 §5.1: case-insensitive), trimmed.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.last { $0.name.lowercased() == wanted }?.value
    }
}
