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
        let granted = offeredActions & connection.server.actions
        connection.mayChangeBody = granted & cmilter_body_action() != 0
        actions?.pointee = granted
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
        case .editWithBody(let edits, let body, let withoutBody):
            // An MTA that did not grant the body action gets nothing half done: the header
            // edits name a part that only the new body holds, so it gets the edits made
            // without one (our fields, the forged ones removed, "not attached").
            guard connection.mayChangeBody else {
                return apply(withoutBody, context, keepsLeadingSpace: connection.keepsLeadingSpace)
                    ? SMFIS_CONTINUE : failure(connection.server.onFailure)
            }
            return apply(edits, context, keepsLeadingSpace: connection.keepsLeadingSpace) && replaceBody(body, context)
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
    /// computed for; then the changes in place and the additions at the end of the header,
    /// in the given order; then the insertions, bottom one first, each at position 0, so they
    /// end up in the given order above every other field.
    static func apply(_ edits: MilterHeaderEdits, _ context: OpaquePointer, keepsLeadingSpace: Bool) -> Bool {
        for deletion in edits.deletions.sorted(by: { $0.index > $1.index }) {
            guard change(deletion, to: nil, context, keepsLeadingSpace: keepsLeadingSpace) else { return false }
        }
        for change in edits.changes {
            guard Self.change(change.field, to: change.value, context, keepsLeadingSpace: keepsLeadingSpace) else { return false }
        }
        for field in edits.additions {
            let done = withCValue(field.value, keepsLeadingSpace: keepsLeadingSpace) { value in
                field.name.withCString { name in smfi_addheader(context, UnsafeMutablePointer(mutating: name), value) }
            }
            guard done == MI_SUCCESS else { return false }
        }
        for field in edits.insertions.reversed() {
            let done = withCValue(field.value, keepsLeadingSpace: keepsLeadingSpace) { value in
                field.name.withCString { name in smfi_insheader(context, 0, UnsafeMutablePointer(mutating: name), value) }
            }
            guard done == MI_SUCCESS else { return false }
        }
        return true
    }

    /// `smfi_chgheader`: the field gets `value`, or goes when `value` is nil.
    static func change(_ field: HeaderFieldReference, to value: [UInt8]?, _ context: OpaquePointer,
                       keepsLeadingSpace: Bool) -> Bool {
        let index = Int32(clamping: field.index)
        let done = field.name.withCString { name -> Int32 in
            let cName = UnsafeMutablePointer(mutating: name)
            guard let value else { return smfi_chgheader(context, cName, index, nil) }
            return withCValue(value, keepsLeadingSpace: keepsLeadingSpace) { smfi_chgheader(context, cName, index, $0) }
        }
        return done == MI_SUCCESS
    }

    /// `value` as the NUL-terminated C string libmilter takes. Without SMFIP_HDR_LEADSPC the
    /// MTA writes "name: value" itself, so our leading space goes.
    static func withCValue(_ value: [UInt8], keepsLeadingSpace: Bool, _ body: (UnsafeMutablePointer<CChar>?) -> Int32) -> Int32 {
        var bytes = value
        if !keepsLeadingSpace, bytes.first == 0x20 { bytes.removeFirst() }
        var cValue = bytes.map { CChar(bitPattern: $0) }
        cValue.append(0)
        return cValue.withUnsafeMutableBufferPointer { body($0.baseAddress) }
    }

    /// `smfi_replacebody` in pieces of at most one protocol packet: the MTA appends them in
    /// order (a first call replaces the body, each later one adds to it). An empty body is
    /// one call with no bytes.
    static func replaceBody(_ body: [UInt8], _ context: OpaquePointer) -> Bool {
        let chunk = Int(cmilter_chunk_size())
        return body.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                var nothing: UInt8 = 0
                return smfi_replacebody(context, &nothing, 0) == MI_SUCCESS
            }
            var start = 0
            while start < buffer.count {
                let count = min(chunk, buffer.count - start)
                guard smfi_replacebody(context, UnsafeMutablePointer(mutating: base + start), Int32(count)) == MI_SUCCESS else {
                    return false
                }
                start += count
            }
            return true
        }
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
