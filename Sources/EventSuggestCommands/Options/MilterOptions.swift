import CommandLineOptions

/// The milter's socket and what it answers when it cannot decide; with the pipeline's
/// options (filter's analysis, without `--log`, which one process serving many connections
/// cannot share, and without filter's exit-status switches) it makes the `milter` command.
struct MilterOptions: OptionGroup {
    static let socket = OptionDeclaration.value(
        "socket", "SPEC", "Where the milter listens: inet:PORT@HOST or unix:PATH (as in Postfix's smtpd_milters).")
    static let onError = OptionDeclaration.choice(
        "on-error", ["accept", "tempfail"], "What the MTA is told when a message cannot be examined (default: accept).")
    /// Not `--recipient`: the milter fills the calendar templates from each envelope recipient.
    static let options = PipelineOptions.options.filter { ![PipelineOptions.log.name, CalendarOptions.recipient.name].contains($0.name) }
        + [socket, onError, FilterOptions.attachEvent]

    enum Socket: Equatable, Sendable {
        case inet(port: UInt16, host: String)
        case unix(path: String)
    }

    enum ErrorAnswer: String, Sendable { case accept, tempfail }

    var pipeline: PipelineOptions
    var socket: Socket?
    /// The socket as written, as libmilter's `smfi_setconn` takes it.
    var socketText: String?
    var onError: ErrorAnswer
    /// `--attach-event`, filter's switch: the events also travel in the message.
    var attachesEvent: Bool

    init(parsing values: ParsedValues) throws(UsageError) {
        pipeline = try PipelineOptions(parsing: values)
        onError = try values.choice(Self.onError, as: ErrorAnswer.self) ?? .accept
        attachesEvent = values.isOn(FilterOptions.attachEvent)
        guard let text = values.string(Self.socket) else { return }
        guard let parsed = Self.parseSocket(text) else {
            throw values.invalid(Self.socket, text, wants: "inet:PORT@HOST (inet:8891@127.0.0.1) or unix:PATH")
        }
        socket = parsed
        socketText = text
    }

    /// `inet:8891@127.0.0.1`, `inet:8891@[::1]`, `unix:/run/eventsuggest.sock`.
    static func parseSocket(_ text: String) -> Socket? {
        if text.hasPrefix("unix:") {
            let path = String(text.dropFirst(5))
            return path.isEmpty ? nil : .unix(path: path)
        }
        guard text.hasPrefix("inet:") else { return nil }
        let rest = text.dropFirst(5)
        guard let at = rest.firstIndex(of: "@"), let port = UInt16(rest[..<at]), port != 0 else { return nil }
        var host = String(rest[rest.index(after: at)...])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host.isEmpty ? nil : .inet(port: port, host: host)
    }
}
