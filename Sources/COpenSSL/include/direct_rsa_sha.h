#ifndef EVENTSUGGEST_DIRECT_RSA_SHA_H
#define EVENTSUGGEST_DIRECT_RSA_SHA_H
// DKIM verification without OpenSSL 3's provider machinery (direct_rsa_sha.c says why).
#include <stddef.h>
#include <stdint.h>

struct evp_pkey_st;

/// SHA-1 or SHA-256, streamed: OpenSSL's own block functions, no provider, no fetch.
typedef struct eventsuggest_sha_context eventsuggest_sha_context;

/// A new context for SHA-256 (`sha256` non-zero) or SHA-1; NULL only when out of memory.
eventsuggest_sha_context *eventsuggest_sha_new(int sha256);
void eventsuggest_sha_update(eventsuggest_sha_context *context, const void *bytes, size_t count);
/// Writes the digest (32 or 20 bytes) to `digest`, which has room for 32, and returns its length.
size_t eventsuggest_sha_final(eventsuggest_sha_context *context, uint8_t *digest);
void eventsuggest_sha_free(eventsuggest_sha_context *context);

/// 1 when `signature` is the RSA PKCS#1 v1.5 signature by `key` of the DigestInfo of
/// `digest` (SHA-256 when `sha256` is non-zero, else SHA-1); 0 otherwise, including when
/// `key` is not an RSA key. The error queue is left empty.
int eventsuggest_rsa_verify_digest(const struct evp_pkey_st *key, int sha256,
                                   const uint8_t *digest, size_t digest_length,
                                   const uint8_t *signature, size_t signature_length);
#endif
