internal import COpenSSL

/// OpenSSL set up once per process, the lean way, before the first call that would set it
/// up on its own: without reading the system's openssl.cnf (nothing in it concerns DKIM's
/// digests and keys; the DKIM target decides which algorithms it accepts) and without the
/// atexit cleanup that frees every table at exit (the process ends anyway). Together about a
/// millisecond of every `filter` process.
enum OpenSSLLibrary {
    private static let initialized: Bool =
        OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_LOAD_CONFIG) | UInt64(OPENSSL_INIT_NO_ATEXIT), nil) == 1

    /// Call first in every entry point that reaches OpenSSL.
    static func ensureInitialized() { _ = initialized }
}
