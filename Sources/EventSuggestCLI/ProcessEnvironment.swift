#if canImport(Glibc)
import Glibc
#endif

/// The process's environment from `environ`: each entry split at its first "=", a later
/// entry of a name winning over an earlier one, as Foundation's `ProcessInfo.environment` did.
enum ProcessEnvironment {
    static func current() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }
}
