#if canImport(Glibc)
import Glibc
#endif
internal import CMilter

/// A milter served through libmilter: it listens on `socket`, and each message the MTA
/// sends gets its own ``MilterMessage`` from `makeMessage`.
///
/// libmilter is one per process: it keeps the registered callbacks, the socket and its
/// thread pool in its own globals, and `smfi_register` takes C function pointers with no
/// context argument. The callbacks here capture nothing; each connection finds its state
/// through `smfi_getpriv` (a retained ``MilterConnection``, released in the close callback),
/// and a new connection finds the server through ``MilterRegistration`` — one immutable
/// `let`, set once by ``run()``, because libmilter offers no other place for it.
public struct MilterServer: Sendable {
    /// `inet:PORT@HOST`, `inet6:PORT@HOST` or `unix:PATH` (libmilter's `smfi_setconn` syntax).
    public let socket: String
    /// Seconds libmilter waits on the MTA before it gives the connection up (`smfi_settimeout`).
    public let timeoutSeconds: Int
    /// What a message gets when the milter itself fails (no state for the connection, an
    /// edit the MTA refused).
    public let onFailure: MilterFailureAction
    /// Whether a message may answer ``MilterDecision/editWithBody(_:body:withoutBody:)``: the body action
    /// (SMFIF_CHGBODY) is registered and asked for only then, so a milter that never changes
    /// a body tells the MTA so.
    public let changesBody: Bool
    public let makeMessage: @Sendable () -> any MilterMessage

    public init(socket: String, timeoutSeconds: Int = 600, onFailure: MilterFailureAction = .accept,
                changesBody: Bool = false, makeMessage: @escaping @Sendable () -> any MilterMessage) {
        self.socket = socket
        self.timeoutSeconds = timeoutSeconds
        self.onFailure = onFailure
        self.changesBody = changesBody
        self.makeMessage = makeMessage
    }

    /// The actions registered with `smfi_register` and asked for in the negotiation.
    var actions: UInt { cmilter_header_actions() | (changesBody ? cmilter_body_action() : 0) }

    /// Whether `text` is a socket libmilter understands (`inet:`, `inet6:`, `unix:`, `local:`).
    public static func isSocketSpecification(_ text: String) -> Bool {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, !parts[1].isEmpty else { return false }
        switch parts[0] {
        case "inet", "inet6": return parts[1].contains("@") && Int(parts[1].split(separator: "@")[0]) != nil
        case "unix", "local": return true
        default: return false
        }
    }

    /// Registers the callbacks, opens the socket and serves until ``stop()`` or SIGTERM,
    /// SIGINT or SIGHUP (libmilter takes those in a thread of its own and stops the loop;
    /// connections under way are finished). `listening` is called once the socket is bound.
    public func run(listening: () -> Void = {}) throws(MilterError) {
        guard MilterRegistration.shared.claim(self) else { throw .alreadyRunning }
        var description = smfiDesc()
        // Kept for the life of the process: libmilter holds on to the pointers.
        description.xxfi_name = strdup("eventsuggest")
        description.xxfi_version = cmilter_version()
        description.xxfi_flags = actions
        description.xxfi_connect = { context, _, _ in MilterCallbacks.connect(context) }
        description.xxfi_envfrom = { context, _ in MilterCallbacks.startMessage(context) }
        description.xxfi_envrcpt = { context, arguments in MilterCallbacks.recipient(context, arguments) }
        description.xxfi_header = { context, name, value in MilterCallbacks.header(context, name, value) }
        description.xxfi_eoh = { context in MilterCallbacks.endOfHeader(context) }
        description.xxfi_body = { context, bytes, count in MilterCallbacks.body(context, bytes, count) }
        description.xxfi_eom = { context in MilterCallbacks.endOfMessage(context) }
        description.xxfi_abort = { context in MilterCallbacks.abort(context) }
        description.xxfi_close = { context in MilterCallbacks.close(context) }
        description.xxfi_negotiate = { context, actions, steps, _, _, ourActions, ourSteps, more2, more3 in
            MilterCallbacks.negotiate(context, actions, steps, ourActions, ourSteps, more2, more3)
        }
        guard smfi_register(description) == MI_SUCCESS else { throw .cannotRegister }
        guard smfi_setconn(strdup(socket)) == MI_SUCCESS else { throw .invalidSocket(socket) }
        _ = smfi_settimeout(Int32(clamping: timeoutSeconds))
        // Binds now (removing a stale unix socket), so a port in use is an error here, not a
        // silent exit of the accept loop.
        guard smfi_opensocket(1) == MI_SUCCESS else { throw .cannotListen(socket) }
        listening()
        guard smfi_main() == MI_SUCCESS else { throw .stoppedWithError(socket) }
    }

    /// Asks the accept loop to stop; ``run()`` returns once the connections under way are done.
    public static func stop() { _ = smfi_stop() }
}

/// What a message gets when the milter itself fails.
public enum MilterFailureAction: String, Sendable, CaseIterable {
    /// Delivered unchanged (the MTA's own `milter_default_action = accept`).
    case accept
    /// 4xx: the client retries later.
    case tempfail
}

/// Why the milter could not serve.
public enum MilterError: Error, Equatable, CustomStringConvertible {
    case alreadyRunning
    case cannotRegister
    case invalidSocket(String)
    case cannotListen(String)
    case stoppedWithError(String)

    public var description: String {
        switch self {
        case .alreadyRunning: "a milter is already running in this process (libmilter serves one)"
        case .cannotRegister: "libmilter refused the callbacks (smfi_register)"
        case .invalidSocket(let socket): "'\(socket)' is not a milter socket (inet:PORT@HOST or unix:PATH)"
        case .cannotListen(let socket):
            "cannot listen on '\(socket)': the address is in use, not local, or the folder of the unix socket is not writable"
        case .stoppedWithError(let socket): "the milter on '\(socket)' stopped with an error (libmilter's accept loop failed)"
        }
    }
}
