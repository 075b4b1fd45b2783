internal import CLibXML2
internal import DynamicLibrary
internal import LinkedLibXML2

/// libxml2's five functions, from one of two places: linked into the binary in release builds
/// (`LinkedLibXML2`: what `make install` ships; a filter maps no libxml2 or ICU at all), or, in
/// debug builds and tests, the shared library loaded the first time a part with markup is
/// parsed (`DynamicLibrary` opens it), so a filter on a message without markup never maps it.
/// ``HTMLDocument`` calls libxml2 only through here (`CLibXML2/shim.h` types the addresses);
/// struct field reads of its tree need no loading.
enum LibXML2Library {
    /// The soname Debian's libxml2 package provides.
    static let defaultName = "libxml2.so.2"
    /// The functions called, in the order `eventsuggest_libxml2_assign` takes their addresses.
    static let symbolNames = ["xmlInitParser", "htmlReadMemory", "xmlFreeDoc", "xmlGetLineNo", "xmlFree"]

    /// The table, checked non-null at load.
    struct Functions: @unchecked Sendable {
        // `@unchecked Sendable`: written once, at load, then only read; libxml2's parser is
        // safe on separate documents once `xmlInitParser` has run.
        let table: eventsuggest_libxml2_functions
        let readMemory: @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> htmlDocPtr?
        let freeDoc: @convention(c) (xmlDocPtr?) -> Void
        let lineNumber: @convention(c) (UnsafePointer<xmlNode>?) -> Int
    }

    /// The process's libxml2, opened and initialised (`xmlInitParser`, which must run once
    /// before threads parse in parallel) exactly once: a `static let` is initialised once,
    /// thread-safely (swift_once). A library that cannot be loaded stays that way for the run.
    private static let loaded: Result<Functions, HTMLDocument.ParseError> = Result { () throws(HTMLDocument.ParseError) in
        let functions: Functions
        if let linked = try linked() {
            functions = linked
        } else {
            functions = try open(defaultName)
        }
        functions.table.init_parser()
        return functions
    }

    /// Whether libxml2 is linked into this binary (release builds) rather than loaded when used.
    static var isLinkedIn: Bool {
        var scratch = [UnsafeMutableRawPointer?](repeating: nil, count: symbolNames.count)
        return scratch.withUnsafeMutableBufferPointer { eventsuggest_linked_libxml2($0.baseAddress) }
    }

    /// The functions of the libxml2 linked into this binary, nil when it is not (debug builds).
    static func linked() throws(HTMLDocument.ParseError) -> Functions? {
        var found = [UnsafeMutableRawPointer?](repeating: nil, count: symbolNames.count)
        let isLinked = found.withUnsafeMutableBufferPointer { eventsuggest_linked_libxml2($0.baseAddress) }
        return isLinked ? try functions(found, from: "the linked libxml2") : nil
    }

    /// Opens `name` (a soname or a path) and finds the functions; no initialisation.
    static func open(_ name: String) throws(HTMLDocument.ParseError) -> Functions {
        let found: [UnsafeMutableRawPointer?]
        do {
            found = try DynamicLibrary.symbols(symbolNames, in: name)
        } catch {
            throw .libraryUnavailable(reason: error.reason)
        }
        return try functions(found, from: name)
    }

    /// The typed table of the addresses in `symbolNames`' order, each checked non-null.
    private static func functions(_ found: [UnsafeMutableRawPointer?], from name: String) throws(HTMLDocument.ParseError) -> Functions {
        var table = eventsuggest_libxml2_functions()
        eventsuggest_libxml2_assign(&table, found)
        guard let readMemory = table.html_read_memory, let freeDoc = table.free_doc,
              let lineNumber = table.get_line_no, table.init_parser != nil, table.free_slot != nil else {
            throw .libraryUnavailable(reason: "\(name): a function is missing")
        }
        return Functions(table: table, readMemory: readMemory, freeDoc: freeDoc, lineNumber: lineNumber)
    }

    /// Loads libxml2 if it is not yet (replaces `xmlInitParser`); the functions below may be
    /// called only after this returned.
    static func initParser() throws(HTMLDocument.ParseError) {
        _ = try loaded.get()
    }

    private static var functions: Functions {
        guard case .success(let functions) = loaded else {
            preconditionFailure("libxml2 used before LibXML2Library.initParser() succeeded")
        }
        return functions
    }

    /// `htmlReadMemory`
    static func htmlReadMemory(_ buffer: UnsafePointer<CChar>?, _ size: Int32, _ url: UnsafePointer<CChar>?,
                               _ encoding: UnsafePointer<CChar>?, _ options: Int32) -> htmlDocPtr? {
        functions.readMemory(buffer, size, url, encoding, options)
    }

    /// `xmlFreeDoc`
    static func xmlFreeDoc(_ document: xmlDocPtr?) {
        functions.freeDoc(document)
    }

    /// `xmlGetLineNo`
    static func xmlGetLineNo(_ node: UnsafePointer<xmlNode>?) -> Int {
        functions.lineNumber(node)
    }

    /// `xmlFree`, through the deallocator libxml2 holds at the time of the call.
    static func xmlFree(_ pointer: UnsafeMutableRawPointer?) {
        var table = functions.table
        eventsuggest_xmlFree(&table, pointer)
    }
}
