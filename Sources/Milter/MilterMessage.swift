/// The work for one message, fed by libmilter as the MTA sends the message: its envelope
/// recipients, its header fields, its body, then the end of the message, where it answers
/// with what to do.
///
/// One object per message (a connection may carry several, one after another). libmilter
/// calls one connection's callbacks one at a time, in protocol order, but not always on the
/// same thread of its pool: an implementation needs no lock of its own, and must not share
/// mutable state with other messages without one.
public protocol MilterMessage: AnyObject {
    /// `RCPT TO` (RFC 5321 §4.1.1.3): the address without angle brackets, as the MTA gives it.
    func envelopeRecipient(_ address: String)
    /// One header field, in message order: its name and its value as it stands after the
    /// colon (the leading space kept), folding line breaks as the MTA sends them.
    func headerField(name: [UInt8], value: [UInt8])
    /// The empty line that ends the header.
    func endOfHeader()
    /// The next piece of the body (CRLF line endings, RFC 5321 §2.3.8).
    func bodyChunk(_ bytes: UnsafeRawBufferPointer)
    /// The whole message has been seen: what to do with it. `queueID` is the MTA's queue id
    /// (the `{i}` macro), for the log.
    func endOfMessage(queueID: String?) -> MilterDecision
}

/// What a message gets at its end. The milter never rejects; it changes the body only when
/// its server was made to (``MilterServer/changesBody``, ``editWithBody(_:body:withoutBody:)``).
public enum MilterDecision: Sendable, Equatable {
    /// Delivered unchanged.
    case accept
    /// A temporary failure (4xx): the client retries later.
    case temporaryFailure
    /// Delivered with these header edits.
    case edit(MilterHeaderEdits)
    /// Delivered with these header edits and `body` in place of the body that was sent
    /// (`smfi_replacebody`; CRLF line endings, as the MTA sent the body). Only a server made
    /// with `changesBody` may answer this; an MTA that did not grant the body action gets
    /// `withoutBody`, header edits that stand on their own (no field names a part only the
    /// new body holds).
    case editWithBody(MilterHeaderEdits, body: [UInt8], withoutBody: MilterHeaderEdits)
}

/// Header edits in the MTA's terms: fields deleted or given a new value by name and
/// occurrence, fields appended at the end of the header, fields inserted above all others.
///
/// The MTA carries them out in this order: deletions, changes, additions, insertions. Each
/// index counts the fields of one name in the header as sent, so a deletion never moves
/// the field a change names unless both name the same field name (they never do: a
/// deletion and a change of one field would be a contradiction).
public struct MilterHeaderEdits: Sendable, Equatable {
    /// Each an existing field: its name and which occurrence of that name (1-based, in
    /// message order, names compared without regard to case), as `smfi_chgheader` counts them.
    public var deletions: [HeaderFieldReference]
    /// Existing fields that keep their place and get a new value (`smfi_chgheader`).
    public var changes: [HeaderFieldChange]
    /// New fields after the last one, in this order (`smfi_addheader`).
    public var additions: [HeaderFieldText]
    /// New fields, in the order they must appear at the top of the header.
    public var insertions: [HeaderFieldText]

    public init(deletions: [HeaderFieldReference], changes: [HeaderFieldChange] = [], additions: [HeaderFieldText] = [],
                insertions: [HeaderFieldText]) {
        self.deletions = deletions
        self.changes = changes
        self.additions = additions
        self.insertions = insertions
    }
}

/// An existing field given a new value: which field, and the value after the colon (as in
/// ``HeaderFieldText/value``).
public struct HeaderFieldChange: Sendable, Equatable {
    public var field: HeaderFieldReference
    public var value: [UInt8]

    public init(field: HeaderFieldReference, value: [UInt8]) {
        self.field = field
        self.value = value
    }
}

/// The `index`-th field called `name` (1-based).
public struct HeaderFieldReference: Sendable, Equatable {
    public var name: String
    public var index: Int

    public init(name: String, index: Int) {
        self.name = name
        self.index = index
    }
}

/// A header field to insert: its name and its value after the colon, leading space
/// included, continuation lines separated by LF followed by a tab or space (the MTA writes
/// its own line endings).
public struct HeaderFieldText: Sendable, Equatable {
    public var name: String
    public var value: [UInt8]

    public init(name: String, value: [UInt8]) {
        self.name = name
        self.value = value
    }
}
