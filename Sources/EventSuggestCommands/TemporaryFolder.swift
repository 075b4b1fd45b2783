/// Where a command puts its temporary files (filter's spill file, scan's spool): `$TMPDIR`
/// when it is set and not empty, else /tmp, as mktemp(1) decides. Read from the injected
/// environment, so tests choose the folder without touching the process's own.
struct TemporaryFolder: Equatable, Sendable {
    static let variable = "TMPDIR"
    static let fallback = "/tmp"

    let path: String

    init(environment: [String: String]) {
        path = environment[Self.variable].flatMap { $0.isEmpty ? nil : $0 } ?? Self.fallback
    }
}
