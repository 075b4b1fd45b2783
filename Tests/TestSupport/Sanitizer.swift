#if canImport(Glibc)
import Glibc
#endif

/// The sanitizer this test build, and so the `eventsuggest` beside it, was built with
/// (`swift build --sanitize=…` links its runtime into the test executable).
public enum Sanitizer {
    public static let address = dlsym(nil, "__asan_init") != nil
    public static let thread = dlsym(nil, "__tsan_init") != nil
    public static var active: Bool { address || thread }
    /// Instrumented code runs several times slower: time bounds are multiplied by this.
    public static var slowdown: Double { active ? 5 : 1 }
}
