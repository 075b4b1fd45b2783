import JSON
import DKIM
import Foundation
import Findings
import Mailbox
import MailMessage

/// `eventsuggest verify`: the DKIM verdict on every signature of every message.
enum VerifyCommand: Command {
    static let name = "verify"
    static let summary = "Verify the DKIM signatures of messages."
    static let synopsis = "verify PATH... [--keys FILE | --dns HOST[:PORT]] [--json] [--now ISO8601]"
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
    static let options: [OptionSpec] = [
        .flag("json", "One JSON object per message."),
        .value("authserv-id", "ID", "Print, per message, the Authentication-Results field (RFC 8601) it would get."),
    ]
        + CommonOptions.keyLookup + CommonOptions.clock + [LimitOptions.spec] + [
            .value("jobs", "N", "Messages verified in parallel (default: the number of cores); output keeps input order."),
            .flag("recursive", "Also read Maildir++ subfolders (.Folder) of a Maildir."),
            .value("mbox-format", "FORMAT", "How mbox files quote 'From ' lines: mboxrd (default) or mboxo."),
        ]

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws -> ExitStatus {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(message: "verify needs at least one PATH (a file, Maildir, mbox, or -)", command: name)
        }
        let limits = try LimitOptions.limits(arguments, command: name)
        let verifier = DKIMVerifier(
            resolver: try CommonOptions.keyResolver(arguments, command: name),
            now: try CommonOptions.now(arguments, command: name), limits: limits.dkim)
        let format = try MailboxOptions.mboxFormat(arguments, command: name)
        let json = arguments.has("json")
        var status = ExitStatus.success
        // Each worker reads its own message files: reading is part of the parallel work.
        let parallel = PipelinedBatches(ParallelBatch(jobs: try JobsOption.jobs(arguments, command: name)) {
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
                    streams.writeLine(jsonObject(results, at: message.location).serialized)
                } else if let authservID = arguments.value("authserv-id") {
                    streams.writeLine("\(message.location):")
                    streams.writeLine("Authentication-Results: "
                        + AuthenticationResults.fieldValue(authservID: authservID, results: results)
                            .replacingOccurrences(of: "\r\n", with: "\n"))
                } else {
                    streams.write(text(results, at: message.location))
                }
            }
        }
        for path in arguments.positionals {
            do {
                let source = try MessageSource.open(path, recursive: arguments.has("recursive"))
                try source.forEachReference(format: format, limits: limits.mailbox) { emit(parallel.append($0)) }
            } catch let error as MailboxError {
                emit(parallel.finish())   // everything read before the error is printed before it
                _ = CommandLineTool.report(error, streams: streams)
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
