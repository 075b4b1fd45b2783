internal import CLibXML2
internal import DynamicLibrary
internal import LinkedLibXML2

/// libxml2's four functions, from one of two places: linked into the binary in release builds
/// (`LinkedLibXML2`: what `make install` ships; a filter maps no libxml2 or ICU at all), or, in
/// debug builds and tests, the shared library loaded the first time a part with markup is
/// parsed (`DynamicLibrary` opens it), so a filter on a message without markup never maps it.
/// ``HTMLDocument`` calls libxml2 only through here (`CLibXML2/shim.h` types the addresses):
/// one HTML parse whose events build an ``HTMLTree`` (``HTMLTreeBuilder``); libxml2 builds no
/// tree of its own.
enum LibXML2Library {
    /// The soname Debian's libxml2 package provides.
    static let defaultName = "libxml2.so.2"
    /// The functions called, in the order `eventsuggest_libxml2_assign` takes their addresses.
    static let symbolNames = ["xmlInitParser", "htmlNewParserCtxt", "htmlCtxtReadMemory", "htmlFreeParserCtxt"]

    /// Whether the headers built against are libxml2 2.9's, whose HTML tokenizer
    /// `LeanSource` follows (2.9.14 read; a later series rewrote the tokenizer).
    /// Under any other the source is left whole for libxml2 to read.
    static let tokenizesAsVersion2_9 = LIBXML_VERSION / 100 == 209

    /// The table, checked non-null at load.
    struct Functions: @unchecked Sendable {
        // `@unchecked Sendable`: written once, at load, then only read; libxml2's parser is
        // safe on separate documents once `xmlInitParser` has run.
        let table: eventsuggest_libxml2_functions
        let newContext: @convention(c) () -> htmlParserCtxtPtr?
        let readMemory: @convention(c) (htmlParserCtxtPtr?, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?,
                                        UnsafePointer<CChar>?, Int32) -> htmlDocPtr?
        let freeContext: @convention(c) (htmlParserCtxtPtr?) -> Void
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
        guard table.init_parser != nil, let newContext = table.new_parser_context, let readMemory = table.context_read_memory,
              let freeContext = table.free_parser_context else {
            throw .libraryUnavailable(reason: "\(name): a function is missing")
        }
        return Functions(table: table, newContext: newContext, readMemory: readMemory, freeContext: freeContext)
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

    /// Parses `html` (UTF-8, its own charset declarations ignored) with libxml2's HTML parser,
    /// `builder` building the tree from its events. False when libxml2 could not begin the
    /// document at all (no memory for a parser).
    static func parse(_ html: UnsafeBufferPointer<UInt8>, options: Int32, into builder: inout HTMLTreeBuilder) -> Bool {
        let functions = functions
        guard let base = html.baseAddress, let context = functions.newContext() else { return false }
        defer { functions.freeContext(context) }
        var events = eventsuggest_html_events(start_element: startElement, end_element: endElement,
                                              characters: characters, cdata_block: cdataBlock, comment: comment,
                                              processing_instruction: processingInstruction,
                                              internal_subset: internalSubset, start_document: startDocument)
        // The callbacks reach the builder through this pointer, valid for the whole parse: a
        // plain pointer to a struct, so no reference counting or exclusivity check per event.
        return withUnsafeMutablePointer(to: &builder) { builder in
            eventsuggest_html_install_events(context, &events, builder)
            let characters = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            // Always nil: only libxml2's own startDocument handler makes an xmlDoc, and ours replaces it.
            _ = functions.readMemory(context, characters, Int32(html.count), nil, "UTF-8", options)
            return builder.pointee.didStart
        }
    }

    // MARK: - The events (closures that capture nothing: the builder comes through the context)

    private static func builder(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<HTMLTreeBuilder> {
        eventsuggest_html_builder(context)!.assumingMemoryBound(to: HTMLTreeBuilder.self)
    }

    private static func line(_ context: UnsafeMutableRawPointer?) -> Int32 {
        eventsuggest_html_line(context)
    }

    private static let startDocument: startDocumentSAXFunc = { context in
        builder(context).pointee.didStart = true
    }

    private static let startElement: startElementSAXFunc = { context, name, attributes in
        guard let name else { return }
        builder(context).pointee.startElement(name: name, attributes: UnsafePointer(attributes), line: line(context))
    }

    private static let endElement: endElementSAXFunc = { context, _ in
        builder(context).pointee.endElement()
    }

    private static let characters: charactersSAXFunc = { context, text, length in
        guard let text, length >= 0 else { return }
        builder(context).pointee.characters(UnsafeBufferPointer(start: text, count: Int(length)), kind: .text, line: line(context))
    }

    private static let cdataBlock: cdataBlockSAXFunc = { context, text, length in
        guard let text, length >= 0 else { return }
        builder(context).pointee.characters(UnsafeBufferPointer(start: text, count: Int(length)), kind: .cdata, line: line(context))
    }

    private static let comment: commentSAXFunc = { context, text in
        guard let text else { return }
        builder(context).pointee.comment(text, line: line(context))
    }

    private static let processingInstruction: processingInstructionSAXFunc = { context, _, _ in
        builder(context).pointee.processingInstruction(line: line(context))
    }

    private static let internalSubset: internalSubsetSAXFunc = { context, _, _, _ in
        builder(context).pointee.doctype(line: line(context))
    }
}
