// swift-tools-version:6.0
// The parts and their one direction of arrows are described in docs/ARCHITECTURE.md.
import PackageDescription

let package = Package(
    name: "eventsuggest",
    products: [
        .executable(name: "eventsuggest", targets: ["EventSuggestCLI"]),
    ],
    targets: [
        // C libraries, each imported by exactly one Swift target.
        .systemLibrary(
            name: "COpenSSL", path: "Sources/COpenSSL", pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CResolv", path: "Sources/CResolv"),
        .systemLibrary(
            name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),

        // The leaf every part may use: findings with stable codes.
        .target(name: "Findings"),
        // The one POSIX I/O layer (open, read, write, list, stat; one EINTR loop; errors that
        // name the path and errno): Mailbox, ICalendar and the CLI read and write files through it.
        .target(name: "POSIXFiles"),
        .target(name: "CryptoOpenSSL", dependencies: ["COpenSSL"]),
        .target(name: "DNS", dependencies: ["CResolv"]),
        .target(name: "MailMessage", dependencies: ["Findings"]),
        .target(name: "DKIM", dependencies: ["MailMessage", "CryptoOpenSSL", "DNS", "Findings"]),
        .target(name: "SenderPolicy", dependencies: ["DKIM", "MailMessage", "Findings"]),
        .target(name: "HTMLDocument", dependencies: ["CLibXML2"]),
        // JSON values, a lenient reader with positions, and compact output: markup and the CLI share it.
        .target(name: "JSON"),
        .target(name: "SchemaMarkup", dependencies: ["HTMLDocument", "JSON", "Findings"]),
        .target(name: "ICalendar", dependencies: ["SchemaMarkup", "CryptoOpenSSL", "POSIXFiles"]),
        .target(name: "Mailbox", dependencies: ["MailMessage", "Findings", "POSIXFiles"]),
        .target(
            name: "EventSuggest",
            dependencies: ["MailMessage", "CryptoOpenSSL", "DKIM", "SenderPolicy", "SchemaMarkup", "ICalendar", "Findings"]),
        // Our own command-line parser in the shape of swift-argument-parser: declarations,
        // command line and configuration file into typed values; help, man page, completions.
        .target(name: "CommandLineOptions"),
        // The commands as structs of typed option groups, and everything they print.
        .target(
            name: "EventSuggestCommands",
            dependencies: ["CommandLineOptions", "EventSuggest", "Mailbox", "DKIM", "DNS", "SenderPolicy", "SchemaMarkup",
                           "ICalendar", "JSON", "Findings", "POSIXFiles", "MailMessage", "CryptoOpenSSL"]),
        // The executable: main and the exit-status mapping.
        .executableTarget(name: "EventSuggestCLI", dependencies: ["EventSuggestCommands", "CommandLineOptions"]),

        .testTarget(name: "FindingsTests", dependencies: ["Findings"]),
        .testTarget(name: "POSIXFilesTests", dependencies: ["POSIXFiles", "TestSupport"]),
        .testTarget(name: "CryptoOpenSSLTests", dependencies: ["CryptoOpenSSL"]),
        .testTarget(name: "DNSTests", dependencies: ["DNS", "TestSupport"]),
        // Test fixtures several test targets share (a dnsmasq on loopback).
        .target(name: "TestSupport", dependencies: ["DNS"], path: "Tests/TestSupport"),
        .testTarget(name: "DKIMTests", dependencies: ["DKIM", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "HTMLDocumentTests", dependencies: ["HTMLDocument", "TestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
        .testTarget(name: "SenderPolicyTests", dependencies: ["SenderPolicy", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "ICalendarTests", dependencies: ["ICalendar", "TestSupport"], exclude: ["Readers"], resources: [.copy("Golden")]),
        .testTarget(name: "SchemaMarkupTests", dependencies: ["SchemaMarkup", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "MailMessageTests", dependencies: ["MailMessage"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "MailboxTests", dependencies: ["Mailbox", "POSIXFiles", "TestSupport"]),
        .testTarget(name: "EventSuggestTests", dependencies: ["EventSuggest"]),
        .testTarget(name: "EventSuggestCommandsTests", dependencies: ["EventSuggestCommands", "CommandLineOptions"]),
        // Runs the built binary the way users do; fixtures and scripts are found via #filePath.
        .testTarget(
            name: "EndToEndTests", dependencies: ["EventSuggestCLI", "TestSupport"],
            exclude: ["CrossCheck", "DKIMCrossCheck", "ExtructCrossCheck"]),
    ],
    swiftLanguageModes: [.v6]
)
