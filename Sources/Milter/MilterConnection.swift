/// The state of one MTA connection, kept by libmilter as the connection's private data
/// (`smfi_setpriv`): retained when the connection starts, released when it closes.
///
/// libmilter runs one connection's callbacks one at a time, each after the previous one
/// returned (the protocol is a strict exchange of command and reply on one socket), so the
/// fields need no lock even when consecutive callbacks run on different threads.
final class MilterConnection {
    let server: MilterServer
    /// Whether the MTA agreed to send (and take) header values with their leading space.
    var keepsLeadingSpace = false
    /// Whether the MTA granted the body action (SMFIF_CHGBODY) we asked for.
    var mayChangeBody = false
    /// The message under way, from MAIL FROM to its end or abort.
    var message: (any MilterMessage)?

    init(server: MilterServer) { self.server = server }
}
