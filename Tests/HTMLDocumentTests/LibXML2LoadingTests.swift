import Foundation
@testable import HTMLDocument
import Testing

/// libxml2 is loaded (dlopen) the first time a part with markup is parsed. The loader
/// refuses a missing, broken or wrong library with a typed error naming it, never a crash.
@Suite("libxml2 loaded at run time: missing or broken is a typed error")
struct LibXML2LoadingTests {
    @Test("the system's libxml2 loads, and a document parses through it (the honest case)")
    func realLibrary() throws {
        _ = try LibXML2Library.open(LibXML2Library.defaultName)
        let document = try HTMLDocument(parsing: "<p>one</p>\n<p>two</p>")
        let paragraphs = document.root.descendantElements.filter { $0.name == "p" }
        #expect(paragraphs.map(\.line) == [1, 2], "line numbers come from libxml2's parser")
    }

    @Test("a library that is not there: libraryUnavailable naming the file")
    func missingLibrary() throws {
        let path = "/nonexistent-\(UUID().uuidString)/libxml2.so.2"
        #expect {
            _ = try LibXML2Library.open(path)
        } throws: { error in
            guard case .libraryUnavailable(let reason) = error as? HTMLDocument.ParseError else { return false }
            return reason.contains(path + ": cannot open shared object file")
                && "\(error)".hasPrefix("markup needs libxml2 (Debian package libxml2)")
        }
    }

    @Test("an empty file where the library should be: libraryUnavailable, no crash")
    func brokenLibrary() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("es-xml-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("libxml2.so.2")
        try Data().write(to: empty)
        #expect {
            _ = try LibXML2Library.open(empty.path)
        } throws: { error in
            guard case .libraryUnavailable(let reason) = error as? HTMLDocument.ParseError else { return false }
            return reason.contains(empty.path)
        }
    }

    @Test("a real library without libxml2's functions (libz): libraryUnavailable naming the function")
    func wrongLibrary() {
        #expect {
            _ = try LibXML2Library.open("libz.so.1")
        } throws: { error in
            guard case .libraryUnavailable(let reason) = error as? HTMLDocument.ParseError else { return false }
            return reason.contains("xmlInitParser")
        }
    }
}
