import CommandLineOptions
import JSON
import DKIM
import Findings
import Mailbox
import MailMessage

/// `eventsuggest verify`: the DKIM verdict on every signature of every message.
struct VerifyCommand: ParsableCommand {
    static let summary = "Verify the DKIM signatures of messages."
    static let synopsis = "verify PATH... [--keys FILE | --dns HOST[:PORT]] [--json] [--now TIME]"
    static let discussion = """
        For each message, one line per DKIM-Signature field (top first): the result
        (pass, fail, neutral, policy, temperror, permerror), the signing domain, selector
        and algorithm, and why when it is not a plain pass. rsa-sha1 signatures and RSA
        keys under 1024 bits are 'policy' even when valid (RFC 8301). A signature with l=
        that leaves part of the body unsigned says how many bytes.

        Keys come from DNS (the system resolver, or --dns), or from a keys file (--keys).
        A DNS timeout or server failure is temperror; a missing key is permerror.

        With --json, one object per message:
          {"file", "signatures": [{"domain", "selector", "algorithm", "result", "reason"}]}
        ("line" is added for a message inside an mbox; "signatures" is [] when unsigned).

        Exit status: 0 when every message has a passing signature, 1 when one has none
        (or an input could not be read), 2 on usage errors.
        """
    /// The same option as the pipeline's (one spelling); here it asks for the field to be printed.
    static let authservID = OptionDeclaration.value(
        "authserv-id", "ID", "Print, per message, the Authentication-Results field (RFC 8601) it would get, with this name.")
    static let command = CommandDescription(
        name: "verify", summary: summary, synopsis: synopsis, discussion: discussion,
        options: OutputOptions.options + [authservID] + KeyLookupOptions.options + ClockOptions.options
            + LimitOptions.options + JobsOptions.options + MailboxReadingOptions.options,
        operands: .paths("PATH"))

    var paths: [String]
    var output: OutputOptions
    var authservIdentifier: String?
    var keys: KeyLookupOptions
    var clock: ClockOptions
    var limits: LimitOptions
    var jobs: JobsOptions
    var reading: MailboxReadingOptions

    init(parsing values: ParsedValues) throws(UsageError) {
        paths = try values.requireOperands("PATH (a file, Maildir, mbox, or -)")
        output = try OutputOptions(parsing: values)
        authservIdentifier = values.string(Self.authservID)
        keys = try KeyLookupOptions(parsing: values)
        clock = try ClockOptions(parsing: values)
        limits = try LimitOptions(parsing: values)
        jobs = try JobsOptions(parsing: values)
        reading = try MailboxReadingOptions(parsing: values)
    }

    func run(streams: StandardStreams) throws -> ExitStatus {
        let limits = limits.limits
        let verifier = DKIMVerifier(resolver: try keys.resolver(), now: clock.instant(), limits: limits.dkim)
        let format = reading.mboxFormat
        let json = output.json
        let authservIdentifier = authservIdentifier
        var status = ExitStatus.success
        // Each worker reads its own message files: reading is part of the parallel work.
        let parallel = PipelinedBatches(ParallelBatch(jobs: jobs.count) {
            (reference: MessageReference) -> (message: MailboxMessage, results: [DKIMResult]) in
            let message = reference.load(limits: limits.mailbox)
            var results: [DKIMResult] = []
            if !message.bytes.isEmpty {
                let (header, bodyStart) = MailMessage.header(of: message.bytes, limits: limits.message)
                results = verifier.verify(header: header, body: message.bytes[bodyStart...])
            }
            return (MailboxMessage(location: message.location, bytes: [], findings: message.findings), results)
        })
        func emit(_ done: [(message: MailboxMessage, results: [DKIMResult])]) {
            for (message, results) in done {
                for finding in message.findings { streams.error(FindingText.line(finding, in: message.location)) }
                if !results.contains(where: { $0.outcome == .pass }) { status = .findings }
                if json {
                    streams.writeLine(Self.jsonObject(results, at: message.location).serialized)
                } else if let authservID = authservIdentifier {
                    streams.writeLine("\(message.location):")
                    streams.writeLine("Authentication-Results: "
                        + AuthenticationResults.fieldValue(authservID: authservID, results: results)
                            .replacing("\r\n", with: "\n"))
                } else {
                    streams.write(Self.text(results, at: message.location))
                }
            }
        }
        for path in paths {
            do {
                let source = try MessageSource.open(path, recursive: reading.recursive)
                try source.forEachReference(format: format, limits: limits.mailbox) { emit(parallel.append($0)) }
            } catch let error as MailboxError {
                emit(parallel.finish())   // everything read before the error is printed before it
                streams.error("eventsuggest: \(error)")
                status = .findings
            }
        }
        emit(parallel.finish())
        return status
    }

    static func jsonObject(_ results: [DKIMResult], at location: MessageLocation) -> JSONValue {
        var members: [(String, JSONValue)] = [("file", .string(location.path))]
        if let line = location.line { members.append(("line", .number(line))) }
        members.append(("signatures", .array(results.map { result in
            var signature: [(String, JSONValue)] = [
                ("domain", .optional(result.domain)),
                ("selector", .optional(result.selector)),
                ("algorithm", .optional(result.algorithm)),
                ("result", .string(result.outcome.rawValue)),
                ("reason", .optional(result.reason)),
            ]
            if let code = result.limitCode { signature.append(("limit", .string(code.id))) }
            if result.unsignedBodyBytes > 0 { signature.append(("unsignedBodyBytes", .number(result.unsignedBodyBytes))) }
            return .object(signature)
        })))
        return .object(members)
    }

    static func text(_ results: [DKIMResult], at location: MessageLocation) -> String {
        guard !results.isEmpty else { return "\(location): unsigned (no DKIM-Signature field)\n" }
        return results.map { result in
            var line = "\(location.path):\(location.fileLine(result.line)): dkim=\(result.outcome.rawValue)"
            if let domain = result.domain { line += " d=\(domain)" }
            if let selector = result.selector { line += " s=\(selector)" }
            if let algorithm = result.algorithm { line += " a=\(algorithm)" }
            if let reason = result.reason { line += " (\(reason))" }
            return line + "\n"
        }.joined()
    }
}
