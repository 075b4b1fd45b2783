import Foundation
import Glibc
import Testing
import TestSupport

/// `eventsuggest milter`'s command line: what it refuses before it listens.
@Suite("EndToEndTests.Milter command line")
struct MilterCommandTests {
    @Test("usage errors: exit 2 with the option named", arguments: [
        ([] as [String], "milter needs --socket"),
        (["--socket", "inet:127.0.0.1:8891"], "not 'inet:127.0.0.1:8891'"),
        (["--socket", "inet:8891@127.0.0.1", "--on-error", "reject"], "--on-error wants accept or tempfail, not 'reject'"),
        (["--socket", "inet:8891@127.0.0.1", "some-path"], "takes its messages from the MTA and no PATH"),
        (["--socket", "inet:8891@127.0.0.1", "--log", "/tmp/x"], "unknown option '--log'"),
        // The milter's recipients come from the envelope, one calendar each.
        (["--socket", "inet:8891@127.0.0.1", "--calendar", "/tmp/{user}", "--recipient", "a@b.example"],
         "unknown option '--recipient'"),
    ])
    func usage(_ arguments: [String], _ message: String) throws {
        let result = try TestBinary.run(["milter"] + arguments + ["--config", "none"])
        #expect(result.status == 2)
        #expect(result.stderrText.contains(message), "\(result.stderrText)")
    }

    /// A port someone else holds: said at once, exit 1, never a milter that seems to run.
    @Test("a port in use: exit 1, 'cannot listen'")
    func portInUse() throws {
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(holder, $0, length) == 0 && listen(holder, 1) == 0 && getsockname(holder, $0, &length) == 0
            }
        }
        #expect(listening)
        let port = UInt16(bigEndian: address.sin_port)
        let result = try TestBinary.run(["milter", "--socket", "inet:\(port)@127.0.0.1", "--config", "none"])
        #expect(result.status == 1)
        #expect(result.stderrText.contains("cannot listen on 'inet:\(port)@127.0.0.1'"), "\(result.stderrText)")
    }
}
