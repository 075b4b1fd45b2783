import CommandLineOptions
import CryptoOpenSSL
import DKIM
import Mailbox
import MailMessage
import POSIXFiles

/// `eventsuggest sign`: adds a DKIM-Signature to a message.
struct SignCommand: ParsableCommand {
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
    static let key = OptionDeclaration.value("key", "PEM", "The private key file (RSA or Ed25519, PEM).")
    static let domain = OptionDeclaration.value("domain", "D", "The signing domain (d=).")
    static let selector = OptionDeclaration.value("selector", "S", "The selector (s=): the key is published at S._domainkey.D.")
    static let algorithm = OptionDeclaration.choice(
        "algorithm", ["rsa-sha256", "ed25519-sha256"], "rsa-sha256 or ed25519-sha256 (default: from the key).")
    static let canonicalizationOption = OptionDeclaration.value(
        "canonicalization", "H/B", "relaxed/relaxed (default), simple/simple, relaxed/simple, simple/relaxed.",
        completion: .suggestions(["relaxed/relaxed", "simple/simple", "relaxed/simple", "simple/relaxed"]))
    static let headers = OptionDeclaration.value(
        "headers", "NAMES", "Colon-separated fields to sign when present (default: From, Subject, Date, To, …).")
    static let identity = OptionDeclaration.value("identity", "I", "The i= tag (an address in D or a subdomain).")
    static let expire = OptionDeclaration.value("expire", "SECONDS", "Add x=: the signature expires this many seconds after signing.")
    static let bodyLength = OptionDeclaration.switch("body-length", "Add l= (not recommended: content appended later still verifies).")
    static let printRecord = OptionDeclaration.switch("print-record", "Print the key's DNS TXT record instead of signing.")
    static let command = CommandDescription(
        name: "sign", summary: summary, synopsis: synopsis, discussion: discussion,
        options: [key, domain, selector, algorithm, canonicalizationOption, headers, identity, expire, bodyLength, printRecord]
            + ClockOptions.options,
        operands: .paths("FILE"))

    var keyPath: String
    var domain: String
    var selector: String
    var algorithm: DKIMAlgorithm?
    var canonicalization: (header: Canonicalization, body: Canonicalization)
    var signedHeaderNames: [String]?
    var identity: String?
    var lifetime: Int64?
    var signsBodyLength: Bool
    var printsRecord: Bool
    var clock: ClockOptions
    var input: String

    init(parsing values: ParsedValues) throws(UsageError) {
        func required(_ option: OptionDeclaration) throws(UsageError) -> String {
            guard let value = values.string(option) else {
                throw UsageError(message: "sign needs --\(option.name) \(option.valueName ?? "")", command: "sign")
            }
            return value
        }
        keyPath = try required(Self.key)
        domain = try required(Self.domain)
        selector = try required(Self.selector)
        algorithm = try values.choice(Self.algorithm, as: DKIMAlgorithm.self)
        let canonicalizationText = values.string(Self.canonicalizationOption) ?? "relaxed/relaxed"
        guard let canonicalization = Self.canonicalization(canonicalizationText) else {
            throw values.invalid(Self.canonicalizationOption, canonicalizationText, wants: "header/body with simple or relaxed")
        }
        self.canonicalization = canonicalization
        signedHeaderNames = values.string(Self.headers).map {
            $0.split(separator: ":").map { $0.trimmingBlanks().lowercased() }
        }
        identity = values.string(Self.identity)
        if let text = values.string(Self.expire) {
            guard let seconds = Int64(text), seconds > 0 else { throw values.invalid(Self.expire, text, wants: "a positive number of seconds") }
            lifetime = seconds
        }
        signsBodyLength = values.isOn(Self.bodyLength)
        printsRecord = values.isOn(Self.printRecord)
        clock = try ClockOptions(parsing: values)
        guard values.operands.count <= 1 else {
            throw UsageError(message: "sign reads one message (a FILE or standard input)", command: "sign")
        }
        input = values.operands.first ?? "-"
    }

    func run(streams: StandardStreams) throws -> ExitStatus {
        let pem: [UInt8]
        do {
            pem = try FileSystem.wholeContents(of: keyPath)
        } catch {
            throw EnvironmentError("\(keyPath): cannot read the private key file: \(error.reason)")
        }
        let key: PrivateKey
        do {
            key = try PrivateKey(pem: Array(pem))
        } catch {
            throw EnvironmentError("\(keyPath): \(error)")
        }
        if printsRecord {
            let publicKey = try key.publicKeyForDNS()
            streams.writeLine("\(selector)._domainkey.\(domain)  v=DKIM1; k=\(key.kind.rawValue); p="
                + Base64Encoder.encode(publicKey))
            return .success
        }
        var signer = DKIMSigner(key: key, domain: domain, selector: selector, algorithm: algorithm,
                                headerCanonicalization: canonicalization.header,
                                bodyCanonicalization: canonicalization.body,
                                timestamp: clock.instant())
        if let signedHeaderNames { signer.signedHeaderNames = signedHeaderNames }
        signer.identity = identity
        signer.signsBodyLength = signsBodyLength
        if let lifetime { signer.lifetime = lifetime }
        let input = try MessageSource.readWhole(input)
        if let finding = input.findings.first { throw EnvironmentError("\(input.location): \(finding.message)") }
        do {
            streams.write(bytes: try signer.sign(MailMessage(bytes: input.bytes)))
        } catch {
            throw EnvironmentError("\(input.location): \(error)")
        }
        return .success
    }

    /// `relaxed/simple`, or `relaxed` alone (the body then simple, RFC 6376 §3.5 c=).
    static func canonicalization(_ text: String) -> (header: Canonicalization, body: Canonicalization)? {
        let pieces = text.lowercased().split(separator: "/").map(String.init)
        guard (1...2).contains(pieces.count), let header = Canonicalization(rawValue: pieces[0]),
              let body = Canonicalization(rawValue: pieces.count == 2 ? pieces[1] : "simple") else { return nil }
        return (header, body)
    }
}
