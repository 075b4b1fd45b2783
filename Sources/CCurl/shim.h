#ifndef EVENTSUGGEST_CCURL_SHIM_H
#define EVENTSUGGEST_CCURL_SHIM_H

#include <curl/curl.h>

/* curl_easy_setopt is variadic, which Swift cannot call: one typed wrapper per kind of value. */

static inline CURLcode eventsuggest_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode eventsuggest_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode eventsuggest_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode eventsuggest_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode eventsuggest_curl_set_size(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

typedef size_t (*eventsuggest_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode eventsuggest_curl_set_callback(CURL *handle, CURLoption option, eventsuggest_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode eventsuggest_curl_response_code(CURL *handle, long *code) {
    return curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, code);
}

/* CURL_GLOBAL_DEFAULT is a macro expression Swift does not import. */
static inline CURLcode eventsuggest_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

#endif
