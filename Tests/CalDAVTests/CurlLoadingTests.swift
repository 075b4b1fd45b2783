import CalDAV
import Foundation
import HTTPClient
import Testing
import TestSupport

/// libcurl is loaded (dlopen) only when a CalDAV client is made: a missing or broken library
/// is a setup error that names it and the package, never a crash; the real one still works.
@Suite("libcurl loaded at run time: missing or broken is a named setup error")
struct CurlLoadingTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("es-curl-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func setupError(library: String) -> HTTPError? {
        var configuration = HTTPClient.Configuration()
        configuration.library = library
        do {
            _ = try HTTPClient(configuration: configuration)
            return nil
        } catch {
            return error
        }
    }

    @Test("the system's libcurl loads and speaks HTTP (the honest case the checks below refuse)")
    func realLibrary() throws {
        let error = Self.setupError(library: "libcurl.so.4")
        #expect(error == nil, "\(String(describing: error))")
        // The default configuration names the same library and sends a request.
        let port = try Radicale.freeTCPPort()
        let client = try HTTPClient(configuration: .init())
        #expect {
            try client.send(HTTPRequest(method: "GET", url: "http://127.0.0.1:\(port)/"))
        } throws: { error in
            (error as? HTTPError)?.kind == .unreachable
        }
    }

    @Test("a library that is not there: setup error naming libcurl, the Debian package and the file")
    func missingLibrary() throws {
        let path = "/nonexistent-\(UUID().uuidString)/libcurl.so.4"
        let error = try #require(Self.setupError(library: path))
        #expect(error.kind == .setup)
        #expect(error.description.hasPrefix("--caldav needs libcurl (Debian package libcurl4): "), "\(error)")
        #expect(error.description.contains(path + ": cannot open shared object file"), "\(error)")
    }

    @Test("a file that is no library (truncated, empty): setup error, no crash")
    func brokenLibrary() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("libcurl.so.4")
        try Data().write(to: empty)
        let error = try #require(Self.setupError(library: empty.path))
        #expect(error.kind == .setup)
        #expect(error.description.contains("--caldav needs libcurl"), "\(error)")
        #expect(error.description.contains(empty.path), "\(error)")

        let garbage = folder.appendingPathComponent("libgarbage.so")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: garbage)
        #expect(Self.setupError(library: garbage.path)?.kind == .setup)
    }

    @Test("a real library without curl's functions (libz): setup error naming the missing function")
    func wrongLibrary() throws {
        let error = try #require(Self.setupError(library: "libz.so.1"))
        #expect(error.kind == .setup)
        #expect(error.description.contains("--caldav needs libcurl"), "\(error)")
        #expect(error.description.contains("curl_global_init"), "\(error)")
    }

    @Test("--caldav with libcurl missing: the calendar cannot be set up, and the message says why")
    func destination() throws {
        var configuration = HTTPClient.Configuration()
        configuration.library = "/nonexistent-\(UUID().uuidString)/libcurl.so.4"
        #expect {
            try CalendarDestination(caldav: "http://127.0.0.1:1/cal/", credentialsFile: nil, configuration: configuration)
        } throws: { error in
            "\(error)".contains("--caldav needs libcurl (Debian package libcurl4)")
        }
        // The same URL with the real library is a usable destination.
        _ = try CalendarDestination(caldav: "http://127.0.0.1:1/cal/", credentialsFile: nil)
    }
}
