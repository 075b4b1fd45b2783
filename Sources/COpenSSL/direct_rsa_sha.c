// DKIM's digests and RSA verification through OpenSSL's RSA and SHA functions, which OpenSSL
// 3.0 marks deprecated but keeps (through 3.x), instead of EVP. The EVP route makes the first
// digest or key operation of a process activate the default provider and build its table of
// every algorithm name, and set up a key context per key (together about 5 million instructions
// of a 23-million `filter` process that verifies one signature: ossl_namemap_stored alone 3 M,
// measured with callgrind). These functions run the same code underneath:
// the provider's RSA signature verification is ossl_rsa_verify, which RSA_verify calls, and
// its SHA digests are SHA1_Update/SHA256_Update. Signing and Ed25519 stay on EVP.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/rsa.h>
#include <openssl/sha.h>

#include "direct_rsa_sha.h"

struct eventsuggest_sha_context {
    int sha256;
    union {
        SHA_CTX sha1;
        SHA256_CTX sha256;
    } state;
};

eventsuggest_sha_context *eventsuggest_sha_new(int sha256) {
    eventsuggest_sha_context *context = OPENSSL_malloc(sizeof *context);
    if (context == NULL) return NULL;
    context->sha256 = sha256 != 0;
    if (context->sha256) SHA256_Init(&context->state.sha256);
    else SHA1_Init(&context->state.sha1);
    return context;
}

void eventsuggest_sha_update(eventsuggest_sha_context *context, const void *bytes, size_t count) {
    if (count == 0) return;
    if (context->sha256) SHA256_Update(&context->state.sha256, bytes, count);
    else SHA1_Update(&context->state.sha1, bytes, count);
}

size_t eventsuggest_sha_final(eventsuggest_sha_context *context, uint8_t *digest) {
    if (context->sha256) {
        SHA256_Final(digest, &context->state.sha256);
        return SHA256_DIGEST_LENGTH;
    }
    SHA1_Final(digest, &context->state.sha1);
    return SHA_DIGEST_LENGTH;
}

void eventsuggest_sha_free(eventsuggest_sha_context *context) {
    OPENSSL_clear_free(context, sizeof *context);
}

int eventsuggest_rsa_verify_digest(const struct evp_pkey_st *key, int sha256,
                                   const uint8_t *digest, size_t digest_length,
                                   const uint8_t *signature, size_t signature_length) {
    size_t expected = sha256 ? SHA256_DIGEST_LENGTH : SHA_DIGEST_LENGTH;
    if (key == NULL || digest_length != expected || signature_length > UINT32_MAX) return 0;
    // A key parsed by d2i_PublicKey (the SPKI shortcut, nearly every DKIM key) is a legacy key:
    // this takes a reference, nothing is converted. A key from OpenSSL's decoders is exported to
    // a legacy RSA once, under the key's lock, and cached in it.
    RSA *rsa = EVP_PKEY_get1_RSA((EVP_PKEY *)key);
    if (rsa == NULL) {
        ERR_clear_error();
        return 0;
    }
    int verified = RSA_verify(sha256 ? NID_sha256 : NID_sha1, digest, (unsigned int)digest_length,
                              signature, (unsigned int)signature_length, rsa);
    RSA_free(rsa);
    if (verified != 1) ERR_clear_error();
    return verified == 1;
}
