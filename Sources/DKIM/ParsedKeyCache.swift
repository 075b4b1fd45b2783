
/// Key records parsed once per run (DESIGN.md: "parse each DKIM key once per run"): by the
/// record's text, so a mailbox from one sender decodes its key once, not once per message.
/// The lock is held only to look up and to store; parsing happens outside it.
public final class ParsedKeyCache: Sendable {
    private let entries = Locked<[String: Result<DKIMKeyRecord, DKIMKeyRecord.Problem>]>([:])

    public init() {}

    /// How many distinct key records have been parsed.
    var count: Int { entries.withLock { $0.count } }

    func record(for text: String) -> Result<DKIMKeyRecord, DKIMKeyRecord.Problem> {
        if let cached = entries.withLock({ $0[text] }) { return cached }
        let parsed: Result<DKIMKeyRecord, DKIMKeyRecord.Problem>
        do throws(DKIMKeyRecord.Problem) {
            parsed = .success(try DKIMKeyRecord(parsing: text))
        } catch {
            parsed = .failure(error)
        }
        entries.withLock { $0[text] = parsed }
        return parsed
    }
}
