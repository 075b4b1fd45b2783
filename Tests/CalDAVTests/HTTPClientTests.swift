import Foundation
import HTTPClient
import Testing
import TestSupport

@Suite("HTTP over libcurl: answers, timeouts, credentials never shown")
struct HTTPClientTests {
    @Test("credentials in a URL are cut from every message")
    func redaction() {
        #expect(HTTPError.redacted("https://svc:s3cret@dav.example/a/") == "https://dav.example/a/")
        #expect(HTTPError.redacted("https://dav.example/a@b/") == "https://dav.example/a@b/", "an @ in the path is no userinfo")
        let error = HTTPError(kind: .unreachable, url: "http://u:topsecret@127.0.0.1:1/x", reason: "refused")
        #expect(!error.description.contains("topsecret"))
    }

    @Test("a credentials file that cannot be read is a setup error naming the file")
    func missingCredentials() {
        let path = "/nonexistent-\(UUID().uuidString)/netrc"
        #expect(throws: HTTPError.self) { try HTTPClient(configuration: .init(credentialsFile: path)) }
        do {
            _ = try HTTPClient(configuration: .init(credentialsFile: path))
        } catch {
            #expect(error.kind == .setup)
            #expect(error.description.contains(path))
        }
    }

    @Test("nothing listening: unreachable, quickly; a server that accepts and never answers: the total timeout")
    func noAnswer() throws {
        let port = try Radicale.freeTCPPort()
        let client = try HTTPClient(configuration: .init())
        #expect(throws: HTTPError.self) { try client.send(HTTPRequest(method: "GET", url: "http://127.0.0.1:\(port)/")) }

        // A listening socket that never answers (the backlog accepts the connection).
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        listen(listener, 4)
        var configuration = HTTPClient.Configuration()
        configuration.totalTimeoutSeconds = 0.5
        let slow = try HTTPClient(configuration: configuration)
        let started = ContinuousClock.now
        var failure: HTTPError?
        do { _ = try slow.send(HTTPRequest(method: "GET", url: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/")) } catch { failure = error }
        #expect(failure?.kind == .unreachable)
        #expect(ContinuousClock.now - started < .seconds(5), "the timeout holds")
    }

    @Test("other schemes are refused: no file://, no gopher:// through the client")
    func onlyHTTP() throws {
        let client = try HTTPClient(configuration: .init())
        #expect(throws: HTTPError.self) { try client.send(HTTPRequest(method: "GET", url: "file:///etc/passwd")) }
    }

    @Test("netrc credentials reach the server; wrong ones get 401; the password is in no error")
    func credentials() throws {
        try withRadicale { radicale in
            let good = try HTTPClient(configuration: .init(credentialsFile: try radicale.credentialsFile()))
            let propfind = HTTPRequest(method: "PROPFIND", url: radicale.root, headers: [HTTPHeader("Depth", "0")])
            #expect(try good.send(propfind).status == 207)
            let bad = try HTTPClient(configuration: .init(credentialsFile: try radicale.credentialsFile(user: "alice", password: "wrong-pw-123")))
            #expect(try bad.send(propfind).status == 401)
            let none = try HTTPClient(configuration: .init())
            #expect(try none.send(propfind).status == 401)
        }
    }

    @Test("TLS is verified: a self-signed server is refused; trusted through its CA file it is accepted")
    func tlsVerified() throws {
        let radicale = try Radicale()
        radicale.tls = try radicale.makeSelfSignedCertificate()
        try radicale.start()
        defer { radicale.stop() }
        let request = HTTPRequest(method: "PROPFIND", url: radicale.root, headers: [HTTPHeader("Depth", "0")])
        // The attack: a server whose certificate nobody vouches for (a man in the middle).
        let strict = try HTTPClient(configuration: .init(credentialsFile: try radicale.credentialsFile()))
        var failure: HTTPError?
        do { _ = try strict.send(request) } catch { failure = error }
        #expect(failure?.kind == .unreachable)
        #expect(failure?.reason.lowercased().contains("certificate") == true, "\(String(describing: failure))")
        // The honest case: the provider's own CA, configured.
        var configuration = HTTPClient.Configuration(credentialsFile: try radicale.credentialsFile())
        configuration.certificateAuthorityFile = radicale.tls?.certificate
        #expect(try HTTPClient(configuration: configuration).send(request).status == 207)
    }
}
