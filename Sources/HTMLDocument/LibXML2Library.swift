internal import CLibXML2

/// libxml2, loaded the first time a part with markup is parsed rather than linked: a filter
/// on a message without markup never maps libxml2 or the ICU it brings on Debian.
/// ``HTMLDocument`` calls libxml2's five functions only through here (`CLibXML2/shim.h`
/// does the `dlopen`/`dlsym`); struct field reads of its tree need no loading.
enum LibXML2Library {
    /// The soname Debian's libxml2 package provides.
    static let defaultName = "libxml2.so.2"

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
        let functions = try open(defaultName)
        functions.table.init_parser()
        return functions
    }

    /// Opens `name` (a soname or a path) and finds the functions; no initialisation.
    static func open(_ name: String) throws(HTMLDocument.ParseError) -> Functions {
        var table = eventsuggest_libxml2_functions()
        var error = [CChar](repeating: 0, count: 512)
        let status = error.withUnsafeMutableBufferPointer { eventsuggest_libxml2_load(name, &table, $0.baseAddress, $0.count) }
        guard status == 0, let readMemory = table.html_read_memory, let freeDoc = table.free_doc,
              let lineNumber = table.get_line_no, table.init_parser != nil, table.free_slot != nil else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .libraryUnavailable(reason: reason.isEmpty ? "\(name): a function is missing" : reason)
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
