#if canImport(Glibc)
import Glibc
#endif

/// A shared library opened at run time and the functions found in it: the one home of
/// `dlopen`/`dlsym`, for the C libraries eventsuggest maps only when it uses them (libcurl for
/// CalDAV, libxml2 for markup). Their wrappers turn the addresses into typed function pointers.
public enum DynamicLibrary {
    /// Why a library could not be had, in dlerror's words (which name the library and the
    /// reason), or the function that is missing from it.
    public struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// Opens `library` (a soname such as `libcurl.so.4`, or a path) and finds every function in
    /// `names`, in that order. `RTLD_NOW`: a library that cannot resolve its own symbols fails
    /// here, not halfway through a parse. The handle is never closed, so the addresses stay
    /// valid for the life of the process.
    public static func symbols(_ names: [String], in library: String) throws(LoadError) -> [UnsafeMutableRawPointer] {
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else {
            throw LoadError(reason: lastError() ?? "\(library): cannot be opened")
        }
        var found: [UnsafeMutableRawPointer] = []
        found.reserveCapacity(names.count)
        for name in names {
            _ = dlerror()
            // A symbol whose value is NULL is as useless to us as a missing one.
            guard let address = dlsym(handle, name) else {
                throw LoadError(reason: lastError() ?? "\(library): \(name) is missing")
            }
            found.append(address)
        }
        return found
    }

    private static func lastError() -> String? {
        guard let text = dlerror() else { return nil }
        return String(cString: text)
    }
}
