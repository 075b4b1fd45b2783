#ifndef EVENTSUGGEST_COPENSSL_SHIM_H
#define EVENTSUGGEST_COPENSSL_SHIM_H
// Keep every caller on the EVP API of OpenSSL 3.
#define OPENSSL_API_COMPAT 30000
#define OPENSSL_NO_DEPRECATED 1
#include <openssl/evp.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#endif
