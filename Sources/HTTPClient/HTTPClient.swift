#if canImport(Glibc)
import Glibc
#endif
import CCurl

/// HTTP over libcurl (loaded at run time, ``CurlLibrary``), the one place that calls it: a request in, the status, header fields and
/// body out. TLS is always verified (peer and host name); only http and https are spoken;
/// redirects are not followed (they would carry the credentials elsewhere); every request
/// has a connect and a total timeout.
///
/// A libcurl easy handle may not be used by two threads at once, so every ``send(_:)``
/// makes its own and cleans it up: the client is a value, safe to share between threads.
/// Credentials come only from a netrc file (libcurl reads it, `CURL_NETRC_REQUIRED`), so
/// they are never in a URL, a message or a log line of ours.
public struct HTTPClient: Sendable {
    public struct Configuration: Sendable {
        public var connectTimeoutSeconds: Double = 5
        public var totalTimeoutSeconds: Double = 30
        /// netrc: `machine HOST login USER password PASS` (the user's `curl --netrc-file`).
        public var credentialsFile: String?
        /// Extra trusted certificates (PEM) besides the system's, e.g. a provider's own CA.
        public var certificateAuthorityFile: String?
        public var maxResponseBytes = 16 << 20
        public var userAgent = "eventsuggest"
        /// The libcurl to load: a soname or a path. Tests name a missing one.
        public var library = CurlLibrary.defaultName

        public init(credentialsFile: String? = nil) { self.credentialsFile = credentialsFile }
    }

    public let configuration: Configuration
    private let curl: CurlLibrary

    /// Loads libcurl and checks that the credentials file can be read: a missing library or
    /// file is a setup error here, not a failure of every request later.
    public init(configuration: Configuration) throws(HTTPError) {
        curl = try CurlLibrary.load(configuration.library)
        if let file = configuration.credentialsFile, access(file, R_OK) != 0 {
            let reason = String(cString: strerror(errno))
            throw HTTPError(kind: .setup, url: file, reason: "cannot read the credentials file: \(reason)")
        }
        self.configuration = configuration
    }

    /// Sends `request` and waits for the answer. Any HTTP status is an answer (the caller
    /// decides what 404 or 412 mean); no answer at all throws.
    public func send(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        var curl = self.curl.functions  // the C wrappers of the variadic setopt/getinfo take it by address
        guard let handle = self.curl.easyInit() else {
            throw HTTPError(kind: .setup, url: request.url, reason: "libcurl could not make a handle")
        }
        defer { self.curl.easyCleanup(handle) }
        let accumulator = ResponseAccumulator(limit: configuration.maxResponseBytes)
        let context = Unmanaged.passUnretained(accumulator).toOpaque()
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        var fields: UnsafeMutablePointer<curl_slist>?
        defer { self.curl.slistFreeAll(fields) }
        for header in request.headers {
            fields = self.curl.slistAppend(fields, "\(header.name): \(header.value)")
        }
        // libcurl adds "Expect: 100-continue" to large bodies; a CalDAV PUT gains nothing by it.
        fields = self.curl.slistAppend(fields, "Expect:")

        let result: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { buffer -> CURLcode in
                var setup: [CURLcode] = [
                    eventsuggest_curl_set_pointer(&curl, handle, CURLOPT_ERRORBUFFER, buffer.baseAddress),
                    eventsuggest_curl_set_string(&curl, handle, CURLOPT_URL, request.url),
                    eventsuggest_curl_set_long(&curl, handle, CURLOPT_NOSIGNAL, 1),
                    eventsuggest_curl_set_string(&curl, handle, CURLOPT_PROTOCOLS_STR, "http,https"),
                    eventsuggest_curl_set_long(&curl, handle, CURLOPT_FOLLOWLOCATION, 0),
                    eventsuggest_curl_set_long(&curl, handle, CURLOPT_SSL_VERIFYPEER, 1),
                    eventsuggest_curl_set_long(&curl, handle, CURLOPT_SSL_VERIFYHOST, 2),
                    eventsuggest_curl_set_long(&curl, handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(configuration.connectTimeoutSeconds)),
                    eventsuggest_curl_set_long(&curl, handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(configuration.totalTimeoutSeconds)),
                    eventsuggest_curl_set_string(&curl, handle, CURLOPT_USERAGENT, configuration.userAgent),
                    eventsuggest_curl_set_list(&curl, handle, CURLOPT_HTTPHEADER, fields),
                    eventsuggest_curl_set_callback(&curl, handle, CURLOPT_WRITEFUNCTION, receiveBody),
                    eventsuggest_curl_set_pointer(&curl, handle, CURLOPT_WRITEDATA, context),
                    eventsuggest_curl_set_callback(&curl, handle, CURLOPT_HEADERFUNCTION, receiveHeader),
                    eventsuggest_curl_set_pointer(&curl, handle, CURLOPT_HEADERDATA, context),
                ]
                if let file = configuration.credentialsFile {
                    setup.append(eventsuggest_curl_set_long(&curl, handle, CURLOPT_NETRC, Int(CURL_NETRC_REQUIRED.rawValue)))
                    setup.append(eventsuggest_curl_set_string(&curl, handle, CURLOPT_NETRC_FILE, file))
                }
                if let file = configuration.certificateAuthorityFile {
                    setup.append(eventsuggest_curl_set_string(&curl, handle, CURLOPT_CAINFO, file))
                }
                if request.method == "GET" && request.body == nil {
                    setup.append(eventsuggest_curl_set_long(&curl, handle, CURLOPT_HTTPGET, 1))
                } else if request.method == "HEAD" {
                    setup.append(eventsuggest_curl_set_long(&curl, handle, CURLOPT_NOBODY, 1))
                } else {
                    setup.append(eventsuggest_curl_set_string(&curl, handle, CURLOPT_CUSTOMREQUEST, request.method))
                    if let body = request.body {
                        // COPYPOSTFIELDS with a custom method: the body is copied and sent as is, under that method.
                        setup.append(eventsuggest_curl_set_size(&curl, handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
                        setup.append(body.isEmpty
                            ? eventsuggest_curl_set_string(&curl, handle, CURLOPT_COPYPOSTFIELDS, "")
                            : body.withUnsafeBytes { eventsuggest_curl_set_pointer(&curl, handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0.baseAddress)) })
                    }
                }
                if let failed = setup.first(where: { $0 != CURLE_OK }) { return failed }
                return self.curl.easyPerform(handle)
        }
        guard result == CURLE_OK else {
            if accumulator.overLimit {
                throw HTTPError(kind: .responseTooLarge, url: request.url,
                                reason: "the answer is larger than \(configuration.maxResponseBytes) bytes")
            }
            let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let reason = detail.isEmpty ? (self.curl.easyStrerror(result).map { String(cString: $0) } ?? "libcurl error \(result.rawValue)") : detail
            let kind: HTTPError.Kind = result == CURLE_UNSUPPORTED_PROTOCOL || result == CURLE_URL_MALFORMAT ? .setup : .unreachable
            throw HTTPError(kind: kind, url: request.url, reason: reason)
        }
        var status = 0
        _ = eventsuggest_curl_response_code(&curl, handle, &status)
        return HTTPResponse(status: status, headers: accumulator.headers, body: accumulator.body)
    }

    static func milliseconds(_ seconds: Double) -> Int {
        max(1, Int((seconds * 1000).rounded()))
    }
}

/// What the callbacks of one transfer collect; lives only for one ``HTTPClient/send(_:)``.
private final class ResponseAccumulator {
    let limit: Int
    var headers: [HTTPHeader] = []
    var body: [UInt8] = []
    var overLimit = false

    init(limit: Int) { self.limit = limit }
}

/// CURLOPT_WRITEFUNCTION: appends body bytes; returning less than given stops the transfer.
private func receiveBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let accumulator = Unmanaged<ResponseAccumulator>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard accumulator.body.count + length <= accumulator.limit else {
        accumulator.overLimit = true
        return 0
    }
    data.withMemoryRebound(to: UInt8.self, capacity: length) { accumulator.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length)) }
    return length
}

/// CURLOPT_HEADERFUNCTION: one header line per call. A new status line (after a 100
/// Continue, say) starts the fields afresh, so only the final answer's remain.
private func receiveHeader(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let accumulator = Unmanaged<ResponseAccumulator>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let line = data.withMemoryRebound(to: UInt8.self, capacity: length) { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) }
    if line.hasPrefix("HTTP/") {
        accumulator.headers = []
    } else if let colon = line.firstIndex(of: ":") {
        let name = String(line[..<colon])
        let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t\r\n")
        accumulator.headers.append(HTTPHeader(name, value))
    }
    return length
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var slice = self[...]
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
