import CryptoOpenSSL
import DKIM
import Foundation
import Mailbox
import MailMessage

/// `eventsuggest sign`: adds a DKIM-Signature to a message.
enum SignCommand: Command {
    static let name = "sign"
    static let summary = "Add a DKIM signature to a message (for tests, samples and senders)."
    static let synopsis = "sign --key PEM --domain D --selector S [options] [FILE] < message > signed"
    static let discussion = """
        Reads one message (FILE, or standard input) and writes it to standard output with
        a DKIM-Signature field prepended; no other byte changes. relaxed/relaxed by
        default; From is oversigned so a second From cannot be added unnoticed.

        With --print-record, prints instead the DNS TXT record that publishes the key:
          S._domainkey.D  v=DKIM1; k=rsa; p=…
        (the keys-file format of --keys).

        The key is a PEM private key: RSA (2048 bits or more recommended) or Ed25519
        (openssl genpkey -algorithm ed25519).
        """
    static let options: [OptionSpec] = [
        .value("key", "PEM", "The private key file (RSA or Ed25519, PEM)."),
        .value("domain", "D", "The signing domain (d=)."),
        .value("selector", "S", "The selector (s=): the key is published at S._domainkey.D."),
        .value("algorithm", "ALG", "rsa-sha256 or ed25519-sha256 (default: from the key)."),
        .value("canonicalization", "H/B", "relaxed/relaxed (default), simple/simple, relaxed/simple, simple/relaxed."),
        .value("headers", "NAMES", "Colon-separated fields to sign when present (default: From, Subject, Date, To, …)."),
        .value("identity", "I", "The i= tag (an address in D or a subdomain)."),
        .value("expire", "SECONDS", "Add x=: the signature expires this many seconds after signing."),
        .flag("body-length", "Add l= (not recommended: content appended later still verifies)."),
        .flag("print-record", "Print the key's DNS TXT record instead of signing."),
    ] + CommonOptions.clock

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws -> ExitStatus {
        for required in ["key", "domain", "selector"] where arguments.value(required) == nil {
            throw UsageError(message: "sign needs --\(required)", command: name)
        }
        let keyPath = arguments.value("key")!
        guard let pem = FileManager.default.contents(atPath: keyPath) else {
            throw EnvironmentError("\(keyPath): cannot read the private key file")
        }
        let key: PrivateKey
        do {
            key = try PrivateKey(pem: Array(pem))
        } catch {
            throw EnvironmentError("\(keyPath): \(error)")
        }
        let domain = arguments.value("domain")!
        let selector = arguments.value("selector")!
        if arguments.has("print-record") {
            let publicKey = try key.publicKeyForDNS()
            streams.writeLine("\(selector)._domainkey.\(domain)  v=DKIM1; k=\(key.kind.rawValue); p="
                + Data(publicKey).base64EncodedString())
            return .success
        }

        var algorithm: DKIMAlgorithm?
        if let text = arguments.value("algorithm") {
            guard let parsed = DKIMAlgorithm(rawValue: text), parsed != .rsaSHA1 else {
                throw UsageError(message: "--algorithm must be rsa-sha256 or ed25519-sha256, not '\(text)'", command: name)
            }
            algorithm = parsed
        }
        let canonicalization = try Self.canonicalization(arguments.value("canonicalization") ?? "relaxed/relaxed")
        var signer = DKIMSigner(key: key, domain: domain, selector: selector, algorithm: algorithm,
                                headerCanonicalization: canonicalization.header,
                                bodyCanonicalization: canonicalization.body,
                                timestamp: try CommonOptions.now(arguments, command: name))
        if let headers = arguments.value("headers") {
            signer.signedHeaderNames = headers.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        }
        signer.identity = arguments.value("identity")
        signer.signsBodyLength = arguments.has("body-length")
        if let text = arguments.value("expire") {
            guard let seconds = Int64(text), seconds > 0 else {
                throw UsageError(message: "--expire wants a positive number of seconds, not '\(text)'", command: name)
            }
            signer.lifetime = seconds
        }
        guard arguments.positionals.count <= 1 else {
            throw UsageError(message: "sign reads one message (a FILE or standard input)", command: name)
        }
        let input = try MessageSource.readWhole(arguments.positionals.first ?? "-")
        if let finding = input.findings.first { throw EnvironmentError("\(input.location): \(finding.message)") }
        do {
            streams.write(bytes: try signer.sign(MailMessage(bytes: input.bytes)))
        } catch {
            throw EnvironmentError("\(input.location): \(error)")
        }
        return .success
    }

    static func canonicalization(_ text: String) throws(UsageError) -> (header: Canonicalization, body: Canonicalization) {
        let pieces = text.lowercased().split(separator: "/").map(String.init)
        guard (1...2).contains(pieces.count), let header = Canonicalization(rawValue: pieces[0]),
              let body = Canonicalization(rawValue: pieces.count == 2 ? pieces[1] : "simple") else {
            throw UsageError(message: "--canonicalization wants header/body with simple or relaxed, not '\(text)'", command: name)
        }
        return (header, body)
    }
}

/// A failure of the environment (a file that cannot be read, a key that does not load):
/// exit status 1, with a message that names the file.
struct EnvironmentError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
