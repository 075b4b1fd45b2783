import CCurl
import DynamicLibrary

/// libcurl, loaded when the first CalDAV client is made rather than linked: a filter that
/// writes to a folder (or to no calendar) never maps libcurl or the libraries it pulls in,
/// which were a quarter of its start-up. ``HTTPClient`` calls libcurl only through this
/// table (`DynamicLibrary` opens it; `CCurl/shim.h` types the addresses).
struct CurlLibrary: @unchecked Sendable {
    /// The soname Debian's libcurl4 (and libcurl4-openssl-dev's link name) provides.
    static let defaultName = "libcurl.so.4"
    /// The functions called, in the order `eventsuggest_curl_assign` takes their addresses.
    static let symbolNames = ["curl_global_init", "curl_easy_init", "curl_easy_setopt", "curl_easy_perform",
                              "curl_easy_getinfo", "curl_easy_cleanup", "curl_easy_strerror",
                              "curl_slist_append", "curl_slist_free_all"]

    /// The table the C wrappers of the variadic functions call through. `@unchecked
    /// Sendable`: it is written once, by `load`, and only read after; libcurl's easy
    /// functions are safe on separate handles.
    let functions: eventsuggest_curl_functions
    // The others, checked non-null once at load.
    let easyInit: @convention(c) () -> UnsafeMutableRawPointer?
    let easyPerform: @convention(c) (UnsafeMutableRawPointer?) -> CURLcode
    let easyCleanup: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let easyStrerror: @convention(c) (CURLcode) -> UnsafePointer<CChar>?
    let slistAppend: @convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<curl_slist>?
    let slistFreeAll: @convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void

    /// The default library, opened and initialised (`curl_global_init`) exactly once per
    /// process: a `static let` is initialised once, thread-safely (swift_once). Never undone.
    private static let defaultLibrary: Result<CurlLibrary, HTTPError> = Result { () throws(HTTPError) in
        try CurlLibrary(opening: defaultName)
    }

    /// The library `name` names (a soname or a path): the default one is shared by every
    /// client; another (a test's, say) is opened on its own.
    static func load(_ name: String) throws(HTTPError) -> CurlLibrary {
        if name == defaultName { return try defaultLibrary.get() }
        return try CurlLibrary(opening: name)
    }

    private init(opening name: String) throws(HTTPError) {
        let found: [UnsafeMutableRawPointer?]
        do {
            found = try DynamicLibrary.symbols(Self.symbolNames, in: name)
        } catch {
            throw HTTPError(kind: .setup, url: "", reason: Self.unavailable(error.reason))
        }
        var table = eventsuggest_curl_functions()
        eventsuggest_curl_assign(&table, found)
        guard let easyInit = table.easy_init, let easyPerform = table.easy_perform, let easyCleanup = table.easy_cleanup,
              let easyStrerror = table.easy_strerror, let slistAppend = table.slist_append,
              let slistFreeAll = table.slist_free_all, table.global_init != nil, table.easy_setopt != nil, table.easy_getinfo != nil
        else { throw HTTPError(kind: .setup, url: "", reason: Self.unavailable("\(name): a function is missing")) }
        // The default flags (SSL and, on Windows, Winsock) once before the first handle.
        let initialised = eventsuggest_curl_global_init(&table)
        guard initialised == CURLE_OK else {
            throw HTTPError(kind: .setup, url: "", reason: Self.unavailable("curl_global_init failed (code \(initialised.rawValue))"))
        }
        functions = table
        self.easyInit = easyInit
        self.easyPerform = easyPerform
        self.easyCleanup = easyCleanup
        self.easyStrerror = easyStrerror
        self.slistAppend = slistAppend
        self.slistFreeAll = slistFreeAll
    }

    /// What the user reads when libcurl cannot be had: which package to install, and why not.
    static func unavailable(_ reason: String) -> String {
        "--caldav needs libcurl (Debian package libcurl4): \(reason)"
    }
}
