#if canImport(Glibc)
import Glibc
#endif
internal import CMilter

/// The C callbacks libmilter calls, on its own threads. Each finds its connection through
/// `smfi_getpriv` and hands Swift values to the connection's ``MilterMessage``; nothing
/// here captures or keeps anything else.
enum MilterCallbacks {
    typealias Context = OpaquePointer?

    // MARK: - Connection

    /// The first step (milter protocol 6): which actions we take and which steps we want.
    /// We keep the header fields' leading space when the MTA offers it (Postfix and Sendmail
    /// do), so the message is rebuilt byte for byte for DKIM's simple canonicalization.
    static func negotiate(_ context: Context, _ offeredActions: UInt, _ offeredSteps: UInt,
                          _ actions: UnsafeMutablePointer<UInt>?, _ steps: UnsafeMutablePointer<UInt>?,
                          _ more2: UnsafeMutablePointer<UInt>?, _ more3: UnsafeMutablePointer<UInt>?) -> sfsistat {
        guard let connection = connection(context, creating: true) else { return SMFIS_ALL_OPTS }
        connection.keepsLeadingSpace = offeredSteps & cmilter_leading_space() != 0
        actions?.pointee = offeredActions & cmilter_header_actions()
        steps?.pointee = offeredSteps & (cmilter_leading_space() | cmilter_unused_steps())
        more2?.pointee = 0
        more3?.pointee = 0
        return SMFIS_CONTINUE
    }

    static func connect(_ context: Context) -> sfsistat {
        connection(context, creating: true) == nil ? failed() : SMFIS_CONTINUE
    }

    static func close(_ context: Context) -> sfsistat {
        if let context, let pointer = smfi_getpriv(context) {
            _ = smfi_setpriv(context, nil)
            Unmanaged<MilterConnection>.fromOpaque(pointer).release()
        }
        return SMFIS_CONTINUE
    }

    // MARK: - Message

    /// MAIL FROM starts a message.
    static func startMessage(_ context: Context) -> sfsistat {
        guard let connection = connection(context, creating: true) else { return failed() }
        connection.message = connection.server.makeMessage()
        return SMFIS_CONTINUE
    }

    static func recipient(_ context: Context, _ arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> sfsistat {
        guard let message = message(context) else { return failed() }
        if let first = arguments?.pointee {
            // RFC 5321 §4.1.2: Forward-path = "<" Mailbox ">"; the MTA passes the brackets.
            var address = String(cString: first)
            if address.hasPrefix("<") && address.hasSuffix(">") && address.count >= 2 {
                address = String(address.dropFirst().dropLast())
            }
            message.envelopeRecipient(address)
        }
        return SMFIS_CONTINUE
    }

    static func header(_ context: Context, _ name: UnsafeMutablePointer<CChar>?,
                       _ value: UnsafeMutablePointer<CChar>?) -> sfsistat {
        guard let connection = connection(context, creating: false), let message = connection.message else {
            return failed()
        }
        let nameBytes = name.map { bytes(of: $0) } ?? []
        var valueBytes = value.map { bytes(of: $0) } ?? []
        // QUIRK: an MTA that strips the space after the colon (no SMFIP_HDR_LEADSPC) loses
        // which whitespace was there; one space is what almost every sender writes.
        if !connection.keepsLeadingSpace { valueBytes.insert(0x20, at: 0) }
        message.headerField(name: nameBytes, value: valueBytes)
        return SMFIS_CONTINUE
    }

    static func endOfHeader(_ context: Context) -> sfsistat {
        guard let message = message(context) else { return failed() }
        message.endOfHeader()
        return SMFIS_CONTINUE
    }

    static func body(_ context: Context, _ bytes: UnsafeMutablePointer<UInt8>?, _ count: Int) -> sfsistat {
        guard let message = message(context) else { return failed() }
        if let bytes, count > 0 { message.bodyChunk(UnsafeRawBufferPointer(start: bytes, count: count)) }
        return SMFIS_CONTINUE
    }

    static func endOfMessage(_ context: Context) -> sfsistat {
        guard let context, let connection = connection(context, creating: false), let message = connection.message else {
            return failed()
        }
        connection.message = nil
        let queueID = "i".withCString { name in
            smfi_getsymval(context, UnsafeMutablePointer(mutating: name)).map { String(cString: $0) }
        }
        switch message.endOfMessage(queueID: queueID) {
        case .accept: return SMFIS_ACCEPT
        case .temporaryFailure: return SMFIS_TEMPFAIL
        case .edit(let edits):
            return apply(edits, context, keepsLeadingSpace: connection.keepsLeadingSpace)
                ? SMFIS_CONTINUE : failure(connection.server.onFailure)
        }
    }

    /// The message was given up (the client quit, RSET, a timeout): its state goes; the
    /// connection may carry another.
    static func abort(_ context: Context) -> sfsistat {
        connection(context, creating: false)?.message = nil
        return SMFIS_CONTINUE
    }

    // MARK: - Edits

    /// Deletions first, last occurrence first, so each index still names the field it was
    /// computed for; then the insertions, bottom one first, each at position 0, so they end
    /// up in the given order above every other field.
    static func apply(_ edits: MilterHeaderEdits, _ context: OpaquePointer, keepsLeadingSpace: Bool) -> Bool {
        for deletion in edits.deletions.sorted(by: { $0.index > $1.index }) {
            let done = deletion.name.withCString { name in
                smfi_chgheader(context, UnsafeMutablePointer(mutating: name), Int32(clamping: deletion.index), nil)
            }
            guard done == MI_SUCCESS else { return false }
        }
        for field in edits.insertions.reversed() {
            var value = field.value
            // Without SMFIP_HDR_LEADSPC the MTA writes "name: value" itself.
            if !keepsLeadingSpace, value.first == 0x20 { value.removeFirst() }
            let cValue = value.map { CChar(bitPattern: $0) } + [0]
            let done = field.name.withCString { name in
                cValue.withUnsafeBufferPointer { value in
                    smfi_insheader(context, 0, UnsafeMutablePointer(mutating: name), UnsafeMutablePointer(mutating: value.baseAddress))
                }
            }
            guard done == MI_SUCCESS else { return false }
        }
        return true
    }

    // MARK: - Helpers

    /// The connection's state, created (and retained as its private data) when missing and
    /// `creating`; nil when there is no registered server or no context.
    static func connection(_ context: Context, creating: Bool) -> MilterConnection? {
        guard let context else { return nil }
        if let pointer = smfi_getpriv(context) { return Unmanaged<MilterConnection>.fromOpaque(pointer).takeUnretainedValue() }
        guard creating, let server = MilterRegistration.shared.current else { return nil }
        let connection = MilterConnection(server: server)
        guard smfi_setpriv(context, Unmanaged.passRetained(connection).toOpaque()) == MI_SUCCESS else {
            Unmanaged.passUnretained(connection).release()
            return nil
        }
        return connection
    }

    static func message(_ context: Context) -> (any MilterMessage)? { connection(context, creating: false)?.message }

    /// The answer when the milter has no state to work with: the server's failure action.
    static func failed() -> sfsistat {
        failure(MilterRegistration.shared.current?.onFailure ?? .accept)
    }

    static func failure(_ action: MilterFailureAction) -> sfsistat {
        action == .tempfail ? SMFIS_TEMPFAIL : SMFIS_ACCEPT
    }

    static func bytes(of text: UnsafeMutablePointer<CChar>) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: text, count: strlen(text)))
    }
}
